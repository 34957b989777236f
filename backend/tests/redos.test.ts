// ReDoS (issue #11). Every regular expression in code that reads outside text (questions, model answers, CMS
// Markdown, request paths, HTML mail) is found with the TypeScript compiler API and run through recheck, a ReDoS
// checker; and the engines' readers are fed 20,000-character hostile questions in a worker that is stopped after
// 30 s (a bound, not a timing assertion: those are not allowed on shared machines). One file covers the backend and the site: the checker
// only reads source, so it needs no build of either, and one dev dependency (in the backend) serves both.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { check } from 'recheck';
import type { HostileJob } from './support/hostile-reader.ts';
import { collectRegexes } from './support/regex-inventory.ts';
import { backendRoot } from '../../tools/test-backend/strapi-module.ts';

const repoRoot = path.dirname(backendRoot);

/**
 * What reads outside text: the whole backend app (requests, model answers, CMS entries, mail), the packages, the whole site
 * (CMS Markdown at build time, what visitors type, URLs), and the static server (request paths). Left out: build
 * and benchmark scripts, configuration, tests, which read only our own files and settings.
 */
const SCANNED = [
  'backend/src',
  'src',
  'scripts/serve.mjs',
  // The workspace packages' sources (the contract's request schemas, the engines); never their built dist/.
  ...readdirSync(path.join(repoRoot, 'packages')).map((name) => `packages/${name}/src`),
];

/**
 * Expressions that are let through, each with its reason. An entry matches by file and exact pattern, so fixing
 * the expression makes the entry stale, and a stale entry fails the test until it is removed.
 */
const OWN_BUILD_OUTPUT = "reads our own build's output (app.html, built chunks) while the site builds or is measured";
const ALLOWED: ReadonlyArray<{ file: string; source: string; reason: string }> = [
  { file: 'src/config.ts', source: String.raw`\/+$`, reason: 'reads PUBLIC_BACKEND_URL, a build setting' },
  { file: 'src/stores/oauthNonce.ts', source: '=+$', reason: 'reads base64 of 24 random bytes made in the browser' },
  {
    file: 'src/integrations/staticImports.ts',
    source: String.raw`(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']`,
    reason: OWN_BUILD_OUTPUT,
  },
  {
    file: 'src/integrations/staticImports.ts',
    source: String.raw`<script\b[^>]*\bsrc="([^"]+)"[^>]*>`,
    reason: OWN_BUILD_OUTPUT,
  },
  {
    file: 'src/integrations/staticImports.ts',
    source: String.raw`<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"`,
    reason: OWN_BUILD_OUTPUT,
  },
  {
    file: 'src/integrations/staticImports.ts',
    source: String.raw`<astro-island\b[^>]*\bcomponent-url="([^"]+)"`,
    reason: OWN_BUILD_OUTPUT,
  },
  {
    file: 'src/integrations/staticImports.ts',
    source: String.raw`<astro-island\b[^>]*\brenderer-url="([^"]+)"`,
    reason: OWN_BUILD_OUTPUT,
  },
  {
    file: 'scripts/serve.mjs',
    source: String.raw`^\s+([\w-]+):\s*(.*)$`,
    reason: "reads the build's own _headers file, one line at a time",
  },
];

/**
 * recheck settings. No time limits on its steps, which would make verdicts depend on the machine's speed (on a busy
 * machine a fuzzing step past its time counts as "vulnerable"): verdicts rest on step counts and a fixed random
 * seed, so every run and every backend agrees. One limit stays, a minute per expression, as a guard: an expression
 * that needs more is reported "unknown", which fails the test. recheck picks its backend itself: the native binary
 * of its per-platform package (about 15 s for all of ours on 2 busy cores), else Java, else its pure-JS build
 * (`RECHECK_BACKEND=pure` forces it; several times slower); all of them give the same verdicts here.
 */
const RECHECK_PARAMS = {
  timeout: 60_000,
  attackTimeout: null,
  incubationTimeout: null,
  seedingTimeout: null,
  recallTimeout: -1,
} as const;

interface Verdict {
  status: 'safe' | 'vulnerable' | 'unknown';
  summary: string;
  attack?: string;
}

/** Runs recheck over the unique patterns, a few at a time. */
async function checkAll(patterns: Array<{ source: string; flags: string }>): Promise<Map<string, Verdict>> {
  const queue = [...patterns];
  const verdicts = new Map<string, Verdict>();
  const next = async (): Promise<void> => {
    for (let pattern = queue.shift(); pattern; pattern = queue.shift()) {
      const d = await check(pattern.source, pattern.flags, RECHECK_PARAMS);
      verdicts.set(`/${pattern.source}/${pattern.flags}`, {
        status: d.status,
        summary: d.status === 'unknown' ? JSON.stringify(d.error) : d.complexity.summary,
        ...(d.status === 'vulnerable' ? { attack: d.attack.pattern } : {}),
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, availableParallelism())) }, next));
  return verdicts;
}

