import { Stores } from 'koa2-ratelimit';
import { rateLimitCounters } from './counter-store';

/** What koa2-ratelimit passes a store: its options, `interval` already in milliseconds. */
interface LimitOptions {
  interval: number;
}

/**
 * A koa2-ratelimit store (the library users-permissions throttles its auth routes with) on the shared counters:
 * its default store counts in process memory, so two instances would each allow the limit. users-permissions
 * passes its `ratelimit` settings through to the library, `store` included (config/plugins.ts).
 */
export class SharedRateLimitStore extends Stores.Store {
  async incr(key: string, options: LimitOptions, weight: number): Promise<{ counter: number; dateEnd: number }> {
    const { count, expiresAt } = await rateLimitCounters().hit(`auth:${key}`, options.interval, weight);
    return { counter: count, dateEnd: expiresAt };
  }

  /** The library takes a hit back when it is told to skip failed or successful requests (not set here). */
  async decrement(key: string, _options: LimitOptions, weight: number): Promise<void> {
    await rateLimitCounters().undo(`auth:${key}`, weight);
  }

  /** The library reports abuse here; Strapi's own error handler logs the 429 already. */
  async saveAbuse(): Promise<void> {}
}
