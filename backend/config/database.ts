import path from 'node:path';
import type { Core } from '@strapi/strapi';

/** The backend folder: this file runs from dist/config/, two levels down. */
const backendRoot = path.resolve(__dirname, '..', '..');

/** The part of a better-sqlite3 connection the pool's afterCreate uses. */
interface SqliteConnection {
  pragma(source: string): unknown;
}

interface PostgresTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

/**
 * Splits `DATABASE_URL` into the fields Strapi's connection type asks for.
 *
 * @param value - postgres://user:password@host:port/database (a `?host=/run/postgresql` query selects a socket)
 * @returns the connection fields, percent-decoded
 * @throws Error when the value is not a postgres URL, so a typo fails at start rather than at the first query
 */
const parseDatabaseUrl = (value: string): PostgresTarget => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('DATABASE_URL must look like postgres://user:password@host:5432/database');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(`DATABASE_URL must start with postgres://, got "${url.protocol}//"`);
  }
  return {
    host: url.searchParams.get('host') ?? (url.hostname === '' ? 'localhost' : url.hostname),
    port: url.port === '' ? 5432 : Number(url.port),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
};

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Database => {
  const client = env('DATABASE_CLIENT', 'sqlite');

  if (client === 'postgres') {
    const connectionString = env('DATABASE_URL', '');
    if (connectionString === '') {
      throw new Error('DATABASE_CLIENT=postgres needs DATABASE_URL (postgres://user:password@host:5432/database)');
    }
    const url = parseDatabaseUrl(connectionString);
    return {
      connection: {
        client: 'postgres',
        connection: {
          ...url,
          ssl: env.bool('DATABASE_SSL', false)
            ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) }
            : false,
          schema: env('DATABASE_SCHEMA', 'public'),
        },
        pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
      },
    };
  }

  if (client !== 'sqlite') {
    throw new Error(`DATABASE_CLIENT must be "sqlite" or "postgres", got "${client}"`);
  }
  return {
    connection: {
      client: 'sqlite',
      connection: {
        // Relative paths are taken from the backend folder, whatever the working directory.
        filename: path.resolve(backendRoot, env('DATABASE_FILENAME', 'data/data.db')),
      },
      useNullAsDefault: true,
      pool: {
        // Write-ahead logging with synchronous=NORMAL: a commit appends to the WAL without waiting for the disk
        // (the WAL is synced at checkpoints), and readers do not block the writer. In the default rollback-journal
        // mode every write transaction waits for several fsyncs on the event loop (better-sqlite3 is synchronous),
        // which made each chat message cost tens of milliseconds of blocked server. A crash of the process loses
        // nothing; a power loss may lose the last commits, never the database's consistency.
        afterCreate: (connection: unknown, done: (error?: Error, connection?: unknown) => void) => {
          try {
            const sqlite = connection as SqliteConnection;
            sqlite.pragma('journal_mode = WAL');
            sqlite.pragma('synchronous = NORMAL');
            done(undefined, connection);
          } catch (error) {
            done(error instanceof Error ? error : new Error(String(error)), connection);
          }
        },
      },
    },
  };
};