describe('regular expressions that read outside text', () => {
  test('every one is safe by recheck (ReDoS), or allowed with a reason', { timeout: 900_000 }, async () => {
    const sites = collectRegexes(repoRoot, SCANNED);
    const unresolved = sites.filter((site) => site.unresolved);
    assert.deepEqual(
      unresolved.map((site) => `${site.file}:${site.line} ${site.unresolved}`),
      [],
      'every RegExp built at run time must have a pattern the checker can read',
    );

    const unique = new Map<string, { source: string; flags: string }>();
    for (const site of sites)
      for (const pattern of site.patterns) unique.set(`/${pattern.source}/${pattern.flags}`, pattern);
    const verdicts = await checkAll([...unique.values()]);

    const perFile = new Map<string, number>();
    const failures: string[] = [];
    const used = new Set<(typeof ALLOWED)[number]>();
    for (const site of sites) {
      perFile.set(site.file, (perFile.get(site.file) ?? 0) + site.patterns.length);
      for (const pattern of site.patterns) {
        const verdict = verdicts.get(`/${pattern.source}/${pattern.flags}`);
        if (verdict?.status === 'safe') continue;
        const allowed = ALLOWED.find((entry) => entry.file === site.file && entry.source === pattern.source);
        if (allowed) {
          used.add(allowed);
          continue;
        }
        failures.push(
          `${site.file}:${site.line} /${pattern.source}/${pattern.flags} is ${verdict?.status ?? 'not checked'}` +
            ` (${verdict?.summary ?? ''})${verdict?.attack ? `; attack: ${verdict.attack}` : ''}`,
        );
      }
    }
    const counts = [...verdicts.values()].reduce<Record<string, number>>(
      (tally, verdict) => ({ ...tally, [verdict.status]: (tally[verdict.status] ?? 0) + 1 }),
      {},
    );
    console.log(
      `recheck: ${sites.length} expressions at ${perFile.size} files, ${unique.size} distinct patterns: ` +
        `${JSON.stringify(counts)}\n` +
        [...perFile].map(([file, count]) => `  ${String(count).padStart(3)}  ${file}`).join('\n'),
    );
    assert.ok(sites.length > 300, `found only ${sites.length} expressions: is the scan looking in the right place?`);
    assert.deepEqual(failures, [], 'ReDoS-prone expressions (rewrite them, or allow one with a reason)');
    assert.deepEqual(
      ALLOWED.filter((entry) => !used.has(entry)).map((entry) => `${entry.file} /${entry.source}/`),
      [],
      'allow-list entries that no longer match an unsafe expression (remove them)',
    );
  });
});

/**
 * Runs one reader over the hostile texts (tests/support/hostile-reader.ts) in a worker, and stops it after `limitMs`.
 * @returns how the run ended: 'done', or the error it threw, or 'stopped' when it ran out of time
 */
async function readInWorker(job: HostileJob, limitMs: number): Promise<string> {
  const worker = new Worker(path.join(backendRoot, 'tests', 'support', 'hostile-reader.ts'), { workerData: job });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('stopped'), limitMs);
      worker.on('message', (message: string) => resolve(message));
      worker.on('error', (error: Error) => resolve(`${error.name}: ${error.message}`));
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}

/**
 * The bound on each reader's run over all the hostile texts. Linear readers take milliseconds; the old expressions
 * took 2.7 s for the first text at 2,000 characters, and (cubic) about an hour at 20,000.
 */
const LIMIT_MS = 30_000;

describe('the engines read hostile text in linear time', () => {
  test('the math reader answers hostile spacing in linear time', async () => {
    assert.equal(await readInWorker({ reader: 'math' }, LIMIT_MS), 'done');
  });

  test('the physics reader answers hostile text in linear time', async () => {
    assert.equal(await readInWorker({ reader: 'physics' }, LIMIT_MS), 'done');
  });

  test('the chemistry readers answer hostile text in linear time', async () => {
    assert.equal(await readInWorker({ reader: 'chemistry' }, LIMIT_MS), 'done');
  });

  test("a model's answer is read in linear time", async () => {
    assert.equal(await readInWorker({ reader: 'model' }, LIMIT_MS), 'done');
  });

  test('an HTML mail is turned into text in linear time', async () => {
    assert.equal(await readInWorker({ reader: 'mail' }, LIMIT_MS), 'done');
  });
});
