// Lighthouse (mobile, its default: Moto G Power emulation, simulated slow 4G) for `npm run bench --lighthouse`:
// serves a built site with scripts/serve.mjs and runs the `lighthouse` CLI against each page in Debian's Chromium.
// The CLI runs in its own process per run, so each run gets a fresh browser profile and no state carries over.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

export const CATEGORIES = /** @type {const} */ (['performance', 'accessibility', 'best-practices', 'seo']);

/**
 * @typedef {{ node?: { selector?: string, snippet?: string, explanation?: string } }} AuditItem
 * @typedef {{ id: string, title: string, score: number | null, scoreDisplayMode: string, displayValue?: string, details?: { items?: AuditItem[] } }} Audit
 * @typedef {{ score: number | null, auditRefs: { id: string, weight: number }[] }} Category
 * @typedef {{ categories: Record<string, Category>, audits: Record<string, Audit>, runtimeError?: { message: string } }} Report
 */

/**
 * Serves `distDir` on `port` (scripts/serve.mjs, as `npm run serve` does) until stop() is called.
 * @param {string} distDir
 * @param {number} port
 */
export async function serveSite(distDir, port) {
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DIST_DIR: distDir },
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`scripts/serve.mjs exited with code ${child.exitCode}`);
    try {
      if ((await fetch(origin)).ok) break;
    } catch {
      if (attempt > 100) throw new Error(`scripts/serve.mjs did not answer on ${origin}`);
    }
    await sleep(100);
  }
  return {
    origin,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    },
  };
}

/**
 * One Lighthouse run of one URL.
 * @param {string} url
 * @param {string} chromePath
 * @returns {Promise<Report>}
 */
export async function lighthouseRun(url, chromePath) {
  const child = spawn(
    process.execPath,
    [
      'node_modules/lighthouse/cli/index.js',
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, CHROME_PATH: chromePath } },
  );
  /** @type {Buffer[]} */
  const chunks = [];
  child.stdout.on('data', (chunk) => chunks.push(chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`lighthouse ${url} exited with code ${code}`);
  const report = /** @type {Report} */ (JSON.parse(Buffer.concat(chunks).toString('utf8')));
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  return report;
}

/**
 * The audits of a category that did not get full marks in a run. Informative, manual and not-applicable audits carry
 * no score and are left out; so are performance's weightless diagnostics, which only explain the five metrics.
 * @param {Report} report
 * @param {string} category
 * @returns {Audit[]}
 */
export function failedAudits(report, category) {
  return (report.categories[category]?.auditRefs ?? [])
    .filter((ref) => category !== 'performance' || ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => /** @type {Audit} */ (audit));
}

/**
 * The elements an audit flagged (axe's failing nodes for accessibility audits), for the report.
 * @param {Audit} audit
 * @returns {string[]} `selector: explanation` per element
 */
export function flaggedElements(audit) {
  return (audit.details?.items ?? []).flatMap(({ node }) =>
    node ? [`${node.selector ?? node.snippet ?? '?'}: ${(node.explanation ?? '').replace(/\s+/g, ' ').trim()}`] : [],
  );
}
