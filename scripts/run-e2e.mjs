#!/usr/bin/env node
// Runs the Playwright suite against the real thing: two test backends (Strapi with a temporary database and a
// mail catcher each; the second with email confirmation on), the site built against each, served on free ports.
// Everything it starts, it stops. Extra arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

/** @returns {Promise<number>} a port nothing listens on right now */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

process.env.ASTRO_TELEMETRY_DISABLED = '1';
process.env.STRAPI_TELEMETRY_DISABLED = 'true';

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];

/**
 * Starts a backend process and waits for the line that says where it listens.
 * @param {string} siteUrl the site origin it must allow (CORS) and link to (emails)
 * @param {string[]} settings KEY=VALUE overrides
 * @returns {Promise<{ url: string, mailUrl: string, modelUrl: string }>}
 */
async function startBackend(siteUrl, settings) {
  const child = spawn(process.execPath, ['scripts/e2e-backend.ts', siteUrl, ...settings], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the test backend exited with code ${code} before it was ready`);
  });
  const ready = (async () => {
    for await (const line of lines) {
      if (line.startsWith('{'))
        return /** @type {{ url: string, mailUrl: string, modelUrl: string }} */ (JSON.parse(line));
      console.log(`[backend] ${line}`);
    }
    throw new Error('the test backend closed its output before it was ready');
  })();
  return Promise.race([ready, exited]);
}

/**
 * @param {string[]} args
 * @param {Record<string, string>} env
 */
async function run(command, args, env) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  const [code] = await once(child, 'exit');
  return /** @type {number} */ (code ?? 1);
}

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

let exitCode = 1;
try {
  const [sitePort, confirmPort] = await Promise.all([freePort(), freePort()]);
  const site = `http://127.0.0.1:${sitePort}`;
  const confirmSite = `http://127.0.0.1:${confirmPort}`;
  // A low sign-in limit so the "too many attempts" story can reach it; Strapi counts per identifier and path,
  // so other tests (each with its own account) stay far below it.
  const [backend, confirmBackend] = await Promise.all([
    startBackend(site, ['AUTH_RATE_LIMIT_MAX=8']),
    startBackend(confirmSite, ['EMAIL_CONFIRMATION=true']),
  ]);
  console.log(`e2e: backend ${backend.url} (mail ${backend.mailUrl}); with confirmation ${confirmBackend.url}`);

  const build = (outDir, siteUrl, backendUrl) =>
    run('npx', ['astro', 'build', '--outDir', outDir], {
      ASTRO_TELEMETRY_DISABLED: '1',
      SITE_URL: siteUrl,
      PUBLIC_BACKEND_URL: backendUrl,
      // The backends register the local OAuth2 test provider; the site offers it like any social provider.
      PUBLIC_AUTH_PROVIDERS: 'studyease-test',
    });
  if ((await build('dist', site, backend.url)) !== 0) throw new Error('site build failed');
  if ((await build('dist-confirm', confirmSite, confirmBackend.url)) !== 0) throw new Error('site build failed');

  exitCode = await run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    E2E_PORT: String(sitePort),
    E2E_CONFIRM_PORT: String(confirmPort),
    E2E_BACKEND_URL: backend.url,
    E2E_MAIL_URL: backend.mailUrl,
    E2E_MODEL_URL: backend.modelUrl,
    E2E_CONFIRM_BACKEND_URL: confirmBackend.url,
    E2E_CONFIRM_MAIL_URL: confirmBackend.mailUrl,
  });
} catch (error) {
  console.error('e2e:', error instanceof Error ? error.message : error);
} finally {
  stopAll();
}
process.exit(exitCode);
