import type { Context, Next } from 'koa';

/** Shown to the student (and any API client) when the database cannot take a write, or at all. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'StudyEase cannot save changes right now. Please try again in a few minutes; nothing you saved before is lost.';

/**
 * Database errors that are the server's storage, not the request: a full disk (SQLITE_FULL, PostgreSQL 53100), a
 * read-only file or database (SQLITE_READONLY*, 25006), I/O errors (SQLITE_IOERR*), a file that cannot be opened,
 * a database locked for too long, or PostgreSQL refusing connections (53000, 57P03, class 08).
 */
const UNAVAILABLE = /^(SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY)(_\w+)?|53100|53000|25006|57P03|08\w{3})$/;

/**
 * @param error - what a request threw
 * @returns the SQLite or PostgreSQL error code on it or on its cause, if any
 */
const codeOf = (error: unknown): string | undefined => {
  for (let current = error, depth = 0; depth < 3; depth += 1) {
    if (typeof current !== 'object' || current === null) return undefined;
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
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
      const code = codeOf(error);
      if (code === undefined || !UNAVAILABLE.test(code)) throw error;
      strapi.log.error(`[database] ${ctx.method} ${ctx.path} failed (${code}): ${String(error)}`);
      ctx.status = 503;
      ctx.set('Retry-After', '60');
      ctx.body = {
        data: null,
        error: { status: 503, name: 'ServiceUnavailableError', message: DATABASE_UNAVAILABLE_MESSAGE, details: {} },
      };
    }
  };
