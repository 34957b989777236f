// `npm run bench:chat [url]`: how fast the chat streams answers from the offline engines, over HTTP. Against the
// backend at `url` (or BENCH_BACKEND_URL); with neither, against http://localhost:1337 if it answers, else against
// its own (tools/test-backend/process.ts: the tests' startBackend with a temporary database and
// FREE_DAILY_QUESTIONS=0, in a child process). A backend of your own needs FREE_DAILY_QUESTIONS=0 and EMAIL_CONFIRMATION=false (the benchmark
// registers one user).
//
// Scenarios, after a warm-up: one stream at a time (BENCH_RUNS, default 10), then BENCH_CONCURRENCY (default 50)
// conversations streaming one answer each at once, BENCH_ROUNDS (default 3) times. Each stream is timed from the
// start of its POST to its first content event (`delta` or `step`; `start` does not count) and to the end of the
// stream. An error is a status other than 200, an `error` event, a stream without `done` or without content, or a
// failed request. Exits 1 on any error; missed speed goals print FAIL but exit 0 unless BENCH_STRICT=1 (timings
// depend on the machine).
import { randomBytes } from 'node:crypto';
import { startBackendProcess } from '../tools/test-backend/process.ts';
import { BENCH_QUESTIONS } from './questions.mjs';

const positiveInteger = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const RUNS = positiveInteger('BENCH_RUNS', 10);
const CONCURRENCY = positiveInteger('BENCH_CONCURRENCY', 50);
const ROUNDS = positiveInteger('BENCH_ROUNDS', 3);
const STRICT = process.env['BENCH_STRICT'] === '1';
const DEFAULT_URL = 'http://localhost:1337';
/** A stream taking longer than this is cut and counted as an error. */
const STREAM_TIMEOUT_MS = 30_000;

const GOALS = { singleFirstMedianMs: 100, concurrentFirstMedianMs: 500, concurrentFirstP95Ms: 1500 } as const;

const QUESTIONS = BENCH_QUESTIONS;
type Question = (typeof QUESTIONS)[number];
const questionAt = (index: number): Question => QUESTIONS[index % QUESTIONS.length] ?? QUESTIONS[0];

/** One streamed answer. */
interface Run {
  /** ms from the start of the request to the first `delta` or `step` event; null if none came */
  firstContentMs: number | null;
  /** ms from the start of the request to the end of the stream (or to the failure) */
  totalMs: number;
  error: string | null;
}

interface Backend {
  url: string;
  /** How the table's header describes it. */
  description: string;
  stop(): Promise<void>;
}

/** @returns whether anything answers HTTP at `url` */
const answers = async (url: string): Promise<boolean> => {
  try {
    const res = await fetch(`${url}/_health`, { signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
};

/** Starts a backend of its own in a child process (tools/test-backend/process.ts). */
const startOwnBackend = async (): Promise<Backend> => {
  const { url, stop } = await startBackendProcess(
    { FREE_DAILY_QUESTIONS: '0', LOG_LEVEL: 'error' },
    { label: "benchmark's backend" },
  );
  return { url, description: 'own backend (child process, temporary database, FREE_DAILY_QUESTIONS=0)', stop };
};

const resolveBackend = async (): Promise<Backend> => {
  const given = process.env['BENCH_BACKEND_URL'] || process.argv[2];
  if (given) {
    const url = given.replace(/\/+$/, '');
    if (!(await answers(url))) throw new Error(`Nothing answers at ${url}`);
    return { url, description: url, stop: () => Promise.resolve() };
  }
  if (await answers(DEFAULT_URL)) return { url: DEFAULT_URL, description: DEFAULT_URL, stop: () => Promise.resolve() };
  return startOwnBackend();
};

const errorMessage = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name === 'TimeoutError' ? 'timed out' : error.message}${cause}`;
};

/** A JSON POST; returns the status and the parsed body (null if it is not JSON). */
const postJson = async (
  url: string,
  route: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: unknown }> => {
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: res.status, body: null };
  }
};

/** Strapi's error envelope's message, if any. */
const messageOf = (body: unknown): string => {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' ? error.message : JSON.stringify(body);
};

/** Registers a fresh user (one per benchmark: the auth routes are rate limited) and returns its jwt. */
const register = async (url: string): Promise<string> => {
  const id = randomBytes(6).toString('hex');
  const res = await postJson(url, '/api/auth/local/register', {
    username: `bench-${id}`,
    email: `bench-${id}@studyease.test`,
    password: `Bench-${id}-Passw0rd`,
  });
  const jwt = (res.body as { jwt?: unknown } | null)?.jwt;
  if (res.status !== 200 || typeof jwt !== 'string') {
    throw new Error(
      `Registering the benchmark's user failed (${res.status}: ${messageOf(res.body)}); ` +
        'the backend needs EMAIL_CONFIRMATION=false and an auth rate limit that allows one more registration',
    );
  }
  return jwt;
};

