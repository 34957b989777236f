// Shared plumbing of `npm run bench` (bench/site.mjs) and `bench:load`: free ports, the test backend the site is built
// against, timed site builds into temporary folders, and a table printer. Everything started here is stopped by
// stopAll().
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { startSiteBackend } from '../tools/test-backend/process.ts';

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
/** @type {(() => Promise<void>)[]} the test backends' stop() */
const stoppers = [];
/** Where buildFolder() puts build output: inside the project, git-ignored. */
const BUILD_ROOT = resolve('node_modules/.cache/studyease-bench');
/** @type {string[]} temporary folders removed by stopAll() */
const folders = [];

/** The one free-port helper, shared with the e2e runner and the tests. */
export { reservePort } from '../tools/free-port.ts';

/**
 * @param {string} prefix
 * @returns {Promise<string>} a new temporary folder, removed by stopAll()
 */
export async function tempFolder(prefix) {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/**
 * A new folder for a build's output, removed by stopAll(). Inside the project (in node_modules/.cache, git-ignored)
 * rather than in the system's temporary folder: for an outDir outside the working directory Astro writes its
 * pre-render chunks into the project's shared `.astro/.prerender/`, where builds running at the same time (the e2e
 * suite's, a developer's) would overwrite each other's; inside, they go to the outDir's own `.prerender/`.
 * @param {string} prefix
 * @returns {Promise<string>}
 */
export async function buildFolder(prefix) {
  await mkdir(BUILD_ROOT, { recursive: true });
  const folder = await mkdtemp(join(BUILD_ROOT, prefix));
  folders.push(folder);
  return folder;
}

/**
 * Runs a command to its end with the output shown on stderr (stdout stays the bench's tables).
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<number>} its exit code
 */
export async function run(command, args) {
  const child = spawn(command, args, { stdio: ['ignore', process.stderr, 'inherit'] });
  children.push(child);
  const [code] = await once(child, 'exit');
  return /** @type {number} */ (code ?? 1);
}

/** Compiles the backend (TypeScript into backend/dist) the test backend runs from; `npm run test:e2e` does the same. */
export async function compileBackend() {
  if ((await run('npm', ['run', '-s', 'compile', '--prefix', 'backend'])) !== 0) {
    throw new Error('the backend did not compile (npm run compile --prefix backend)');
  }
}

/**
 * Compiles the backend, then starts one test backend for the site (tools/test-backend/process.ts: Strapi on a free
 * port, temporary seeded database, mail catcher, fake AI model) and waits until it answers.
 * @param {string} siteUrl the site origin it allows (CORS)
 * @param {Record<string, string>} [settings] more backend settings
 * @returns {Promise<{ url: string, modelUrl: string | null }>} the backend, and its fake AI model's address (control
 *   API at `${modelUrl}/control`)
 */
export async function startTestBackend(siteUrl, settings = {}) {
  // Always compiled: backend/dist may be older than backend/src.
  await compileBackend();
  // The tutor's per-IP limit (30 a minute) is off: every build solves the tool pages' worked examples, and the
  // article benchmark builds many times a minute from one address.
  const backend = await startSiteBackend(siteUrl, { TUTOR_RATE_LIMIT_PER_MINUTE: '0', ...settings });
  stoppers.push(backend.stop);
  return backend;
}

/**
 * One timed `astro build` into `outDir`, with a cold cache of its own (bench/astro.config.mjs).
 * Each output line is kept with the milliseconds since the start at which it arrived, for the phase breakdown.
 * @param {string} outDir
 * @param {Record<string, string>} env SITE_URL, PUBLIC_BACKEND_URL, CMS_URL…
 * @returns {Promise<{ code: number, ms: number, lines: { at: number, text: string }[] }>}
 */
export async function timedBuild(outDir, env) {
  const cacheDir = await tempFolder('studyease-bench-cache-');
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'build', '--config', 'bench/astro.config.mjs', '--outDir', outDir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', BENCH_CACHE_DIR: cacheDir, ...env },
    },
  );
  children.push(child);
  /** @type {{ at: number, text: string }[]} */
  const lines = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: /** @type {import('node:stream').Readable} */ (stream) }).on('line', (line) => {
      // eslint-disable-next-line no-control-regex -- Astro colours its log; the breakdown matches plain text.
      lines.push({ at: performance.now() - started, text: line.replace(/\u001b\[[0-9;]*m/g, '') });
    });
  }
  const [code] = await once(child, 'exit');
  const ms = performance.now() - started;
  await rm(cacheDir, { recursive: true, force: true });
  return { code: /** @type {number} */ (code ?? 1), ms, lines };
}

/** Stops every process started here and removes the temporary folders. */
export async function stopAll() {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  await Promise.all([
    ...running.map((child) =>
      Promise.race([once(child, 'exit'), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]),
    ),
    ...stoppers.map((stop) => stop()),
  ]);
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
}

/**
 * Prints a Markdown table on stdout: the first column left-aligned, the others right-aligned.
 * @param {string[]} header
 * @param {(string | number)[][]} rows
 */
export function printTable(header, rows) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => String(row[column]).length)),
  );
  const line = (/** @type {(string | number)[]} */ cells) =>
    `| ${cells.map((cell, column) => String(cell)[column === 0 ? 'padEnd' : 'padStart'](widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/**
 * @param {number[]} values
 * @returns {number} the median (the mean of the middle two for an even count)
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}
