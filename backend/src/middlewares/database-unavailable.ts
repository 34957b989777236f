import type { Context, Next } from 'koa';
import { databaseUnavailableCode } from '../utils/database-errors';

/** Shown to the student (and any API client) when the database cannot take a write, or at all. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'StudyEase cannot save changes right now. Please try again in a few minutes; nothing you saved before is lost.';

/**
 * What the log says of a failed write: the driver's reason without the statement. knex puts the SQL with its values
 * bound into the error's message (`insert into up_users (…) values (…, '$2a$10$…') - attempt to write a readonly
 * database`), and those values are students' data: emails, password hashes, questions.
 *
 * @param error - what the database threw
 * @returns the part of its message after knex's ` - `, or the whole message when there is none
 */
export const databaseFailureReason = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  const cut = message.lastIndexOf(' - ');
  return cut < 0 ? message : message.slice(cut + 3);
};

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
      strapi.log.error(`[database] ${ctx.method} ${ctx.path} failed (${code}): ${databaseFailureReason(error)}`);
      ctx.status = 503;
      ctx.set('Retry-After', '60');
      ctx.body = {
        data: null,
        error: { status: 503, name: 'ServiceUnavailableError', message: DATABASE_UNAVAILABLE_MESSAGE, details: {} },
      };
    }
  };
