#!/usr/bin/env node
// `npm run bench:load`: mixed traffic against the site server and the backend, as production runs them, from this
// process (the servers are child processes of their own), and a table of what came back (issue #7).
//
// Set-up: a test backend (tools/test-backend/process.ts: Strapi on a free port, temporary seeded SQLite database; the
// per-IP limits and the daily quota off, since all the load comes from one address), the site built against it,
// and scripts/serve.mjs serving the build. Then BENCH_LOAD_RUNS (default 3) rounds of BENCH_LOAD_SECONDS (default
// 60) of traffic, each after a short warm-up, all kinds at once:
//   - static: BENCH_STATIC_CONNECTIONS (default 16) keep-alive connections asking, one after another, for the
//     pages visitors land on (home, tool pages, pricing, blog, an article, the app shell) and their CSS and JS;
//   - sign-in: POST /api/auth/local, BENCH_SIGNIN_PER_SECOND (default 2) a second, with known accounts (each one
//     costs a bcrypt hash, on the backend's main thread: Strapi's);
//   - solve: BENCH_SOLVE_CONNECTIONS (default 8) visitors asking the public tutor (POST /api/tutor/solve) back to
//     back: four in five questions are popular ones of every tool (the engines' answer cache has them after the
//     first time), one in five is a linear equation never asked before (the engines solve it);
//   - chat: BENCH_CHAT_STREAMS (default 50) signed-in students, each streaming an answer in their homework-helper
//     conversation and asking the next question as soon as it ends: 50 chat streams open alongside the rest at all
//     times. The answers come from the test backend's fake OpenAI-compatible model, paced like a fast real one
//     (MODEL_CHUNKS pieces MODEL_CHUNK_DELAY_MS apart: about 2 s an answer), and are saved as they stream.
// Each kind's throughput, latency percentiles (p50/p95/p99, in ms; a chat stream is timed to its end) and errors
// (a status other than expected, a failed request, a stream without `done` or with an `error` event) are printed
// per round, then the medians over the rounds against the goals. Exits 1 on any error; a missed speed goal prints
// FAIL (exit 0 unless BENCH_STRICT=1: figures depend on the machine). Not part of `npm test`.
import { readdir, readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { BENCH_QUESTIONS } from './questions.mjs';
import { buildFolder, median, printTable, reservePort, startTestBackend, stopAll, timedBuild } from './support.mjs';

/**
 * @param {string} name
 * @param {number} fallback
 */
const setting = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const RUNS = setting('BENCH_LOAD_RUNS', 3);
const SECONDS = setting('BENCH_LOAD_SECONDS', 60);
const WARM_UP_SECONDS = 5;
const STATIC_CONNECTIONS = setting('BENCH_STATIC_CONNECTIONS', 16);
const SIGNIN_PER_SECOND = setting('BENCH_SIGNIN_PER_SECOND', 2);
const SOLVE_CONNECTIONS = setting('BENCH_SOLVE_CONNECTIONS', 8);
const CHAT_STREAMS = setting('BENCH_CHAT_STREAMS', 50);
const STRICT = process.env.BENCH_STRICT === '1';
/** A request or stream taking longer than this is cut and counted as an error. */
const REQUEST_TIMEOUT_MS = 30_000;

const GOALS = { staticPerSecond: 2000, solvePerSecond: 100 };
/** The fake model's pace: a 40-piece answer, 50 ms between pieces. */
const MODEL_CHUNKS = 40;
const MODEL_CHUNK_DELAY_MS = 50;

/** Popular questions: the engine questions of every tool that bench:chat asks too. */
const QUESTIONS = BENCH_QUESTIONS;

/** One question in this many is new (never seen by the engines' answer cache); the others are popular ones. */
const NEW_QUESTION_EVERY = 5;
let asked = 0;
/** A question of `tool` that no one asked before in this run, so the engines really solve it. */
const newQuestion = (/** @type {string} */ tool) => {
  const a = 2 + (asked % 97);
  const b = 3 + Math.floor(asked / 97);
  if (tool === 'physics-solver') return { tool, question: `m = ${a} kg, a = ${b} m/s^2, F = ?` };
  if (tool === 'chemistry-solver') return { tool, question: `molar mass of C${a}H${2 * a + 2}` };
  return { tool: 'math-solver', question: `${a}x + ${b} = ${a * 7 + b}` };
};
/**
 * The next solve question: mostly the popular ones (worked examples, a class's homework), one in
 * NEW_QUESTION_EVERY new.
 * @param {number} index
 */
const nextQuestion = (index) => {
  asked += 1;
  const pick = QUESTIONS[index % QUESTIONS.length] ?? QUESTIONS[0];
  return asked % NEW_QUESTION_EVERY === 0 ? newQuestion(pick.tool) : pick;
};

/** @typedef {{ ms: number[], errors: number, firstError: string | null }} KindResult */

/** @returns {KindResult} */
const emptyResult = () => ({ ms: [], errors: 0, firstError: null });

/**
 * One HTTP request on a keep-alive agent; the body is read to its end.
 * @param {Agent} agent
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string }} [options]
 * @returns {Promise<{ status: number, body: string }>}
 */
const send = (agent, url, { method = 'GET', headers = {}, body } = {}) =>
  new Promise((resolve, reject) => {
    const req = request(url, { agent, method, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });

/**
 * @param {string} backend
 * @param {Agent} agent
 * @param {string} prefix
 * @returns {Promise<{ jwt: string, identifier: string, password: string }>}
 */
const register = async (backend, agent, prefix) => {
  const id = `${prefix}${Math.random().toString(36).slice(2, 10)}`;
  const account = { username: id, email: `${id}@example.com`, password: 'Bench-Passw0rd' };
  const res = await send(agent, `${backend}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw new Error(`register answered ${res.status}: ${res.body.slice(0, 200)}`);
  return { jwt: JSON.parse(res.body).jwt, identifier: account.email, password: account.password };
};

/**
 * The paths a visitor's browser asks the site server for: the landing pages and the CSS and JS they load.
 * @param {string} dist
 * @returns {Promise<string[]>}
 */
const staticPaths = async (dist) => {
  const articles = (await readdir(join(dist, 'blog'))).filter((name) => name.endsWith('.html'));
  const pages = [
    '/',
    '/ai-math-solver',
    '/ai-physics-solver',
    '/ai-chemistry-solver',
    '/ai-translator',
    '/ai-homework-helper',
    '/pricing',
    '/blog',
    ...(articles[0] ? [`/blog/${articles[0].replace(/\.html$/, '')}`] : []),
    '/app/math-solver',
  ];
  const home = await readFile(join(dist, 'index.html'), 'utf8');
  const assets = [...home.matchAll(/(?:href|src)="(\/_astro\/[^"]+\.(?:css|js))"/g)].map((match) => match[1] ?? '');
  return [...pages, ...new Set(assets)];
};

/**
 * Runs every kind of traffic at once until `until`, recording into `results` only what starts after `from`.
 * @param {{ site: string, backend: string, paths: string[], accounts: { jwt: string, identifier: string, password: string }[], conversations: { jwt: string, id: string }[] }} target
 * @param {number} from performance.now() after which requests count
 * @param {number} until performance.now() at which new requests stop
 * @returns {Promise<Record<'static' | 'signIn' | 'solve' | 'chat', KindResult>>}
 */
const trafficRound = async (target, from, until) => {
  const results = { static: emptyResult(), signIn: emptyResult(), solve: emptyResult(), chat: emptyResult() };
  const staticAgent = new Agent({ keepAlive: true, maxSockets: STATIC_CONNECTIONS });
  const apiAgent = new Agent({ keepAlive: true, maxSockets: SOLVE_CONNECTIONS + CHAT_STREAMS });
  // Sign-ins come a few a second: on the busy agent, a socket could sit idle past the server's keep-alive time
  // (5 s) and be reused as the server closes it (ECONNRESET). Their own agent drops idle sockets after 2 s.
  const signInAgent = new Agent({ keepAlive: true, maxSockets: 16, timeout: 2000 });

  /**
   * @param {KindResult} result
   * @param {() => Promise<string | null>} work resolves to an error message, or null
   */
  const timed = async (result, work) => {
    const started = performance.now();
    let error;
    try {
      error = await work();
    } catch (thrown) {
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    if (started < from) return;
    result.ms.push(performance.now() - started);
    if (error !== null) {
      result.errors += 1;
      result.firstError ??= error;
    }
  };

  const staticWorker = async (/** @type {number} */ offset) => {
    for (let index = offset; performance.now() < until; index += 1) {
      const path = target.paths[index % target.paths.length] ?? '/';
      await timed(results.static, async () => {
        const res = await send(staticAgent, `${target.site}${path}`, { headers: { 'accept-encoding': 'identity' } });
        return res.status === 200 ? null : `GET ${path}: ${res.status}`;
      });
    }
  };

  const solveWorker = async (/** @type {number} */ offset) => {
    for (let index = offset; performance.now() < until; index += 1) {
      const question = nextQuestion(index);
      await timed(results.solve, async () => {
        const res = await send(apiAgent, `${target.backend}/api/tutor/solve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-visitor-id': `bench-visitor-${offset}` },
          body: JSON.stringify(question),
        });
        return res.status === 200 ? null : `solve: ${res.status} ${res.body.slice(0, 120)}`;
      });
    }
  };

  const chatWorker = async (/** @type {number} */ offset) => {
    const { jwt, id } = target.conversations[offset] ?? target.conversations[0] ?? { jwt: '', id: '' };
    for (let index = offset; performance.now() < until; index += 1) {
      const question = { question: `Why is the sky blue? (${offset}.${index})` };
      await timed(results.chat, async () => {
        const res = await send(apiAgent, `${target.backend}/api/conversations/${id}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
          body: JSON.stringify({ text: question.question }),
        });
        if (res.status !== 200) return `chat: ${res.status} ${res.body.slice(0, 120)}`;
        if (res.body.includes('event: error')) return `chat: error event ${res.body.slice(0, 200)}`;
        return res.body.includes('event: done') ? null : 'chat: the stream ended without done';
      });
    }
  };

  /** Sign-ins arrive at a steady rate, whether or not earlier ones have finished (an open loop). */
  const signIns = async () => {
    const pending = [];
    const gap = 1000 / SIGNIN_PER_SECOND;
    for (let index = 0, next = performance.now(); next < until; index += 1, next += gap) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const account = target.accounts[index % target.accounts.length];
      pending.push(
        timed(results.signIn, async () => {
          const res = await send(signInAgent, `${target.backend}/api/auth/local`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ identifier: account?.identifier, password: account?.password }),
          });
          return res.status === 200 ? null : `sign-in: ${res.status} ${res.body.slice(0, 120)}`;
        }),
      );
    }
    await Promise.all(pending);
  };

  await Promise.all([
    ...Array.from({ length: STATIC_CONNECTIONS }, (_, index) => staticWorker(index)),
    ...Array.from({ length: SOLVE_CONNECTIONS }, (_, index) => solveWorker(index)),
    ...Array.from({ length: CHAT_STREAMS }, (_, index) => chatWorker(index)),
    signIns(),
  ]);
  staticAgent.destroy();
  apiAgent.destroy();
  signInAgent.destroy();
  return results;
};

/**
 * @param {number[]} values
 * @param {number} fraction
 */
const percentile = (values, fraction) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? NaN;
};

const KINDS = /** @type {const} */ ([
  ['static', 'static pages and assets'],
  ['signIn', 'sign-in (POST /api/auth/local)'],
  ['solve', 'solve (POST /api/tutor/solve)'],
  ['chat', `chat streams (${CHAT_STREAMS} open at once)`],
]);

/** @type {import('node:child_process').ChildProcess | undefined} */
let server;
try {
  const sitePort = await reservePort();
  const site = `http://127.0.0.1:${sitePort.port}`;
  console.error('bench:load: starting the backend and building the site…');
  const { url: backend, modelUrl } = await startTestBackend(site, {
    FREE_DAILY_QUESTIONS: '0',
    AUTH_RATE_LIMIT_ENABLED: 'false',
    LOG_LEVEL: 'error',
  });
  const dist = await buildFolder('load-');
  const build = await timedBuild(dist, { SITE_URL: site, PUBLIC_BACKEND_URL: backend });
  if (build.code !== 0) throw new Error('the site build failed (its output is above)');
  await sitePort.release();
  server = spawn(process.execPath, ['scripts/serve.mjs'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DIST_DIR: dist, PORT: String(sitePort.port), HOST: '127.0.0.1' },
  });
  await once(/** @type {import('node:stream').Readable} */ (server.stdout), 'data');
  server.stdout?.resume();

  const setupAgent = new Agent({ keepAlive: true, maxSockets: 8 });
  const accounts = [];
  for (let index = 0; index < 10; index += 1) accounts.push(await register(backend, setupAgent, 'load'));
  const student = accounts[0];
  if (!student) throw new Error('no account');
  const conversations = [];
  for (let index = 0; index < CHAT_STREAMS; index += 1) {
    const tool = 'homework-helper';
    const res = await send(setupAgent, `${backend}/api/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${student.jwt}` },
      body: JSON.stringify({ tool }),
    });
    if (res.status !== 201) throw new Error(`a conversation could not be made: ${res.status}`);
    conversations.push({ jwt: student.jwt, id: JSON.parse(res.body).data.documentId });
  }
  const paced = await fetch(`${modelUrl}/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      chunks: Array.from({ length: MODEL_CHUNKS }, (_, index) => `word${index} `),
      chunkDelayMs: MODEL_CHUNK_DELAY_MS,
    }),
  });
  if (!paced.ok) throw new Error(`the fake model refused its settings: ${paced.status}`);
  setupAgent.destroy();
  const target = { site, backend, paths: await staticPaths(dist), accounts, conversations };

  /** @type {Record<string, { perSecond: number, p50: number, p95: number, p99: number, errors: number }[]>} */
  const rounds = Object.fromEntries(KINDS.map(([kind]) => [kind, []]));
  let errors = 0;
  for (let round = 1; round <= RUNS; round += 1) {
    const from = performance.now() + WARM_UP_SECONDS * 1000;
    const until = from + SECONDS * 1000;
    const results = await trafficRound(target, from, until);
    console.log(`\nRound ${round} of ${RUNS}: ${SECONDS} s after a ${WARM_UP_SECONDS} s warm-up`);
    printTable(
      ['traffic', 'requests', 'per second', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'],
      KINDS.map(([kind, label]) => {
        const result = results[kind];
        const figures = {
          perSecond: result.ms.length / SECONDS,
          p50: percentile(result.ms, 0.5),
          p95: percentile(result.ms, 0.95),
          p99: percentile(result.ms, 0.99),
          errors: result.errors,
        };
        rounds[kind]?.push(figures);
        errors += result.errors;
        if (result.firstError) console.error(`bench:load: ${label}: first error: ${result.firstError}`);
        return [
          label,
          result.ms.length,
          figures.perSecond.toFixed(0),
          figures.p50.toFixed(1),
          figures.p95.toFixed(1),
          figures.p99.toFixed(1),
          result.errors,
        ];
      }),
    );
  }

  /** @param {string} kind @param {'perSecond' | 'p50' | 'p95' | 'p99'} key */
  const medianOf = (kind, key) => median((rounds[kind] ?? []).map((figures) => figures[key]));
  console.log(`\nMedians over ${RUNS} rounds (Node ${process.version}, site and backend on this machine)`);
  printTable(
    ['traffic', 'per second', 'p50 ms', 'p95 ms', 'p99 ms', 'errors (all rounds)'],
    KINDS.map(([kind, label]) => [
      label,
      medianOf(kind, 'perSecond').toFixed(0),
      medianOf(kind, 'p50').toFixed(1),
      medianOf(kind, 'p95').toFixed(1),
      medianOf(kind, 'p99').toFixed(1),
      (rounds[kind] ?? []).reduce((sum, figures) => sum + figures.errors, 0),
    ]),
  );
  const goals = [
    ['no errors', errors === 0, `${errors} errors`],
    [
      `static pages ≥ ${GOALS.staticPerSecond} requests/s`,
      medianOf('static', 'perSecond') >= GOALS.staticPerSecond,
      `${medianOf('static', 'perSecond').toFixed(0)}/s`,
    ],
    [
      `/api/tutor/solve ≥ ${GOALS.solvePerSecond} requests/s`,
      medianOf('solve', 'perSecond') >= GOALS.solvePerSecond,
      `${medianOf('solve', 'perSecond').toFixed(0)}/s`,
    ],
    [`${CHAT_STREAMS} chat streams alongside`, (rounds.chat ?? []).every((r) => r.errors === 0), 'all ended with done'],
  ];
  console.log('\nGoals');
  printTable(
    ['goal', 'measured', 'result'],
    goals.map(([goal, ok, measured]) => [String(goal), String(measured), ok ? 'pass' : 'FAIL']),
  );
  process.exitCode = errors > 0 || (STRICT && goals.some(([, ok]) => !ok)) ? 1 : 0;
} catch (error) {
  console.error('bench:load:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  server?.kill('SIGTERM');
  await stopAll();
}
