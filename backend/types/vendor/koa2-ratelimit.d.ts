// The part of koa2-ratelimit (users-permissions' rate limiter, no types of its own) that src/limits uses.
declare module 'koa2-ratelimit' {
  /** Base class a store must extend: the library checks `instanceof` and that the three methods exist. */
  abstract class Store {
    abstract incr(key: string, options: unknown, weight: number): Promise<{ counter: number; dateEnd: number }>;
    abstract decrement(key: string, options: unknown, weight: number): Promise<void> | void;
    abstract saveAbuse(options: unknown): Promise<void> | void;
  }
  export const Stores: { Store: typeof Store };
}
