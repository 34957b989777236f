// config/database.ts: SQLite connections run with a write-ahead log and synchronous=NORMAL, so a commit does not wait
// for the disk on the server's event loop (better-sqlite3 is synchronous). Checked on a real SQLite file.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { requireCompiled } from './support/compiled.ts';
import { backendRoot } from '../../tools/test-backend/strapi-module.ts';

/** config/database.ts's default export, as far as these tests use it. */
type DatabaseConfig = (params: { env: ReturnType<typeof envOf> }) => { connection: unknown };
const { default: databaseConfig } = requireCompiled<{ default: DatabaseConfig }>('config/database');

interface SqliteDatabase {
  pragma(source: string, options?: { simple: boolean }): unknown;
  close(): void;
}
const Database = createRequire(path.join(backendRoot, 'package.json'))('better-sqlite3') as new (
  filename: string,
) => SqliteDatabase;

/** Strapi's `env` helper over `values` (only what config/database.ts reads). */
const envOf = (values: Record<string, string>) => {
  const env = (name: string, fallback?: string) => values[name] ?? fallback;
  return Object.assign(env, {
    int: (name: string, fallback?: number) => (values[name] === undefined ? fallback : Number(values[name])),
    bool: (name: string, fallback?: boolean) => (values[name] === undefined ? fallback : values[name] === 'true'),
  });
};

type AfterCreate = (connection: unknown, done: (error?: Error, connection?: unknown) => void) => void;

const afterCreateOf = (values: Record<string, string>): AfterCreate => {
  const config = databaseConfig({ env: envOf(values) });
  const pool = (config.connection as { pool?: { afterCreate?: AfterCreate } }).pool;
  assert.ok(pool?.afterCreate, 'the SQLite connection has a pool.afterCreate');
  return pool.afterCreate;
};

const folder = mkdtempSync(path.join(tmpdir(), 'studyease-database-config-'));
after(() => rmSync(folder, { recursive: true, force: true }));

test('each SQLite connection is switched to a write-ahead log with synchronous=NORMAL', async () => {
  const filename = path.join(folder, 'data.db');
  const afterCreate = afterCreateOf({ DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: filename });
  const database = new Database(filename);
  try {
    const handed = await new Promise<unknown>((resolve, reject) =>
      afterCreate(database, (error, connection) => (error ? reject(error) : resolve(connection))),
    );
    assert.equal(handed, database);
    assert.equal(database.pragma('journal_mode', { simple: true }), 'wal');
    // 1 = NORMAL (2 = FULL, SQLite's default)
    assert.equal(database.pragma('synchronous', { simple: true }), 1);
  } finally {
    database.close();
  }
});

test('a connection the pragmas fail on is handed back with the error', async () => {
  const afterCreate = afterCreateOf({ DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(folder, 'other.db') });
  const broken = {
    pragma: () => {
      throw new Error('disk I/O error');
    },
  };
  const result = await new Promise<{ error: Error | undefined; connection: unknown }>((resolve) =>
    afterCreate(broken, (error, connection) => resolve({ error, connection })),
  );
  assert.match(result.error?.message ?? '', /disk I\/O error/);
  assert.equal(result.connection, broken);
});

test('PostgreSQL connections are left as they were', () => {
  const config = databaseConfig({
    env: envOf({ DATABASE_CLIENT: 'postgres', DATABASE_URL: 'postgres://user:secret@db.test:5432/studyease' }),
  });
  const pool = (config.connection as { pool?: Record<string, unknown> }).pool;
  assert.deepEqual(pool, { min: 0, max: 10 });
});
