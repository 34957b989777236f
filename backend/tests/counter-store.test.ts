// The shared counters (src/limits) on the suite's database kind (SQLite, or PostgreSQL with DATABASE_CLIENT=postgres):
// two connections stand for two backend instances, and must count as one.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Knex } from 'knex';
import type * as CounterStoreModule from '../src/limits/counter-store.ts';
import type * as TakeAllModule from '../src/limits/take-all.ts';
import type * as DailyQuotaModule from '../src/limits/daily-quota.ts';
import { requireCompiled } from './support/compiled.ts';
import { createTestDatabase, type TestDatabase } from '../../tools/test-backend/database.ts';
import { backendRoot } from '../../tools/test-backend/strapi-module.ts';

const { createCounterStore, failOpen, COUNTERS_TABLE } =
  requireCompiled<typeof CounterStoreModule>('src/limits/counter-store');
const { takeAll } = requireCompiled<typeof TakeAllModule>('src/limits/take-all');
const { dailyQuestionBucket } = requireCompiled<typeof DailyQuotaModule>('src/limits/daily-quota');

const knexFactory = createRequire(path.join(backendRoot, 'package.json'))('knex') as (config: object) => Knex;

/** A knex connection like the app's to the test database (config/database.ts reads the same variables). */
const connect = (env: Record<string, string>): Knex =>
  env['DATABASE_CLIENT'] === 'postgres'
    ? knexFactory({ client: 'pg', connection: env['DATABASE_URL'], pool: { min: 0, max: 4 } })
    : knexFactory({
        client: 'better-sqlite3',
        connection: { filename: env['DATABASE_FILENAME'] },
        useNullAsDefault: true,
      });

let database: TestDatabase;
let first: Knex;
let second: Knex;

before(async () => {
  database = await createTestDatabase({ empty: true });
  first = connect(database.env);
  second = connect(database.env);
});
after(async () => {
  await first.destroy();
  await second.destroy();
  await database.drop();
});

describe('the shared counters', () => {
  test('two instances count into one bucket, atomically, and the table is made on first use', async () => {
    const a = createCounterStore(() => first);
    const b = createCounterStore(() => second);
    // 40 hits at once, half through each connection: every count from 1 to 40 is handed out exactly once.
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? a : b).hit('together', 60_000)),
    );
    assert.deepEqual(
      hits.map((hit) => hit.count).sort((x, y) => x - y),
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    assert.equal(new Set(hits.map((hit) => hit.expiresAt)).size, 1, 'one window');
    assert.equal(await first.schema.hasTable(COUNTERS_TABLE), true);
  });

  test('a window that has ended starts again with the next hit; undo takes a hit back', async () => {
    let now = 1_000_000;
    const a = createCounterStore(
      () => first,
      () => now,
    );
    const b = createCounterStore(
      () => second,
      () => now,
    );
    assert.deepEqual(await a.hit('window', 1000), { count: 1, expiresAt: 1_001_000 });
    assert.deepEqual(await b.hit('window', 1000, 3), { count: 4, expiresAt: 1_001_000 });
    await b.undo('window');
    assert.equal((await a.hit('window', 1000)).count, 4);
    now = 1_001_000;
    assert.deepEqual(await b.hit('window', 1000), { count: 1, expiresAt: 1_002_000 });
  });

  test('a long bucket name (an email in a key) is kept apart from others and fits the column', async () => {
    const a = createCounterStore(() => first);
    const long = `auth:${'x'.repeat(300)}@example.com`;
    assert.equal((await a.hit(long, 60_000)).count, 1);
    assert.equal((await a.hit(`${long}.org`, 60_000)).count, 1);
    assert.equal((await a.hit(long, 60_000)).count, 2);
  });

  test('takeAll lets a request through only when every bucket is within the limit, and takes refusals back', async () => {
    const a = createCounterStore(() => first);
    const b = createCounterStore(() => second);
    assert.equal(await takeAll(a, ['ip:1', 'visitor:1'], 2, 60_000), true);
    assert.equal(await takeAll(b, ['ip:1', 'visitor:2'], 2, 60_000), true);
    // ip:1 is at its limit, whichever instance is asked, and for any visitor.
    assert.equal(await takeAll(a, ['ip:1', 'visitor:3'], 2, 60_000), false);
    assert.equal(await takeAll(b, ['ip:1', 'visitor:3'], 2, 60_000), false);
    // The refusals were taken back: visitor:3 has used nothing, and ip:1 stays at 2.
    assert.equal((await a.hit('visitor:3', 60_000)).count, 1);
    assert.equal((await a.hit('ip:1', 60_000)).count, 3);
  });
});

describe('failOpen', () => {
  test('lets requests through uncounted while the database cannot be written, and says so once', async () => {
    const warnings: string[] = [];
    let error: Error = Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' });
    const broken = {
      hit: () => Promise.reject(error),
      undo: () => Promise.reject(error),
    };
    const store = failOpen(broken, (message) => warnings.push(message));
    assert.equal((await store.hit('a', 1000)).count, 0);
    assert.equal((await store.hit('a', 1000)).count, 0);
    await store.undo('a');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /SQLITE_READONLY/);
    // Any other failure is not the storage: it is thrown, not hidden.
    error = new Error('syntax error');
    await assert.rejects(store.hit('a', 1000), /syntax error/);
  });
});

describe('dailyQuestionBucket', () => {
  test('one bucket per student and UTC day, ending at the next UTC midnight', () => {
    const evening = new Date('2026-11-22T23:30:00.000Z');
    assert.deepEqual(dailyQuestionBucket(7, evening), { bucket: 'quota:7:2026-11-22', windowMs: 30 * 60_000 });
    const morning = new Date('2026-11-23T00:00:00.000Z');
    assert.deepEqual(dailyQuestionBucket(7, morning), { bucket: 'quota:7:2026-11-23', windowMs: 24 * 3_600_000 });
    assert.notEqual(dailyQuestionBucket(8, morning).bucket, dailyQuestionBucket(7, morning).bucket);
  });
});
