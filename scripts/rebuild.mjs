// The rebuild hook's engine (used by scripts/serve.mjs): builds the site into a new folder and swaps the served
// folder to it in one step, so a CMS change goes live without restarting the server. The served folder is an
// in-memory pointer: a request reads it once when it starts and keeps its folder to the end, and a folder is
// deleted only when no request holds it, so requests in flight finish on the build they began on.
import { spawn } from 'node:child_process';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** The default build: Astro into the new folder, with the server's own environment (CMS_URL, SITE_URL…). */
export const DEFAULT_REBUILD_COMMAND = 'npx astro build --outDir {outDir}';

/** Build folders are named after their start time; nothing else in the builds folder is ever deleted. */
const BUILD_NAME = /^build-\d{8}T\d{9}Z(-\d+)?$/;

/** How much of a failed build's output is kept for the log and the status answer. */
const OUTPUT_TAIL = 4000;

/** @param {string} value @returns {string} the value quoted for `sh -c` */
const shellQuote = (value) => `'${value.replace(/'/g, `'\\''`)}'`;

/** @param {Date} date @returns {string} e.g. build-20261122T144403123Z */
const buildName = (date) => `build-${date.toISOString().replace(/[-:.]/g, '')}`;

/**
 * @typedef {object} BuildResult
 * @property {boolean} ok whether the build succeeded and its folder is served now
 * @property {string} at when it finished (ISO 8601)
 * @property {string} folder the folder it built into (deleted again when it failed)
 * @property {number} durationMs how long it took
 * @property {string} [error] why it failed: the exit code and the end of its output
 */

/**
 * @typedef {object} RebuildStatus
 * @property {boolean} building a build is running
 * @property {boolean} pending another build will run (a hook arrived during the build, or the debounce runs)
 * @property {BuildResult | null} lastBuild the last finished build
 * @property {string} servedFolder the folder new requests are served from
 * @property {number} pid the server's process id (the same before and after a swap)
 */

/**
 * Creates the rebuilder of a served site.
 * @param {object} options
 * @param {string} options.initialFolder the folder served until the first successful build (never deleted)
 * @param {string} options.buildsDir where the builds go, one folder each
 * @param {string} [options.command] shell command; `{outDir}` is replaced by the new folder (also in the
 *   REBUILD_OUT_DIR environment variable)
 * @param {Record<string, string | undefined>} [options.env] the build's environment
 * @param {string} [options.cwd] the build's working directory
 * @param {number} [options.debounceMs] quiet time after a hook before the build starts: a burst makes one build
 * @param {number} [options.maxWaitMs] longest a build waits for a burst to end
 * @param {number} [options.keep] builds kept on disk, the served one included (at least 2)
 * @param {Pick<Console, 'log' | 'error'>} [options.logger]
 */
export function createRebuilder({
  initialFolder,
  buildsDir,
  command = DEFAULT_REBUILD_COMMAND,
  env = process.env,
  cwd = process.cwd(),
  debounceMs = 2000,
  maxWaitMs = 15_000,
  keep = 3,
  logger = console,
}) {
  const builds = resolve(buildsDir);
  let served = resolve(initialFolder);
  /** @type {BuildResult | null} */
  let lastBuild = null;
  let building = false;
  let pending = false;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  let firstRequestAt = 0;
  /** @type {Promise<BuildResult> | null} */
  let running = null;
  /** Requests in flight per folder. */
  const holders = new Map();
  /** @type {Array<() => void>} callers of idle(), resolved once no build is running or scheduled */
  let idleWaiters = [];
  let sequence = 0;
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;

  const settleIdle = () => {
    if (building || pending) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolveIdle of waiters) resolveIdle();
  };

  /**
   * Deletes old builds: keeps the newest `keep` (the served one always), and any a request still reads.
   */
  async function prune() {
    let names;
    try {
      names = (await readdir(builds)).filter((name) => BUILD_NAME.test(name)).sort();
    } catch {
      return;
    }
    const keepCount = Math.max(2, keep);
    const old = names.slice(0, Math.max(0, names.length - keepCount));
    for (const name of old) {
      const folder = join(builds, name);
      if (folder === served || (holders.get(folder) ?? 0) > 0) continue;
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** @param {string} outDir @returns {Promise<{ code: number | string | null, output: string }>} */
  function runBuild(outDir) {
    return new Promise((resolveRun) => {
      // Its own process group, so that stop() ends the shell and whatever it started (npx, astro) together.
      const proc = spawn('sh', ['-c', command.replaceAll('{outDir}', shellQuote(outDir))], {
        cwd,
        env: { ...env, REBUILD_OUT_DIR: outDir },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      child = proc;
      let output = '';
      const collect = (/** @type {Buffer} */ chunk) => {
        output = (output + chunk.toString()).slice(-OUTPUT_TAIL);
      };
      proc.stdout?.on('data', collect);
      proc.stderr?.on('data', collect);
      proc.on('error', (error) => resolveRun({ code: null, output: `${output}\n${error.message}` }));
      proc.on('close', (code, signal) => {
        child = null;
        resolveRun({ code: code ?? (signal ? `${signal}` : null), output });
      });
    });
  }

  /** Runs one build and swaps to it when it succeeds. @returns {Promise<BuildResult>} */
  async function build() {
    const started = Date.now();
    sequence += 1;
    const folder = join(builds, `${buildName(new Date(started))}-${sequence}`);
    await mkdir(builds, { recursive: true });
    logger.log(`[rebuild] building into ${folder}`);
    const { code, output } = await runBuild(folder);
    const finished = Date.now();
    let error;
    if (code !== 0) error = `the build exited with code ${code}\n${output.trim()}`;
    else if (!(await stat(join(folder, 'index.html')).catch(() => null))?.isFile())
      error = `the build succeeded but wrote no index.html into ${folder}\n${output.trim()}`;
    /** @type {BuildResult} */
    const result = {
      ok: error === undefined,
      at: new Date(finished).toISOString(),
      folder,
      durationMs: finished - started,
      ...(error === undefined ? {} : { error }),
    };
    if (result.ok) {
      // The swap: one assignment. Requests that started before it keep the folder they read.
      served = folder;
      logger.log(`[rebuild] serving ${folder} (built in ${result.durationMs} ms)`);
    } else {
      logger.error(`[rebuild] build failed; still serving ${served}\n${error}`);
      await rm(folder, { recursive: true, force: true });
    }
    lastBuild = result;
    await prune();
    return result;
  }

  async function startBuild() {
    timer = undefined;
    firstRequestAt = 0;
    if (building) return;
    pending = false;
    building = true;
    running = build();
    try {
      await running;
    } catch (error) {
      logger.error('[rebuild] the build could not run', error);
    } finally {
      building = false;
      running = null;
    }
    // Hooks that arrived during the build make one follow-up build, of what the CMS holds now.
    if (pending) schedule();
    else settleIdle();
  }

  function schedule() {
    pending = true;
    if (building) return;
    const now = Date.now();
    if (firstRequestAt === 0) firstRequestAt = now;
    clearTimeout(timer);
    const delay = Math.max(0, Math.min(debounceMs, firstRequestAt + maxWaitMs - now));
    timer = setTimeout(() => void startBuild(), delay);
  }

  return {
    /** Asks for a build: it starts after the debounce, or after the running build. */
    request() {
      schedule();
    },
    /** @returns {string} the folder new requests are served from */
    get servedFolder() {
      return served;
    },
    /**
     * Marks a request as reading the served folder until `release` is called, so it is not deleted under it.
     * @returns {{ folder: string, release: () => void }}
     */
    acquire() {
      const folder = served;
      holders.set(folder, (holders.get(folder) ?? 0) + 1);
      let released = false;
      return {
        folder,
        release: () => {
          if (released) return;
          released = true;
          const count = (holders.get(folder) ?? 1) - 1;
          if (count > 0) holders.set(folder, count);
          else holders.delete(folder);
        },
      };
    },
    /** @returns {RebuildStatus} */
    status() {
      return { building, pending, lastBuild, servedFolder: served, pid: process.pid };
    },
    /** @returns {Promise<void>} resolved once no build is running or scheduled */
    idle() {
      if (!building && !pending) return Promise.resolve();
      return new Promise((resolveIdle) => idleWaiters.push(resolveIdle));
    },
    /** Cancels a scheduled build and ends a running one (the server is stopping). */
    stop() {
      clearTimeout(timer);
      pending = false;
      if (child?.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
      settleIdle();
    },
  };
}
