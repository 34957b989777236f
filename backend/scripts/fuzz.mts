// `npm run fuzz`: hostile input against every backend route (issue #7). Sends --requests malformed requests (wrong
// types, missing and extra fields, 10 MB bodies, JSON nested 10,000 deep, invalid UTF-8, huge numbers, path
// traversal in ids, forged and foreign jwts, odd methods and content types, deep qs query strings, pathological
// tutor expressions; see fuzz-cases.mts) and checks /_health every --health-every requests. Every answer must be a
// 2xx or a 4xx with a JSON body; prints the counts per route group and status, lists every 5xx, non-JSON error and
// request without an answer, and exits 1 if there is any (or if /_health ever failed).
//
// Options: --seed <n> (default 1; the run is the same for the same seed), --requests <n> (default 1,000 per route: 37,000),
// --index <i> (only request i of that seed; repeat to replay several), --concurrency <n> (default 8),
// --health-every <n> (default 25). FUZZ_BACKEND_URL fuzzes a running backend instead of starting one (it needs
// EMAIL_CONFIRMATION=false, a high AUTH_RATE_LIMIT_MAX, TUTOR_RATE_LIMIT_PER_MINUTE=0, FREE_DAILY_QUESTIONS=0;
// it will hold the fuzzing user's data afterwards).
import { parseArgs } from 'node:util';
import {
  ROUTE_COUNT,
  checkHealth,
  describeRequest,
  formatTable,
  prepareFixtures,
  runFuzz,
  statusTable,
} from './fuzz-cases.mts';
import { startBackendProcess } from '../../tools/test-backend/process.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    requests: { type: 'string', default: String(1000 * ROUTE_COUNT) },
    index: { type: 'string', multiple: true },
    concurrency: { type: 'string', default: '8' },
    'health-every': { type: 'string', default: '25' },
  },
});
const integer = (name: string, value: string, min: number): number => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
  return parsed;
};
const seed = integer('seed', values.seed, 0);
const requests = integer('requests', values.requests, 1);
const concurrency = integer('concurrency', values.concurrency, 1);
const healthEvery = integer('health-every', values['health-every'], 1);
const indexes =
  values.index?.map((value) => integer('index', value, 0)) ?? Array.from({ length: requests }, (_, i) => i);

interface Target {
  url: string;
  jwtSecret: string | null;
  description: string;
  stop(): Promise<void>;
}

/** Starts a backend of its own in a child process (tools/test-backend/process.ts), with the limits that would turn the fuzz into a wall of 429s lifted. */
const startOwnBackend = async (): Promise<Target> => {
  const settings = {
    FREE_DAILY_QUESTIONS: '0',
    TUTOR_RATE_LIMIT_PER_MINUTE: '0',
    AUTH_RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: process.env['FUZZ_LOG_LEVEL'] ?? 'error',
  };
  const { url, jwtSecret, stop } = await startBackendProcess(settings, { label: 'fuzz backend' });
  return { url, jwtSecret, description: 'own backend (child process, temporary database, limits off)', stop };
};

const resolveTarget = async (): Promise<Target> => {
  const given = process.env['FUZZ_BACKEND_URL'];
  if (!given) return startOwnBackend();
  const url = given.replace(/\/+$/, '');
  const health = await checkHealth(url);
  if (health !== null) throw new Error(`${url} does not answer: ${health}`);
  return { url, jwtSecret: null, description: url, stop: () => Promise.resolve() };
};

const target = await resolveTarget();
try {
  const fixtures = await prepareFixtures(target.url, target.jwtSecret);
  const started = performance.now();
  const run = await runFuzz({
    fixtures,
    seed,
    indexes,
    concurrency,
    healthEvery,
    onProgress: (done) => {
      if (process.stderr.isTTY) process.stderr.write(`\r${done}/${indexes.length}`);
      else if (done % 500 === 0) process.stderr.write(`${done}/${indexes.length}\n`);
    },
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  console.log(
    `Fuzz of ${target.description}: seed ${seed}, ${run.outcomes.length} requests over ${ROUTE_COUNT} routes ` +
      `(${concurrency} at a time), /_health every ${healthEvery}; ${seconds} s. "bad": a 5xx, a 4xx without a JSON ` +
      'body, or no answer.\n',
  );
  console.log(formatTable(statusTable(run.outcomes)));

  const bad = run.outcomes.filter((outcome) => outcome.problem !== null);
  if (bad.length > 0) {
    console.log(`\n${bad.length} bad answers (replay one with --seed ${seed} --index <n>):`);
    for (const outcome of bad) {
      console.log(`BAD ${outcome.problem ?? ''}: ${describeRequest(outcome.request)}`);
      if (outcome.excerpt !== '') console.log(`    answered: ${JSON.stringify(outcome.excerpt)}`);
    }
  }
  for (const failure of run.healthFailures) console.log(`HEALTH after #${failure.after}: ${failure.problem}`);
  if (bad.length > 0 || run.healthFailures.length > 0) process.exitCode = 1;
  else console.log(`\nOK: no 5xx, every error JSON, /_health answered throughout.`);
} finally {
  await target.stop();
}
