import type { CounterStore } from './counter-store';

/** A bucket and how many hits it allows per window. */
export interface LimitedBucket {
  bucket: string;
  limit: number;
}

/**
 * Counts one request against several buckets, each with its own limit, in fixed windows: it goes ahead only when
 * every bucket is within its limit, and a refused request is taken back from all of them, so that a visitor who
 * keeps retrying while refused does not push the window's count ever higher.
 *
 * @param store - the shared counters
 * @param buckets - what the request counts against
 * @param windowMs - the window's length (for a bucket this hit starts)
 * @returns true when the request may go ahead
 */
export const takeWithin = async (
  store: CounterStore,
  buckets: readonly LimitedBucket[],
  windowMs: number,
): Promise<boolean> => {
  const hits = await Promise.all(buckets.map(({ bucket }) => store.hit(bucket, windowMs)));
  if (hits.every((hit, index) => hit.count <= (buckets[index]?.limit ?? 0))) return true;
  await Promise.all(buckets.map(({ bucket }) => store.undo(bucket)));
  return false;
};

/**
 * takeWithin with one limit for every bucket (an IP and a visitor id, say).
 *
 * @param store - the shared counters
 * @param buckets - what the request counts against
 * @param limit - requests allowed per bucket and window
 * @param windowMs - the window's length
 * @returns true when the request may go ahead
 */
export const takeAll = (
  store: CounterStore,
  buckets: readonly string[],
  limit: number,
  windowMs: number,
): Promise<boolean> =>
  takeWithin(
    store,
    buckets.map((bucket) => ({ bucket, limit })),
    windowMs,
  );
