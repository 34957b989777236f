/**
 * A sliding-window counter per key: at most `limit` events per `windowMs`. A request passes only when every one
 * of its keys (IP, visitor id) is under the limit, and then counts for all of them.
 */
export class SlidingWindowLimiter {
  private readonly events = new Map<string, number[]>();
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** @returns true when the request may go ahead (and records it) */
  take(keys: readonly string[], now: number): boolean {
    const since = now - this.windowMs;
    const recent = keys.map((key) => {
      const kept = (this.events.get(key) ?? []).filter((at) => at > since);
      this.events.set(key, kept);
      return kept;
    });
    if (recent.some((times) => times.length >= this.limit)) return false;
    for (const times of recent) times.push(now);
    this.prune(since);
    return true;
  }

  /** Forgets idle keys now and then, so the map cannot grow without bound. */
  private prune(since: number): void {
    if (this.events.size < 10_000) return;
    for (const [key, times] of this.events) if (!times.some((at) => at > since)) this.events.delete(key);
  }
}
