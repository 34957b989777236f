// The database each test backend gets: a copy of a pre-migrated SQLite file by default (copying is much faster
// than letting Strapi create its schema again), or a fresh PostgreSQL database when the suite is run with
// DATABASE_CLIENT=postgres and DATABASE_URL pointing at a server whose user may create databases.
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { backendRoot } from './strapi-module.ts';

/** Read once at import, before a test backend replaces the process environment with its own. */
const requested = {
  client: process.env['DATABASE_CLIENT'] ?? 'sqlite',
  url: process.env['DATABASE_URL'] ?? '',
};

/** Set by the global setup to the pre-migrated SQLite file or PostgreSQL database name. */
export const TEMPLATE_VARIABLE = 'STUDYEASE_TEST_TEMPLATE';

export const usesPostgres = (): boolean => requested.client === 'postgres';

/** A database for one backend. */
export interface TestDatabase {
  /** DATABASE_* variables for the backend. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}

/**
 * Runs SQL on the server named by DATABASE_URL (the maintenance connection: CREATE/DROP DATABASE cannot run
 * inside the database they act on).
 *
 * @param sql - the statements to run
 */
const runOnServer = async (sql: string): Promise<void> => {
  const require = createRequire(path.join(backendRoot, 'package.json'));
  const { Client } = require('pg') as { Client: new (options: { connectionString: string }) => PgClient };
  const client = new Client({ connectionString: requested.url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

/**
 * @param name - a database name
 * @returns DATABASE_URL with that database name in place of the original one
 */
export const postgresUrlFor = (name: string): string => {
  const url = new URL(requested.url);
  url.pathname = `/${name}`;
  return url.href;
};

/**
 * Creates an empty PostgreSQL database, optionally as a copy of `template`.
 *
 * @param name - the new database's name (letters, digits and underscores only)
 * @param template - the database to copy, if any
 */
export const createPostgresDatabase = async (name: string, template?: string): Promise<void> => {
  await runOnServer(`CREATE DATABASE "${name}"${template === undefined ? '' : ` TEMPLATE "${template}"`}`);
};

/**
 * @param name - the database to drop; connections still open to it are closed first
 */
export const dropPostgresDatabase = async (name: string): Promise<void> => {
  await runOnServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
};

/**
 * @param options - `empty`: no copy of the template; Strapi then creates the schema and runs every first-start seed
 *   itself (slower: for tests of a first start)
 * @returns the database for one test backend. A SQLite file gets a temporary folder of its own (not the backend's),
 *   so that a backend stopped with `keepDatabase` leaves it for the next one; drop() deletes that folder.
 */
export const createTestDatabase = async ({ empty = false }: { empty?: boolean } = {}): Promise<TestDatabase> => {
  const template = empty ? undefined : process.env[TEMPLATE_VARIABLE];

  if (usesPostgres()) {
    const name = `studyease_test_${randomBytes(6).toString('hex')}`;
    await createPostgresDatabase(name, template);
    return {
      env: { DATABASE_CLIENT: 'postgres', DATABASE_URL: postgresUrlFor(name) },
      drop: () => dropPostgresDatabase(name),
    };
  }

  const folder = mkdtempSync(path.join(tmpdir(), 'studyease-test-db-'));
  const filename = path.join(folder, 'data.db');
  if (template !== undefined && existsSync(template)) copyFileSync(template, filename);
  return {
    env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: filename },
    drop: () => {
      rmSync(folder, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
};
