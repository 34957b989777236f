#!/usr/bin/env node
// Runs the Playwright suite against the real thing: three test backends (Strapi with a temporary database and a
// mail catcher each; the second with email confirmation on; the third seeded with the XSS corpus for
// tests/e2e/xss.spec.ts), the site built against each, served on free ports. Everything it starts, it stops. Extra
// arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '../tools/free-port.ts';
import { startSiteBackend } from '../tools/test-backend/process.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
process.env.STRAPI_TELEMETRY_DISABLED = 'true';

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
/** @type {import('../tools/test-backend/process.ts').BackendProcess[]} */
const backends = [];

/**
 * Starts a test backend (tools/test-backend/process.ts) for the site at `siteUrl`; stopAll() stops it.
 * @param {string} siteUrl the site origin it must allow (CORS) and link to (emails)
 * @param {Record<string, string>} settings backend settings
 * @param {{ xssSeed?: string }} [options]
 */
async function startBackend(siteUrl, settings, options = {}) {
  const backend = await startSiteBackend(siteUrl, settings, { ...options, label: 'backend' });
  backends.push(backend);
  return backend;
}

/**
 * @param {string} command
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
  // Each sends SIGTERM at once; the backends clean up after themselves (and stop when this process's pipe closes).
  for (const backend of backends) void backend.stop();
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

/**
 * The XSS site's build and the seed file its backend writes: inside the project, as Astro needs (see
 * tests/e2e/publish.spec.ts), where no linter, type check or formatter looks.
 */
const xssWork = resolve('node_modules/.cache/studyease-e2e-xss');
const xssDist = `${xssWork}/dist`;
const xssSeed = `${xssWork}/seed.json`;

let exitCode = 1;
try {
  const [sitePort, confirmPort, xssPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const site = `http://127.0.0.1:${sitePort}`;
  const confirmSite = `http://127.0.0.1:${confirmPort}`;
  const xssSite = `http://127.0.0.1:${xssPort}`;
  rmSync(xssWork, { recursive: true, force: true });
  mkdirSync(xssWork, { recursive: true });
  // The XSS backend takes longest (it seeds hundreds of accounts, questions and articles first): the other two
  // sites are built meanwhile. No limits on it; it registers an account per payload and asks hundreds of questions.
  const xssBackendReady = startBackend(
    xssSite,
    { AUTH_RATE_LIMIT_MAX: '100000', FREE_DAILY_QUESTIONS: '0' },
    { xssSeed },
  );
  xssBackendReady.catch(() => undefined); // Awaited below; this only keeps an early failure from going unhandled.
  // A low sign-in limit so the "too many attempts" story can reach it. Strapi counts sign-ins per address, shared
  // by every test of the run: that story runs last, in a project of its own (playwright.config.ts).
  const [backend, confirmBackend] = await Promise.all([
    startBackend(site, { AUTH_RATE_LIMIT_MAX: '30' }),
    // No AI model on this one (AI_BASE_URL empty: no fake model either), so its site is the one built without a
    // model: tests/e2e/tool-availability.spec.ts checks the tools it cannot answer are marked, not advertised.
    startBackend(confirmSite, { EMAIL_CONFIRMATION: 'true', AI_BASE_URL: '' }),
  ]);
  console.log(`e2e: backend ${backend.url} (mail ${backend.mailUrl}); with confirmation ${confirmBackend.url}`);

  /** @param {string} outDir @param {string} siteUrl @param {string} backendUrl */
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
  const xssBackend = await xssBackendReady;
  console.log(`e2e: XSS corpus backend ${xssBackend.url}`);
  if ((await build(xssDist, xssSite, xssBackend.url)) !== 0) throw new Error('site build failed');

  exitCode = await run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    E2E_PORT: String(sitePort),
    E2E_CONFIRM_PORT: String(confirmPort),
    E2E_BACKEND_URL: backend.url,
    E2E_MAIL_URL: backend.mailUrl,
    E2E_MODEL_URL: backend.modelUrl ?? '',
    E2E_CONFIRM_BACKEND_URL: confirmBackend.url,
    E2E_CONFIRM_MAIL_URL: confirmBackend.mailUrl,
    E2E_XSS_PORT: String(xssPort),
    E2E_XSS_DIST: xssDist,
    E2E_XSS_BACKEND_URL: xssBackend.url,
    E2E_XSS_MODEL_URL: xssBackend.modelUrl ?? '',
    E2E_XSS_SEED: xssSeed,
  });
} catch (error) {
  console.error('e2e:', error instanceof Error ? error.message : error);
} finally {
  stopAll();
}
process.exit(exitCode);
