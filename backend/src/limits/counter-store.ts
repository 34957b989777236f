import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { databaseUnavailableCode } from '../utils/database-errors';

/**
 * Counters every backend instance shares, kept in the application's own database. Rate limits, the free daily
 * quota and single-use tokens count here rather than in process memory, so that two or more Strapi instances
 * behind a load balancer enforce one limit between them (issue #7) — with no other service to run: PostgreSQL
 * (or SQLite for a single machine) is already shared by all of them, and an upsert is one atomic statement.
 */
export const COUNTERS_TABLE = 'studyease_counters';

/** One bucket's state after a hit. */
export interface CounterHit {
  /** Hits in the bucket's current window, this one included. */
  count: number;
  /** When the window ends (ms since the epoch); the next hit after it starts a new window. */
  expiresAt: number;
}

export interface CounterStore {
  /**
   * Adds `weight` to `bucket`'s count, in one statement every instance sees at once.
   * @param bucket - what is counted, e.g. `tutor:ip:1.2.3.4`
   * @param windowMs - the window's length, when this hit starts a new one
   * @param weight - how much this hit counts (default 1)
   * @returns the count in the current window and when it ends
   */
  hit(bucket: string, windowMs: number, weight?: number): Promise<CounterHit>;
  /** Takes a hit back (a request refused after it had been counted). */
  undo(bucket: string, weight?: number): Promise<void>;
}

/** Longest bucket name kept as it is; longer ones (an email in a key, say) are hashed to fit the column. */
const MAX_BUCKET_LENGTH = 200;
/** Expired buckets are deleted about once per this many hits of a process, so the table stays small. */
const PRUNE_EVERY = 500;

const bucketKey = (bucket: string): string =>
  bucket.length <= MAX_BUCKET_LENGTH ? bucket : `sha256:${createHash('sha256').update(bucket).digest('hex')}`;

/**
 * Creates the counters table when it is missing. Strapi's schema sync leaves tables it did not make alone.
 * @param knex - the application's connection
 */
export const ensureCountersTable = async (knex: Knex): Promise<void> => {
  if (await knex.schema.hasTable(COUNTERS_TABLE)) return;
  try {
    await knex.schema.createTable(COUNTERS_TABLE, (table) => {
      table.string('bucket', 255).primary();
      table.integer('hits').notNullable();
      table.bigInteger('expires_at').notNullable().index();
    });
  } catch (error) {
    // Another instance starting at the same moment made it first.
    if (!(await knex.schema.hasTable(COUNTERS_TABLE))) throw error;
  }
};

/** Rows from `knex.raw`: PostgreSQL answers `{ rows }`, SQLite (better-sqlite3) the rows themselves. */
const rowsOf = (result: unknown): unknown[] => {
  if (Array.isArray(result)) return result;
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows;
  }
  return [];
};

/**
 * @param connection - the application's knex connection, looked up at each call (Strapi makes it after config)
 * @param now - the clock, for tests
 * @returns a store on the database's COUNTERS_TABLE (made on first use when the bootstrap has not made it)
 */
export const createCounterStore = (connection: () => Knex, now: () => number = Date.now): CounterStore => {
  // Per connection: a test process restarts Strapi on another database, and each needs its table.
  const ready = new WeakMap<Knex, Promise<void>>();
  let hitsSincePrune = 0;
  const ensure = (knex: Knex): Promise<void> => {
    let made = ready.get(knex);
    if (made === undefined) {
      made = ensureCountersTable(knex).catch((error: unknown) => {
        ready.delete(knex);
        throw error;
      });
      ready.set(knex, made);
    }
    return made;
  };

  return {
    async hit(bucket, windowMs, weight = 1) {
      const knex = connection();
      await ensure(knex);
      const time = now();
      // Both CASEs read the row as it was (SQL evaluates every SET expression on the old row): an ended window
      // restarts with this hit, a running one adds it.
      const result: unknown = await knex.raw(
        `INSERT INTO ${COUNTERS_TABLE} (bucket, hits, expires_at) VALUES (?, ?, ?)
         ON CONFLICT (bucket) DO UPDATE SET
           hits = CASE WHEN ${COUNTERS_TABLE}.expires_at <= ? THEN excluded.hits
                       ELSE ${COUNTERS_TABLE}.hits + excluded.hits END,
           expires_at = CASE WHEN ${COUNTERS_TABLE}.expires_at <= ? THEN excluded.expires_at
                             ELSE ${COUNTERS_TABLE}.expires_at END
         RETURNING hits, expires_at`,
        [bucketKey(bucket), weight, time + windowMs, time, time],
      );
      const row = rowsOf(result)[0] as { hits: number | string; expires_at: number | string } | undefined;
      if (row === undefined) throw new Error(`The counter ${bucket} was not returned by the database`);

      hitsSincePrune += 1;
      if (hitsSincePrune >= PRUNE_EVERY) {
        hitsSincePrune = 0;
        // Not awaited: a slow delete must not hold up the request that happened to trigger it.
        void knex(COUNTERS_TABLE)
          .where('expires_at', '<', time)
          .delete()
          .catch(() => undefined);
      }
      return { count: Number(row.hits), expiresAt: Number(row.expires_at) };
    },

    async undo(bucket, weight = 1) {
      const knex = connection();
      await ensure(knex);
      await knex(COUNTERS_TABLE).where('bucket', bucketKey(bucket)).decrement('hits', weight);
    },
  };
};

/** The store on the running application's database (`global.strapi`), made on first use. */
let shared: CounterStore | undefined;
export const sharedCounters = (): CounterStore => {
  shared ??= createCounterStore(() => strapi.db.connection);
  return shared;
};

/**
 * For rate limits only: when the database cannot take the write (a read-only file, a full disk), the request is
 * let through uncounted rather than refused, so that reading — signing in, the public tutor — keeps working while
 * the storage is fixed (issue #7's faults). A limit that fails open for that time is the lesser harm; the daily
 * quota does not use this (a question could not be saved then anyway). Other errors are thrown as they are.
 *
 * @param store - the counters
 * @param warn - told once per failure streak, so the log says the limits are off
 * @returns a store with the same counts that never fails for unavailable storage
 */
export const failOpen = (store: CounterStore, warn: (message: string) => void): CounterStore => {
  let failing = false;
  const uncounted = (error: unknown): void => {
    const code = databaseUnavailableCode(error);
    if (code === undefined) throw error;
    if (!failing) warn(`[limits] the database cannot be written (${code}): rate limits are not counted until it can`);
    failing = true;
  };
  return {
    async hit(bucket, windowMs, weight) {
      try {
        const hit = await store.hit(bucket, windowMs, weight);
        failing = false;
        return hit;
      } catch (error) {
        uncounted(error);
        return { count: 0, expiresAt: Date.now() + windowMs };
      }
    },
    async undo(bucket, weight) {
      await store.undo(bucket, weight).catch(uncounted);
    },
  };
};

/** sharedCounters() for rate limits: fails open when the database cannot be written (see failOpen). */
let limits: CounterStore | undefined;
export const rateLimitCounters = (): CounterStore => {
  limits ??= failOpen(sharedCounters(), (message) => strapi.log.warn(message));
  return limits;
};
