// Lighthouse (mobile, its default: Moto G Power emulation, simulated slow 4G) for `npm run bench --lighthouse`:
// serves a built site with scripts/serve.mjs and runs the `lighthouse` CLI against each page in Debian's Chromium.
// The CLI runs in its own process per run, so each run gets a fresh browser profile and no state carries over. A
// signed-in page (the app) gets a Chromium of its own per run, fresh too, with the session cookie set before the run.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
 * A student with one answered conversation, made through the backend's API as the app does: an account registered,
 * a conversation of `tool` created, one question asked and its streamed answer read to the end (the backend saves it).
 * @param {string} backendUrl the backend the site was built against
 * @param {string} tool a tool id (`math-solver`)
 * @param {string} question
 * @returns {Promise<{ jwt: string, path: string }>} the session's token and the conversation's app path
 */
export async function answeredConversation(backendUrl, tool, question) {
  const api = `${backendUrl.replace(/\/+$/, '')}/api`;
  const id = `bench${Date.now().toString(36)}${process.pid.toString(36)}`;
  /** @param {string} path @param {RequestInit} init */
  const call = async (path, init) => {
    const response = await fetch(`${api}${path}`, init);
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  const json = { 'Content-Type': 'application/json' };
  const registered = await call('/auth/local/register', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: id, email: `${id}@example.test`, password: `Bench-${id}-pass` }),
  });
  const { jwt } = /** @type {{ jwt: string }} */ (await registered.json());
  const auth = { ...json, Authorization: `Bearer ${jwt}` };
  const created = await call('/conversations', { method: 'POST', headers: auth, body: JSON.stringify({ tool }) });
  const { data } = /** @type {{ data: { documentId: string } }} */ (await created.json());
  const asked = await call(`/conversations/${encodeURIComponent(data.documentId)}/messages`, {
    method: 'POST',
    headers: { ...auth, Accept: 'text/event-stream' },
    body: JSON.stringify({ text: question }),
  });
  const events = await asked.text();
  if (!/event: ?answer/.test(events))
    throw new Error(`the question "${question}" got no answer: ${events.slice(0, 500)}`);
  return { jwt, path: `/app/${tool}/${data.documentId}` };
}

/**
 * Debian's Chromium, headless, on a free DevTools port with a fresh profile, as the Lighthouse CLI would start it.
 * @param {string} chromePath
 * @returns {Promise<{ port: number, browserSocket: string, stop: () => Promise<void> }>}
 */
async function launchChromium(chromePath) {
  const profile = await mkdtemp(join(tmpdir(), 'studyease-lighthouse-'));
  const child = spawn(
    chromePath,
    [
      '--headless=new',
      '--no-sandbox',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      // The flags Lighthouse's own launcher adds, so that the browser does no work of its own during a run.
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-extensions',
      '--disable-component-update',
      '--disable-background-networking',
      '--disable-sync',
      '--disable-default-apps',
      '--mute-audio',
      '--metrics-recording-only',
      '--disable-client-side-phishing-detection',
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    // Chromium's helpers may still be writing the profile for a moment after it exits.
    await rm(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  try {
    const browserSocket = await new Promise((resolve, reject) => {
      let text = '';
      child.stderr.on('data', (/** @type {Buffer} */ chunk) => {
        text += chunk.toString('utf8');
        const found = /DevTools listening on (ws:\/\/\S+)/.exec(text);
        if (found) resolve(found[1]);
      });
      child.once('exit', (code) => reject(new Error(`${chromePath} exited with code ${code}: ${text.slice(-500)}`)));
    });
    return { port: Number(new URL(browserSocket).port), browserSocket, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * One DevTools command on the browser's own target.
 * @param {string} browserSocket
 * @param {string} method
 * @param {object} params
 */
async function devtools(browserSocket, method, params) {
  const socket = new WebSocket(browserSocket);
  try {
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', () => reject(new Error(`DevTools at ${browserSocket} could not be reached`)));
    });
    const answer = new Promise((resolve, reject) => {
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data));
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      });
    });
    socket.send(JSON.stringify({ id: 1, method, params }));
    return await answer;
  } finally {
    socket.close();
  }
}

/**
 * One Lighthouse run of one URL.
 * @param {string} url
 * @param {string} chromePath
 * @param {{ cookie?: { name: string, value: string } }} [options] a cookie of the page's origin to set before the
 *   run (a signed-in page: the session cookie the app reads, src/lib/sessionCookie.ts)
 * @returns {Promise<Report>}
 */
export async function lighthouseRun(url, chromePath, options = {}) {
  const browser = options.cookie ? await launchChromium(chromePath) : null;
  try {
    if (browser && options.cookie) {
      await devtools(browser.browserSocket, 'Storage.setCookies', {
        cookies: [{ ...options.cookie, url: new URL('/', url).href, sameSite: 'Lax' }],
      });
    }
    const child = spawn(
      process.execPath,
      [
        'node_modules/lighthouse/cli/index.js',
        url,
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--only-categories=${CATEGORIES.join(',')}`,
        // Its own fresh browser, or the one started above: that profile is new, and a storage reset would clear the
        // cookie (the cache is empty all the same).
        ...(browser
          ? [`--port=${browser.port}`, '--disable-storage-reset']
          : ['--chrome-flags=--headless=new --no-sandbox']),
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
  } finally {
    await browser?.stop();
  }
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
