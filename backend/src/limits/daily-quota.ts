/**
 * A daily counter: one bucket per UTC day, ending at the next midnight (UTC), when the count starts again.
 *
 * @param name - what is counted, e.g. `quota:12` (a student's questions) or `model:ip:1.2.3.4`
 * @param now - the moment of the hit
 * @returns the bucket and the time left in its day
 */
export const dailyBucket = (name: string, now: Date): { bucket: string; windowMs: number } => {
  const nextMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return { bucket: `${name}:${now.toISOString().slice(0, 10)}`, windowMs: nextMidnight - now.getTime() };
};

/** The daily question counter of a student. */
export const dailyQuestionBucket = (owner: number, now: Date): { bucket: string; windowMs: number } =>
  dailyBucket(`quota:${owner}`, now);
