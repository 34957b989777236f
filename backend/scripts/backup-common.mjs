// What backup.mjs and restore.mjs share: which database the backend uses (the same variables and defaults as
// config/database.ts, read from the environment, then from backend/.env), and better-sqlite3 from the backend's
// own node_modules.
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const backendRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where backups go unless BACKUP_DIR says otherwise: inside data/, which git ignores. */
export const DEFAULT_BACKUP_DIR = path.join(backendRoot, 'data', 'backups');

/**
 * @param {string} name - a variable of backend/.env.example
 * @returns {string | undefined} its value from the environment, else from backend/.env (or ENV_PATH), else undefined
 */
export const setting = (name) => {
  if (process.env[name] !== undefined) return process.env[name];
  const file = process.env['ENV_PATH'] ?? path.join(backendRoot, '.env');
  if (!existsSync(file)) return undefined;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match !== null && match[1] === name) return (match[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
  }
  return undefined;
};

/** @returns 'sqlite' or 'postgres', as the backend reads DATABASE_CLIENT */
export const databaseClient = () => setting('DATABASE_CLIENT') ?? 'sqlite';

/** @returns the backend's SQLite file, absolute (relative paths are taken from backend/, as config/database.ts does) */
export const sqliteFile = () => path.resolve(backendRoot, setting('DATABASE_FILENAME') ?? 'data/data.db');

/** @returns better-sqlite3's Database class */
export const loadSqlite = () => createRequire(path.join(backendRoot, 'package.json'))('better-sqlite3');

/**
 * Checks a SQLite file without changing it.
 *
 * @param {string} file - the database file
 * @returns {string | null} null when `PRAGMA integrity_check` answers ok and the file holds a StudyEase schema, else the reason
 */
export const checkSqlite = (file) => {
  const Database = loadSqlite();
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const result = /** @type {{ integrity_check: string }[]} */ (db.pragma('integrity_check')).map(
      (row) => row.integrity_check,
    );
    if (result.length !== 1 || result[0] !== 'ok') return `integrity_check failed: ${result.join('; ')}`;
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());
    const missing = ['up_users', 'strapi_migrations'].filter((table) => !tables.has(table));
    if (missing.length > 0) return `not a StudyEase database (no table ${missing.join(', ')})`;
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
};

/**
 * Linux only (elsewhere it answers an empty list): the processes that hold the file, its WAL or its shared memory
 * open, e.g. a running backend. Processes of other users are not visible and not listed.
 *
 * @param {string} file - the database file
 * @returns {number[]} their process ids
 */
export const processesUsing = (file) => {
  if (!existsSync('/proc/self/fd')) return [];
  const targets = new Set([file, `${file}-wal`, `${file}-shm`]);
  const pids = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (Number(pid) === process.pid) continue;
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // Gone, or another user's.
    }
    for (const fd of fds) {
      let target;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (targets.has(target)) {
        pids.push(Number(pid));
        break;
      }
    }
  }
  return pids;
};
