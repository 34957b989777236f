// `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs) on SQLite: a backup taken while
// the backend runs and writes holds the users and conversations; restore refuses a damaged backup and a database a
// backend has open, then puts the backup in place; a backend started on the restored file reads them all back and
// its students sign in. PostgreSQL is backed up with pg_dump and restored with pg_restore (docs/operations.md,
// "Backup and restore"): the suite registers no test here on PostgreSQL.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { AuthResponseSchema, call, newAccount, parseEvents } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { usesPostgres } from '../../tools/test-backend/database.ts';
import { backendRoot } from '../../tools/test-backend/strapi-module.ts';

const run = promisify(execFile);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one of the scripts with the backend's database settings (and nothing from backend/.env). */
const script = async (name: string, args: string[], env: Record<string, string>): Promise<Outcome> => {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(backendRoot, 'scripts', name), ...args], {
      env: { PATH: process.env['PATH'] ?? '', ENV_PATH: path.join(folder, 'no.env'), ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
};

const folder = mkdtempSync(path.join(tmpdir(), 'studyease-backup-test-'));

if (!usesPostgres()) {
  let backend: Backend;
  /** The backend to stop at the end, if any is still running. */
  let running: Backend | null = null;
  const accounts = [newAccount('backup'), newAccount('backup')];
  const sessions: z.output<typeof AuthResponseSchema>[] = [];

  before(async () => {
    backend = await startBackend();
    running = backend;
    for (const account of accounts) {
      sessions.push(
        AuthResponseSchema.parse((await call(backend.url, 'POST', '/api/auth/local/register', { body: account })).body),
      );
    }
  });
  after(async () => {
    await running?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const ConversationsSchema = z.object({
    data: z.array(z.object({ documentId: z.string(), title: z.string(), tool: z.string() })),
  });
  const MessagesSchema = z.object({
    data: z.array(z.object({ role: z.string(), text: z.string(), status: z.string() })),
  });

  /** What a student sees of their data: conversations (title, tool) and each one's messages. */
  const snapshot = async (url: string, token: string) => {
    const list = await call(url, 'GET', '/api/conversations', { token });
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const conversations = ConversationsSchema.parse(list.body).data;
    return Promise.all(
      conversations.map(async (c) => ({
        title: c.title,
        tool: c.tool,
        messages: MessagesSchema.parse(
          (await call(url, 'GET', `/api/conversations/${c.documentId}/messages`, { token })).body,
        ).data.map((m) => [m.role, m.status, m.text]),
      })),
    );
  };

  const converse = async (token: string, title: string, question: string): Promise<void> => {
    const created = await call(backend.url, 'POST', '/api/conversations', {
      token,
      body: { tool: 'math-solver', title },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { documentId } = z.object({ data: z.object({ documentId: z.string() }) }).parse(created.body).data;
    const res = await fetch(`${backend.url}/api/conversations/${documentId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: question }),
    });
    assert.equal(parseEvents(await res.text()).at(-1)?.event, 'done');
  };

  describe('backup and restore', () => {
    test('a backup of a running backend restores into a new place where a new backend reads it all back', async () => {
      const [alice, bob] = sessions;
      assert.ok(alice && bob);
      await converse(alice.jwt, 'Quadratics', 'x^2 - 5x + 6 = 0');
      await converse(alice.jwt, 'Linear', '2x + 3 = 11');
      await converse(bob.jwt, 'Balancing', 'H2 + O2 -> H2O');
      const expected = [await snapshot(backend.url, alice.jwt), await snapshot(backend.url, bob.jwt)];
      assert.equal(expected[0]?.length, 2);
      assert.equal(expected[0][0]?.messages.length, 2);

      // Online: the backend keeps running (and writing) during the backup.
      const source = backend.database.env['DATABASE_FILENAME'] ?? '';
      const backups = path.join(folder, 'backups');
      const writing = converse(bob.jwt, 'During the backup', 'x + 1 = 2');
      const backup = await script('backup.mjs', ['--out', backups], { DATABASE_FILENAME: source });
      await writing;
      assert.equal(backup.code, 0, backup.stderr);
      const file = backup.stdout.trim();
      assert.match(path.basename(file), /^studyease-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.db$/);
      assert.deepEqual(readdirSync(backups), [path.basename(file)]);

      // A damaged backup is refused, and so is the file the running backend has open; neither changes anything.
      const damaged = path.join(folder, 'damaged.db');
      writeFileSync(damaged, 'not a database');
      const target = path.join(folder, 'restored', 'data.db');
      const refusedDamaged = await script('restore.mjs', [damaged, '--to', target], {});
      assert.notEqual(refusedDamaged.code, 0);
      assert.match(refusedDamaged.stderr, /not a usable backup.*nothing was changed/);
      assert.equal(existsSync(target), false);
      const refusedRunning = await script('restore.mjs', [file], { DATABASE_FILENAME: source });
      assert.notEqual(refusedRunning.code, 0);
      assert.match(refusedRunning.stderr, /is open in process \d+.*stop it first; nothing was changed/);

      const restored = await script('restore.mjs', [file, '--to', target], {});
      assert.equal(restored.code, 0, restored.stderr);
      assert.equal(existsSync(target), true);

      // The first backend stops (one Strapi per process) and its database goes; a new backend, with the same
      // secrets (so the students' sign-ins stay valid), starts on the restored file.
      running = null;
      await backend.stop();
      const second = await startBackend({ ...backend.secrets, DATABASE_FILENAME: target });
      running = second;
      try {
        assert.deepEqual(
          [await snapshot(second.url, alice.jwt), await snapshot(second.url, bob.jwt)].map((conversations, index) =>
            conversations.filter((c) => c.title !== 'During the backup' || index !== 1),
          ),
          expected,
        );
        for (const account of accounts) {
          const login = await call(second.url, 'POST', '/api/auth/local', {
            body: { identifier: account.email, password: account.password },
          });
          assert.equal(login.status, 200, JSON.stringify(login.body));
        }
      } finally {
        running = null;
        await second.stop();
      }

      // Restoring over an existing (stopped) database keeps the one that was there beside it.
      const again = await script('restore.mjs', [file, '--to', target], {});
      assert.equal(again.code, 0, again.stderr);
      assert.equal(
        readdirSync(path.dirname(target)).filter((name) => name.startsWith('data.db.before-restore-')).length,
        1,
      );
    });
  });
}
