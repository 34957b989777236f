/**
 * What an answer's badge may claim, derived from the fields every answer has: one rule for the backend, the site
 * and the tests. Plain code with no schema library, so the answer view (the try box's chunk too) imports it without
 * shipping zod (`@studyease/contract/check-level`).
 */

/** A check as these rules read it (the contract's Check). */
interface CheckLike {
  kind: string;
  passed: boolean;
}

/**
 * The kind of a check that recomputes the arithmetic a model showed in its working ("3 × 4 = 12"): it can find a
 * wrong step, but a right working does not make the answer right, so alone it never makes an answer `verified`.
 */
export const ARITHMETIC_CHECK_KIND = 'arithmetic';

/** The levels, from the strongest claim to none. */
export const CHECK_LEVELS = ['checked', 'arithmetic', 'none'] as const;
export type CheckLevel = (typeof CHECK_LEVELS)[number];

/** @returns whether the checks back the answer: at least one check of the answer itself, and none failed */
export function isVerified(checks: readonly CheckLike[]): boolean {
  return checks.some((check) => check.kind !== ARITHMETIC_CHECK_KIND) && checks.every((check) => check.passed);
}

/**
 * What an answer's badge may say.
 * @param answer the answer's `verified` and `checks`
 * @returns `checked` (an independent check of the answer passed: `verified`), `arithmetic` (only recomputed
 *   arithmetic, all of it right: the answer itself was not checked), or `none`
 */
export function checkLevelOf(answer: { verified: boolean; checks: readonly CheckLike[] }): CheckLevel {
  if (answer.verified) return 'checked';
  const { checks } = answer;
  const arithmeticOnly = checks.length > 0 && checks.every((check) => check.kind === ARITHMETIC_CHECK_KIND);
  return arithmeticOnly && checks.every((check) => check.passed) ? 'arithmetic' : 'none';
}
