/**
 * The daily question counter of a student: one bucket per UTC day, ending at the next midnight (UTC), when the
 * free questions start again.
 */
export const dailyQuestionBucket = (owner: number, now: Date): { bucket: string; windowMs: number } => {
  const nextMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return { bucket: `quota:${owner}:${now.toISOString().slice(0, 10)}`, windowMs: nextMidnight - now.getTime() };
};