/** @returns the documentId of a new conversation with `tool` */
const createConversation = async (url: string, token: string, tool: string): Promise<string> => {
  const res = await postJson(url, '/api/conversations', { tool }, token);
  const documentId = (res.body as { data?: { documentId?: unknown } } | null)?.data?.documentId;
  if (res.status !== 201 || typeof documentId !== 'string') {
    throw new Error(`POST /api/conversations answered ${res.status}: ${messageOf(res.body)}`);
  }
  return documentId;
};

/** One Server-Sent Event block (the lines between blank lines) → its event name and data. */
const parseEvent = (block: string): { event: string; data: string } => {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return { event, data: data.join('\n') };
};

/** Sends `question` to the conversation and reads the answer's stream to its end, timing it. */
const ask = async (url: string, token: string, conversation: string, question: string): Promise<Run> => {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  let firstContentMs: number | null = null;
  try {
    const res = await fetch(`${url}/api/conversations/${conversation}/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ text: question }),
      signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
    });
    if (res.status !== 200 || !res.body) {
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the text itself
      }
      return { firstContentMs, totalMs: elapsed(), error: `HTTP ${res.status}: ${messageOf(body)}` };
    }
    const contentType = res.headers.get('content-type') ?? '';
    if (!contentType.startsWith('text/event-stream')) {
      await res.body.cancel();
      return { firstContentMs, totalMs: elapsed(), error: `content-type ${contentType || 'missing'}` };
    }

    let buffer = '';
    let done = false;
    let failure: string | null = null;
    const decoder = new TextDecoder();
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const { event, data } = parseEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if ((event === 'delta' || event === 'step') && firstContentMs === null) firstContentMs = elapsed();
        else if (event === 'error' && failure === null) {
          let message = data;
          try {
            const parsed = JSON.parse(data) as { kind?: unknown; message?: unknown };
            message = `${String(parsed.kind)}: ${String(parsed.message)}`;
          } catch {
            // not JSON: the data itself
          }
          failure = `error event (${message})`;
        } else if (event === 'done') done = true;
      }
    }
    const totalMs = elapsed();
    const error =
      failure ??
      (!done ? 'stream ended without done' : firstContentMs === null ? 'no delta or step event (no content)' : null);
    return { firstContentMs, totalMs, error };
  } catch (error) {
    return { firstContentMs, totalMs: elapsed(), error: `request failed: ${errorMessage(error)}` };
  }
};

/** `count` new conversations (not timed), then one question in each at once; returns the runs and the wall time. */
const concurrentRound = async (url: string, token: string, count: number): Promise<{ runs: Run[]; wallMs: number }> => {
  const questions = Array.from({ length: count }, (_, index) => questionAt(index));
  const conversations = await Promise.all(questions.map((q) => createConversation(url, token, q.tool)));
  const started = performance.now();
  const runs = await Promise.all(questions.map((q, index) => ask(url, token, conversations[index] ?? '', q.question)));
  return { runs, wallMs: performance.now() - started };
};

const quantile = (values: number[], q: number): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? null;
};
const ms = (value: number | null): string => (value === null ? '—' : value.toFixed(1));

const backend = await resolveBackend();
try {
  const { url } = backend;
  const token = await register(url);

  // Warm-up, not measured: every question once in turn (the first answer tells whether the quota is off), then one
  // concurrent round, so that every worker thread has loaded every engine.
  const warmUp: Run[] = [];
  for (const [index, q] of QUESTIONS.entries()) {
    const run = await ask(url, token, await createConversation(url, token, q.tool), q.question);
    if (index === 0 && run.error?.startsWith('HTTP 429')) {
      throw new Error(`${run.error}\nThe daily question limit is on: run the backend with FREE_DAILY_QUESTIONS=0`);
    }
    warmUp.push(run);
  }
  warmUp.push(...(await concurrentRound(url, token, CONCURRENCY)).runs);
  const warmUpErrors = warmUp.filter((run) => run.error !== null);
  if (warmUpErrors.length > 0) {
    console.error(`warm-up: ${warmUpErrors.length}/${warmUp.length} errors, e.g. ${warmUpErrors[0]?.error ?? ''}`);
  }

  // (1) One stream at a time, a new conversation for each (created before the clock starts).
  const single: Run[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const q = questionAt(run);
    const conversation = await createConversation(url, token, q.tool);
    single.push(await ask(url, token, conversation, q.question));
  }

  // (2) CONCURRENCY conversations at once, ROUNDS times.
  const rounds: { runs: Run[]; wallMs: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) rounds.push(await concurrentRound(url, token, CONCURRENCY));
  const concurrent = rounds.flatMap((round) => round.runs);

  const firstContent = (runs: Run[]) =>
    runs.flatMap((run) => (run.error === null && run.firstContentMs !== null ? [run.firstContentMs] : []));
  const totals = (runs: Run[]) => runs.flatMap((run) => (run.error === null ? [run.totalMs] : []));
  const errorCount = (runs: Run[]) => runs.filter((run) => run.error !== null).length;
  const row = (scenario: string, runs: number, streams: Run[], wall: number | null): string[] => [
    scenario,
    String(runs),
    String(streams.length),
    ms(quantile(firstContent(streams), 0.5)),
    ms(quantile(firstContent(streams), 0.95)),
    ms(quantile(totals(streams), 0.5)),
    ms(quantile(totals(streams), 0.95)),
    ms(wall),
    String(errorCount(streams)),
  ];

  const header = [
    'scenario',
    'runs',
    'streams',
    'first content median ms',
    'first content p95 ms',
    'stream total median ms',
    'stream total p95 ms',
    'round wall ms',
    'errors',
  ];
  const rows = [
    row('single, sequential', RUNS, single, null),
    ...rounds.map((round, index) => row(`${CONCURRENCY} concurrent, round ${index + 1}`, 1, round.runs, round.wallMs)),
    row(
      `${CONCURRENCY} concurrent, all rounds`,
      ROUNDS,
      concurrent,
      quantile(
        rounds.map((round) => round.wallMs),
        0.5,
      ),
    ),
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;

  console.log(
    `Chat streaming against ${backend.description}; ${QUESTIONS.length} engine questions (math, physics, chemistry) ` +
      `rotated; after a warm-up of ${warmUp.length} streams. Times from the start of each POST; medians/p95 over ` +
      `streams without error; round wall = all ${CONCURRENCY} streams of a round (all rounds: median over rounds).\n`,
  );
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const cells of rows) console.log(line(cells));

  const singleMedian = quantile(firstContent(single), 0.5);
  const concurrentMedian = quantile(firstContent(concurrent), 0.5);
  const concurrentP95 = quantile(firstContent(concurrent), 0.95);
  const goals = [
    {
      name: `single: first content median ≤ ${GOALS.singleFirstMedianMs} ms`,
      value: `${ms(singleMedian)} ms`,
      met: singleMedian !== null && singleMedian <= GOALS.singleFirstMedianMs,
    },
    {
      name: `${CONCURRENCY} concurrent: 0 errors`,
      value: String(errorCount(concurrent)),
      met: errorCount(concurrent) === 0,
    },
    {
      name: `${CONCURRENCY} concurrent: first content median ≤ ${GOALS.concurrentFirstMedianMs} ms`,
      value: `${ms(concurrentMedian)} ms`,
      met: concurrentMedian !== null && concurrentMedian <= GOALS.concurrentFirstMedianMs,
    },
    {
      name: `${CONCURRENCY} concurrent: first content p95 ≤ ${GOALS.concurrentFirstP95Ms} ms`,
      value: `${ms(concurrentP95)} ms`,
      met: concurrentP95 !== null && concurrentP95 <= GOALS.concurrentFirstP95Ms,
    },
  ];
  console.log('\nGoals:');
  for (const goal of goals) console.log(`${goal.met ? 'PASS' : 'FAIL'}  ${goal.name} (${goal.value})`);

  const failed = [...single, ...concurrent].filter((run) => run.error !== null);
  if (failed.length > 0) {
    const counts = new Map<string, number>();
    for (const run of failed) counts.set(run.error ?? '', (counts.get(run.error ?? '') ?? 0) + 1);
    console.log(`\n${failed.length} errors:`);
    for (const [error, count] of [...counts].slice(0, 10)) console.log(`ERROR ×${count}: ${error}`);
    process.exitCode = 1;
  } else if (STRICT && goals.some((goal) => !goal.met)) {
    process.exitCode = 1;
  }
} finally {
  await backend.stop();
}
