import type { Context, Next } from 'koa';
import { databaseUnavailableCode } from '../utils/database-errors';

/** Shown to the student (and any API client) when the database cannot take a write, or at all. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'StudyEase cannot save changes right now. Please try again in a few minutes; nothing you saved before is lost.';

/**
 * Global middleware, right inside `strapi::errors`: a request that fails because the database cannot be written
 * (disk full, file read-only) answers 503 with a message that says so, in Strapi's error envelope, instead of
 * 500 "Internal Server Error". SQLite rolls the failed transaction back, so nothing is half written; reads keep
 * working. Every other error goes on to Strapi's error middleware unchanged.
 */
export default () =>
  async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
    } catch (error) {
      const code = databaseUnavailableCode(error);
      if (code === undefined) throw error;
      strapi.log.error(`[database] ${ctx.method} ${ctx.path} failed (${code}): ${String(error)}`);
      ctx.status = 503;
      ctx.set('Retry-After', '60');
      ctx.body = {
        data: null,
        error: { status: 503, name: 'ServiceUnavailableError', message: DATABASE_UNAVAILABLE_MESSAGE, details: {} },
      };
    }
  };
