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
 * @param error - what a database call threw
 * @returns its SQLite or PostgreSQL code when the error is the server's storage (see UNAVAILABLE), else undefined
 */
export const databaseUnavailableCode = (error: unknown): string | undefined => {
  const code = codeOf(error);
  return code !== undefined && UNAVAILABLE.test(code) ? code : undefined;
};
