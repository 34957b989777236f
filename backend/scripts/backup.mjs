#!/usr/bin/env node
// A consistent copy of the backend's database, taken while it runs (`npm run backup` at the project root).
//
// SQLite: better-sqlite3's online backup API copies the pages under SQLite's own locking, so a write during the
// copy is either in it or not, never half in (copying the file with `cp` could catch a half-written WAL). The copy
// is a single self-contained file (no -wal), checked with `PRAGMA integrity_check` before it is reported.
// PostgreSQL: runs `pg_dump --format=custom` on DATABASE_URL when pg_dump is installed (restore with pg_restore).
//
// Usage: node scripts/backup.mjs [--out <folder>]
//   folder: BACKUP_DIR, else backend/data/backups (git-ignored); the file is studyease-<UTC time>.db (.dump)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_BACKUP_DIR, checkSqlite, databaseClient, loadSqlite, setting, sqliteFile } from './backup-common.mjs';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const folder = path.resolve(
  (outIndex >= 0 ? args[outIndex + 1] : undefined) ?? process.env['BACKUP_DIR'] ?? DEFAULT_BACKUP_DIR,
);
// 2026-11-22T15-30-00-123Z: sortable, and valid in a file name everywhere.
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

/**
 * Prints the reason and exits with status 1.
 *
 * @param {string} message - what went wrong
 * @returns {never}
 */
const fail = (message) => {
  console.error(`backup: ${message}`);
  process.exit(1);
};

mkdirSync(folder, { recursive: true });
const client = databaseClient();

if (client === 'postgres') {
  const url = setting('DATABASE_URL');
  if (!url) fail('DATABASE_CLIENT=postgres needs DATABASE_URL');
  const file = path.join(folder, `studyease-${stamp}.dump`);
  const dump = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, url], { stdio: 'inherit' });
  if (dump.error) fail(`pg_dump could not be run (${dump.error.message}); install the PostgreSQL client tools`);
  if (dump.status !== 0) fail(`pg_dump failed with exit code ${dump.status}`);
  console.log(file);
} else if (client === 'sqlite') {
  const source = sqliteFile();
  if (!existsSync(source)) fail(`no database at ${source}`);
  const file = path.join(folder, `studyease-${stamp}.db`);
  // Written under a temporary name, so that a failed or interrupted backup never looks like a complete one.
  const partial = `${file}.partial`;
  const Database = loadSqlite();
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    fail(`the copy failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    db.close();
  }
  // The copy inherits the source's WAL mode; switched back to a rollback journal it stays one file, with no -wal or
  // -shm beside it (the backend turns WAL on again when it opens a restored copy).
  const copy = new Database(partial);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const problem = checkSqlite(partial);
  if (problem !== null) {
    rmSync(partial, { force: true });
    fail(`the copy is not usable: ${problem}`);
  }
  renameSync(partial, file);
  console.log(file);
} else {
  fail(`DATABASE_CLIENT must be "sqlite" or "postgres", got "${client}"`);
}
