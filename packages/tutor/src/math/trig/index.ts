/**
 * Common trigonometric identities: "prove/verify/show that LHS = RHS" (answer `true` or `false`) and "simplify" of
 * trig expressions. The rewrite chain (quotient, reciprocal, double-angle, angle-sum and Pythagorean identities) is
 * done on an exact ring: every trig call becomes a polynomial in sin(u) and cos(u) of a base angle u, and
 * sin²u + cos²u = 1 decides equality. The verdict is never taken from that chain alone: it comes from an
 * independent numeric evaluation of both sides at random points (poles avoided), which can fail and then gives a
 * counterexample.
 *
 * One file per part: angles.ts (trig calls and their angles), ring.ts (the exact sin/cos ring), display.ts (ring
 * elements back into trees), rewrite.ts (the rewrite stages shown as steps), numeric.ts (the numeric check),
 * phrasing.ts (how the questions are worded, verdicts, practice), prove.ts and simplify.ts; this file routes.
 */
import { type Node, Unsupported, size } from '../ast';
import type { Outcome } from '../common';
import { solveCalculus } from '../calculus';
import { parse } from '../parse';
import { trimTrailing } from '../../trim-trailing';
import { hasTrig } from './angles';
import { IDENTITY_SUFFIX, PROVE } from './phrasing';
import { proveIdentity } from './prove';
import { simplifyTrig } from './simplify';
import { type TrigInterval, solveTrigEquation } from './equation';
import { intervalOf, withoutListingWords } from './interval';
import { prepare } from '../prepare';

export { type TrigInterval, solveTrigEquation };

/**
 * A trig equation asked with an interval ("solve 2cos x − 1 = 0 for 0 ≤ x < 2π"): the interval is read here until
 * the phrasing layer passes its own reading.
 * @returns null when the question names no interval or is not a trig equation
 */
const trigEquationInInterval = (question: string): { outcome: Outcome; node: Node } | null => {
  const found = intervalOf(question);
  if (!found) return null;
  const prepared = prepare(withoutListingWords(found.rest));
  if (prepared.intent !== 'auto') return null;
  let node: Node;
  try {
    node = parse(prepared.body);
  } catch {
    return null;
  }
  if (node.k !== 'rel' || node.op !== '=' || !hasTrig(node)) return null;
  const variable = prepared.variable ?? found.interval.variable;
  const interval = { ...found.interval, variable };
  const outcome = solveTrigEquation(node, variable, interval);
  return { outcome: { ...outcome, reading: { body: prepared.body, intent: 'auto', variable, interval } }, node };
};

/**
 * Handles "prove/verify/show that … = …" with trig functions, and "simplify" of trig expressions.
 * @returns null when the question is not for this module (or, for simplify, when the table finds nothing simpler)
 */
export const solveTrig = (
  question: string,
  simplifyBody?: string,
  variable?: string,
): { outcome: Outcome; node: Node } | null => {
  if (simplifyBody !== undefined) {
    let node: Node;
    try {
      node = parse(simplifyBody);
    } catch {
      return null;
    }
    if (node.k === 'rel' || !hasTrig(node) || size(node).count > 200) return null;
    const outcome = simplifyTrig(question, node);
    if (outcome) return { outcome, node };
    // Beyond the table: the general simplifier (nerdamer), accepted only if its numeric check passed.
    const general = solveCalculus('simplify', node, { variable: variable });
    if (!general.checks.every((c) => c.passed))
      throw new Unsupported('no simpler form could be found and checked for this trig expression');
    return { outcome: general, node };
  }
  const trimmed = trimTrailing(question.trim(), /[?.!]/).trim();
  const m = PROVE.exec(trimmed);
  if (!m || m[0].length === 0) return trigEquationInInterval(trimmed);
  const rest = trimmed.slice(m[0].length);
  const suffix = IDENTITY_SUFFIX.exec(rest);
  const body = (suffix ? rest.slice(0, suffix.index + 1) : rest).trim();
  if (!body.includes('=')) return null;
  let node: Node;
  try {
    node = parse(body);
  } catch {
    return null;
  }
  if (node.k !== 'rel' || node.op !== '=' || !hasTrig(node)) return null;
  if (size(node).count > 200) throw new Unsupported('the identity is too large to handle reliably');
  return { outcome: { ...proveIdentity(question, node), reading: { body, intent: 'identity' } }, node };
};
