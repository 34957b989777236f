import type { CounterStore } from './counter-store';

/**
 * Counts one request against several buckets (an IP and a visitor id, say) in fixed windows: it goes ahead only
 * when every bucket is within `limit`, and a refused request is taken back from all of them, so that a visitor
 * who keeps retrying while refused does not push the window's count ever higher.
 *
 * @param store - the shared counters
 * @param buckets - what the request counts against
 * @param limit - requests allowed per bucket and window
 * @param windowMs - the window's length
 * @returns true when the request may go ahead
 */
export const takeAll = async (
  store: CounterStore,
  buckets: readonly string[],
  limit: number,
  windowMs: number,
): Promise<boolean> => {
  const hits = await Promise.all(buckets.map((bucket) => store.hit(bucket, windowMs)));
  if (hits.every((hit) => hit.count <= limit)) return true;
  await Promise.all(buckets.map((bucket) => store.undo(bucket)));
  return false;
};
