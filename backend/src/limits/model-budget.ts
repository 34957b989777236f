import { sharedCounters } from './counter-store';
import { dailyBucket } from './daily-quota';
import type { LimitsConfig } from './limits-config';
import { type LimitedBucket, takeWithin } from './take-all';

/** Who a model answer is counted against. */
export type ModelSpender = { kind: 'account'; userId: number } | { kind: 'visitor'; ip: string; visitorId: string };

/** @returns what a refused student or visitor reads */
export const modelBudgetMessage = (spender: ModelSpender, limit: number): string =>
  spender.kind === 'account'
    ? `You have used today's ${limit} answers written by the AI model. The math, physics and chemistry engines ` +
      'still answer; the AI model is back tomorrow.'
    : `The free try box has used today's ${limit} answers written by the AI model. Sign up for free to ask more.`;

/**
 * Counts one answer of the AI model against the day's budget: per account for signed-in students (their chat,
 * retries included), per visitor id *and* per address for the public try box (a visitor can send any id; the
 * address bounds them). Every model answer costs money, so every one counts, the ones that fail later included,
 * and none is given back (issue #11: ~43,000 public model answers a day per address, and unbounded retries).
 *
 * @param spender - the account or the visitor
 * @param limits - the configured budgets (0: no limit)
 * @param now - the clock
 * @returns null when the answer may be written, else what the student reads (the budget of the day is used up):
 *   the contract of the tutor stream's `reserveModelAnswer`
 */
export const spendModelAnswer = async (
  spender: ModelSpender,
  limits: LimitsConfig,
  now = new Date(),
): Promise<string | null> => {
  const buckets: (LimitedBucket & { windowMs: number })[] = [];
  const add = (name: string, limit: number): void => {
    if (limit > 0) buckets.push({ ...dailyBucket(name, now), limit });
  };
  if (spender.kind === 'account') {
    add(`model:user:${spender.userId}`, limits.modelDailyAnswers);
  } else {
    if (spender.visitorId !== '') add(`model:visitor:${spender.visitorId}`, limits.publicModelDailyAnswers);
    add(`model:ip:${spender.ip}`, limits.publicModelDailyAnswersPerAddress);
  }
  if (buckets.length === 0) return null;
  // Every bucket of one spender ends at the same midnight.
  if (await takeWithin(sharedCounters(), buckets, buckets[0]?.windowMs ?? 1)) return null;
  const refused =
    spender.kind === 'account'
      ? limits.modelDailyAnswers
      : limits.publicModelDailyAnswers || limits.publicModelDailyAnswersPerAddress;
  return modelBudgetMessage(spender, refused);
};
