// The database cannot be written (issue #7): SQLite runs with a write-ahead log; with the database read-only or the
// disk full, writes answer 503 with a clear message (src/middlewares/database-unavailable.ts), reads keep working,
// the backend stays healthy, and once the fault is gone the data is all there and `PRAGMA integrity_check` is ok.
//
// The faults are made on the backend's one SQLite connection (knex keeps one for SQLite): `PRAGMA query_only` makes
// every write fail with SQLITE_READONLY, as a read-only file does, and `PRAGMA max_page_count` at the current size
// makes a write that needs a new page fail with SQLITE_FULL, as a full disk does. Changing the file's permissions
// would prove nothing when the tests run as root, who may write it anyway. These are SQLite's faults: on PostgreSQL
// the suite registers no test here (the server, not this app, owns its files and WAL).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { AuthResponseSchema, ErrorResponseSchema, call, newAccount } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { usesPostgres } from '../../tools/test-backend/database.ts';
import { backendRoot } from '../../tools/test-backend/strapi-module.ts';

const UNAVAILABLE = {
  status: 503,
  name: 'ServiceUnavailableError',
  message:
    'StudyEase cannot save changes right now. Please try again in a few minutes; nothing you saved before is lost.',
};

interface Knex {
  raw(sql: string): Promise<Record<string, unknown>[]>;
}

interface SqliteDatabase {
  pragma(source: string, options?: { simple: boolean }): unknown;
  close(): void;
}
const Database = createRequire(path.join(backendRoot, 'package.json'))('better-sqlite3') as new (
  filename: string,
  options?: { readonly?: boolean },
) => SqliteDatabase;

if (!usesPostgres()) {
  let backend: Backend;
  let knex: Knex;
  let student: z.output<typeof AuthResponseSchema>;

  before(async () => {
    backend = await startBackend();
    knex = (backend.strapi.db as unknown as { connection: Knex }).connection;
    student = AuthResponseSchema.parse(
      (await call(backend.url, 'POST', '/api/auth/local/register', { body: newAccount('dbfault') })).body,
    );
  });
  after(async () => {
    await knex.raw('PRAGMA query_only = OFF');
    await knex.raw('PRAGMA max_page_count = 1073741823');
    // Stopped with the file kept, to check it once no connection is open on it.
    await backend.stop({ keepDatabase: true });
    const file = backend.database.env['DATABASE_FILENAME'] ?? '';
    const db = new Database(file, { readonly: true });
    try {
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
      assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    } finally {
      db.close();
      await backend.database.drop();
    }
  });

  const pragma = async (name: string): Promise<unknown> =>
    Object.values((await knex.raw(`PRAGMA ${name}`))[0] ?? {})[0];

  const createConversation = (title: string) =>
    call(backend.url, 'POST', '/api/conversations', { token: student.jwt, body: { tool: 'math-solver', title } });

  const titles = async (): Promise<string[]> => {
    const res = await call(backend.url, 'GET', '/api/conversations?pageSize=100', { token: student.jwt });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return z
      .object({ data: z.array(z.object({ title: z.string() })) })
      .parse(res.body)
      .data.map((c) => c.title)
      .sort();
  };

  const assertUnavailable = (res: { status: number; body: unknown }): void => {
    assert.equal(res.status, 503, JSON.stringify(res.body));
    assert.deepEqual(ErrorResponseSchema.parse(res.body).error, UNAVAILABLE);
  };

  const assertHealthy = async (): Promise<void> => {
    assert.equal((await fetch(`${backend.url}/_health`)).status, 204);
  };

  describe('SQLite', () => {
    test('runs with a write-ahead log, synchronous=NORMAL', async () => {
      assert.equal(await pragma('journal_mode'), 'wal');
      assert.equal(await pragma('synchronous'), 1);
    });
  });

  describe('a read-only database', () => {
    test('writes answer 503 with a clear message, reads work, and after it is writable again nothing is lost', async () => {
      assert.equal((await createConversation('Before read-only')).status, 201);
      await knex.raw('PRAGMA query_only = ON');
      try {
        assertUnavailable(await createConversation('While read-only'));
        assertUnavailable(await call(backend.url, 'POST', '/api/auth/local/register', { body: newAccount('dbfault') }));
        // Sending a chat message saves the question first: refused before any answer streams.
        const [conversation] = z
          .object({ data: z.array(z.object({ documentId: z.string() })) })
          .parse((await call(backend.url, 'GET', '/api/conversations', { token: student.jwt })).body).data;
        assertUnavailable(
          await call(backend.url, 'POST', `/api/conversations/${conversation?.documentId}/messages`, {
            token: student.jwt,
            body: { text: 'x^2 = 4' },
          }),
        );
        // Reads and sign-in (which reads) keep working.
        assert.deepEqual(await titles(), ['Before read-only']);
        const account = { identifier: student.user.email, password: 'Secret-pass1' };
        assert.equal((await call(backend.url, 'POST', '/api/auth/local', { body: account })).status, 200);
        assert.equal((await call(backend.url, 'GET', '/api/plans')).status, 200);
        await assertHealthy();
      } finally {
        await knex.raw('PRAGMA query_only = OFF');
      }
      assert.equal((await createConversation('After read-only')).status, 201);
      assert.deepEqual(await titles(), ['After read-only', 'Before read-only']);
      assert.equal(await pragma('integrity_check'), 'ok');
    });
  });

  describe('a full disk', () => {
    test('a write that needs space answers 503, is not half written, and writes work again with space', async () => {
      const before = await titles();
      // No bigger than it is now: the next write that needs a new page fails with SQLITE_FULL.
      await knex.raw('PRAGMA max_page_count = 1');
      const created: string[] = [];
      let refused: { status: number; body: unknown } | null = null;
      try {
        // Each conversation takes some room; well before 2,000 of them the pages left are used up.
        for (let index = 0; index < 2000 && refused === null; index += 1) {
          const title = `Full disk ${String(index).padStart(4, '0')} ${'x'.repeat(60)}`;
          const res = await createConversation(title);
          if (res.status === 201) created.push(title);
          else refused = res;
        }
        assert.ok(refused, 'no write was refused');
        assertUnavailable(refused);
        // The refused write left nothing behind; what was written before it is all there; reads work.
        assert.deepEqual(await titles(), [...before, ...created].sort());
        await assertHealthy();
      } finally {
        await knex.raw('PRAGMA max_page_count = 1073741823');
      }
      assert.equal((await createConversation('After the disk was freed')).status, 201);
      assert.equal((await titles()).length, before.length + created.length + 1);
      assert.equal(await pragma('integrity_check'), 'ok');
    });
  });
}
