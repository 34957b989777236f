#!/usr/bin/env node
// `npm start`: the whole product on one machine. Starts the mail catcher, builds and starts the Strapi backend
// (SQLite, seeded on first start, admin panel included), waits until it is healthy, builds the site against it
// and serves it. Prints every URL; Ctrl+C stops everything.
// Publishing in the admin panel rebuilds the site: the site server runs with its rebuild hook on (a random secret
// per start) and the backend calls it on every publish, unpublish or change of the site's content.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { saveSecret } from './secrets.mjs';

const SITE_PORT = Number(process.env.PORT) || 4321;
const BACKEND_PORT = Number(process.env.BACKEND_PORT) || 1337;
const MAIL_SMTP_PORT = Number(process.env.MAIL_CATCHER_SMTP_PORT) || 1025;
const MAIL_HTTP_PORT = Number(process.env.MAIL_CATCHER_HTTP_PORT) || 1080;
const SITE_URL = process.env.SITE_URL || `http://localhost:${SITE_PORT}`;
const BACKEND_URL = process.env.PUBLIC_BACKEND_URL || `http://localhost:${BACKEND_PORT}`;
/** The site's rebuild hook (scripts/serve.mjs); the secret lives only as long as this start. */
const REBUILD_HOOK_URL = `http://localhost:${SITE_PORT}/__rebuild`;
const REBUILD_SECRET = randomBytes(24).toString('base64url');
/** Where the secret is kept for whoever wants to ask the hook's status (the terminal never shows it). */
const REBUILD_SECRET_NAME = 'rebuild-secret';

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
/** The rebuild secret's file while this start runs; removed on stop (the next start makes a new secret). */
let secretFile = '';
const env = {
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: '1',
  STRAPI_TELEMETRY_DISABLED: 'true',
};

function stopAll(code = 0) {
  if (secretFile) rmSync(secretFile, { force: true });
  for (const child of children) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    // The whole group: `npm run start` does not pass SIGTERM on to Strapi, which would be left running.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
  process.exit(code);
}

/** Runs a command to completion; exits everything when it fails. */
async function run(label, command, args, extraEnv = {}) {
  console.log(`start: ${label}…`);
  const child = spawn(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  const [code] = await once(child, 'exit');
  if (code !== 0) {
    console.error(`start: ${label} failed (exit code ${code})`);
    stopAll(1);
  }
}

/** Starts a long-running process; if it dies, everything stops, so nothing is left half up. */
function daemon(label, command, args, extraEnv = {}) {
  // Its own process group, so that stopAll() reaches whatever it starts (npm → Strapi). Ctrl+C reaches this
  // process only, and stopAll() passes it on.
  const child = spawn(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv }, detached: true });
  children.push(child);
  child.on('exit', (code) => {
    console.error(`start: ${label} stopped (exit code ${code}); stopping the rest`);
    stopAll(code || 1);
  });
  return child;
}

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error(`start: the backend did not become healthy at ${url} within ${timeoutMs / 1000} s`);
  stopAll(1);
}

/**
 * What `npm start` prints once everything is up. The rebuild secret is named by its file, never printed: this text
 * ends up in terminals' scrollback and in logs (issue #11).
 * @param {{ siteUrl: string, backendUrl: string, mail: string, rebuildHookUrl: string, secretFile: string }} urls
 * @returns {string}
 */
export function statusText({ siteUrl, backendUrl, mail, rebuildHookUrl, secretFile }) {
  return `
StudyEase is running:
  site          ${siteUrl}
  backend API   ${backendUrl}/api
  admin panel   ${backendUrl}/admin
  mail catcher  ${mail}
  rebuild hook  ${rebuildHookUrl} (the backend calls it on every publish; the site updates within a minute)
                status: curl -H "Authorization: Bearer $(cat ${secretFile})" ${rebuildHookUrl}/status
Ctrl+C stops everything.`;
}

async function main() {
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  if (!existsSync('backend/node_modules/@strapi/strapi')) {
    console.error('start: the backend is not installed. Run "npm install" first (it installs backend/ too).');
    process.exit(1);
  }
  secretFile = await saveSecret(REBUILD_SECRET_NAME, REBUILD_SECRET);

  const backendEnv = {
    BACKEND_PORT: String(BACKEND_PORT),
    SITE_URL,
    SMTP_HOST: process.env.SMTP_HOST || '127.0.0.1',
    SMTP_PORT: process.env.SMTP_PORT || String(MAIL_SMTP_PORT),
    SITE_REBUILD_HOOK_URL: REBUILD_HOOK_URL,
    SITE_REBUILD_SECRET: REBUILD_SECRET,
  };

  if (!process.env.SMTP_HOST) {
    daemon('mail catcher', process.execPath, ['tools/mail-catcher.mjs'], {
      MAIL_CATCHER_SMTP_PORT: String(MAIL_SMTP_PORT),
      MAIL_CATCHER_HTTP_PORT: String(MAIL_HTTP_PORT),
    });
  }
  // `strapi build` compiles the backend's TypeScript and the admin panel; STUDYEASE_SKIP_BACKEND_BUILD=1 reuses
  // the last build for a faster restart.
  if (process.env.STUDYEASE_SKIP_BACKEND_BUILD !== '1' || !existsSync('backend/dist/build')) {
    await run('building the backend and its admin panel', 'npm', ['run', 'build', '--prefix', 'backend'], backendEnv);
  }
  daemon('backend', 'npm', ['run', 'start', '--prefix', 'backend'], backendEnv);
  await waitForHealth(`${BACKEND_URL}/_health`, 180_000);

  const siteEnv = { SITE_URL, PUBLIC_BACKEND_URL: BACKEND_URL };
  // Into the folder serve.mjs serves (DIST_DIR, default dist/).
  await run('building the site', 'npx', ['astro', 'build', '--outDir', process.env.DIST_DIR || 'dist'], siteEnv);
  // Rebuilds go into node_modules/.cache/studyease-site-builds/ and are swapped in by the same server process;
  // dist/ stays the first build.
  daemon('site', process.execPath, ['scripts/serve.mjs'], {
    ...siteEnv,
    PORT: String(SITE_PORT),
    REBUILD_SECRET,
  });
  await new Promise((resolve) => setTimeout(resolve, 500));

  console.log(
    statusText({
      siteUrl: SITE_URL,
      backendUrl: BACKEND_URL,
      mail: process.env.SMTP_HOST
        ? `(off: mail goes to ${process.env.SMTP_HOST})`
        : `http://localhost:${MAIL_HTTP_PORT}`,
      rebuildHookUrl: REBUILD_HOOK_URL,
      secretFile: relative(process.cwd(), secretFile),
    }),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
