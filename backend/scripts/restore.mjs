#!/usr/bin/env node
// Puts a backup made by backup.mjs back in place of the backend's SQLite database (`npm run restore -- <file>`).
//
// The backup is checked first (`PRAGMA integrity_check`, StudyEase tables), and nothing is replaced while a process
// (a running backend) has the target open: replacing a file under an open SQLite connection loses its writes and
// can corrupt it. Stop the backend, restore, start it again. The database that was there is kept beside it as
// <file>.before-restore-<UTC time>, and its -wal/-shm files are moved with it (a stale WAL must never be replayed
// into the restored file).
//
// PostgreSQL backups (.dump) are restored with pg_restore, backend stopped:
//   pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" <file>.dump
//
// Usage: node scripts/restore.mjs <backup file> [--to <database file>]   (default: DATABASE_FILENAME)
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { checkSqlite, databaseClient, processesUsing, sqliteFile } from './backup-common.mjs';

/**
 * Prints the reason and exits with status 1.
 *
 * @param {string} message - what went wrong
 * @returns {never}
 */
const fail = (message) => {
  console.error(`restore: ${message}`);
  process.exit(1);
};

const args = process.argv.slice(2);
const toIndex = args.indexOf('--to');
const target = toIndex >= 0 ? path.resolve(args[toIndex + 1] ?? '') : sqliteFile();
const positional = toIndex < 0 ? args : args.filter((_, index) => index !== toIndex && index !== toIndex + 1);
const [given] = positional;
if (positional.length !== 1 || !given) fail('usage: npm run restore -- <backup file> [--to <database file>]');
const backup = path.resolve(given);

if (databaseClient() === 'postgres' && toIndex < 0) {
  fail(
    'DATABASE_CLIENT=postgres: stop the backend, then run\n' +
      `  pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" ${backup}`,
  );
}
if (!existsSync(backup)) fail(`no backup at ${backup}`);
if (path.resolve(backup) === target) fail('the backup and the database are the same file');

const problem = checkSqlite(backup);
if (problem !== null) fail(`${backup} is not a usable backup: ${problem}; nothing was changed`);

const users = processesUsing(target);
if (users.length > 0) {
  fail(`${target} is open in process ${users.join(', ')} (a running backend?): stop it first; nothing was changed`);
}

// Copied next to the target first, so the swap is one rename on the same file system.
mkdirSync(path.dirname(target), { recursive: true });
const incoming = `${target}.restoring`;
copyFileSync(backup, incoming);
if (existsSync(target)) {
  const kept = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(`${target}${suffix}`)) renameSync(`${target}${suffix}`, `${kept}${suffix}`);
  }
  renameSync(target, kept);
  console.log(`restore: the previous database is kept as ${kept}`);
} else {
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
}
renameSync(incoming, target);
console.log(`restore: ${backup} → ${target}`);
