import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../../tools/free-port.ts';
import { type BackendProcess, startSiteBackend } from '../../tools/test-backend/process.ts';
import { e2eEnv } from './support';

// Publishing in the CMS rebuilds the static site (issue #6), end to end: an editor publishes in the admin panel's
// API (`/admin/login`, then `/content-manager/…`), the backend calls the site server's rebuild hook, and the same
// server process serves the new build. This file runs its own pair, so nothing the other specs share changes: a
// test backend (tools/test-backend/process.ts: temporary database, seeded, with the admin account every test backend
// gets) whose SITE_REBUILD_HOOK_URL points at its own site server (scripts/serve.mjs with the hook on, serving a
// copy of dist/ on a free port). The test never calls the hook itself.

/** The e2e backends' admin account: TEST_ADMIN in tools/test-backend/backend.ts. */
const ADMIN = { email: 'admin@studyease.test', password: 'Admin-Passw0rd' };
const ARTICLES = '/content-manager/collection-types/api::article.article';
/** A seeded article, built into dist/ before the tests start. */
const SEEDED_SLUG = 'hints-before-answers';
/** What the issue allows from a publish to the change being live. */
const LIVE_WITHIN_MS = 60_000;

interface RebuildStatus {
  building: boolean;
  pending: boolean;
  lastBuild: { ok: boolean; at: string; folder: string; durationMs: number; error?: string } | null;
  servedFolder: string;
  pid: number;
}

/** The backend the shared dist/ was built against: its pages must not call it either. */
const sharedBackendUrl = e2eEnv('E2E_BACKEND_URL');
let backendUrl = '';
let backend: BackendProcess | undefined;
const secret = randomBytes(16).toString('hex');
const auth = { authorization: `Bearer ${secret}` };
const run = `${Date.now().toString(36)}${process.pid.toString(36)}`;

let server: ChildProcess | undefined;
let siteUrl = '';
let work = '';
/**
 * Inside the project, as the default is: Astro keeps a build's server chunks beside its output only when that is
 * under the working folder, else in the shared .astro/, where another build running at the same time clashes.
 */
const builds = resolve('node_modules/.cache', `studyease-e2e-publish-${run}`);
let adminToken = '';
/** Documents this file created, in the order it created them. */
const created: string[] = [];

async function admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${backendUrl}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(adminToken ? { authorization: `Bearer ${adminToken}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** Creates an article as a draft and publishes it, as an editor does in the admin panel. */
async function publishArticle(fields: { title: string; slug: string; description: string }): Promise<string> {
  const draft = await admin('POST', ARTICLES, { ...fields, body: `Body of ${fields.title}.`, author: 'E2E Editor' });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const documentId = (draft.body as { data: { documentId: string } }).data.documentId;
  created.push(documentId);
  const published = await admin('POST', `${ARTICLES}/${documentId}/actions/publish`, {});
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return documentId;
}

async function status(): Promise<RebuildStatus> {
  const response = await fetch(`${siteUrl}/__rebuild/status`, { headers: auth });
  expect(response.status).toBe(200);
  return (await response.json()) as RebuildStatus;
}

/**
 * Waits for a build that started after `since` (just after a change was saved, so that build read it) to finish.
 * @param since epoch ms
 */
async function waitForBuild(since: number): Promise<RebuildStatus> {
  let latest: RebuildStatus | undefined;
  await expect
    .poll(
      async () => {
        latest = await status();
        const build = latest.lastBuild;
        return build !== null && Date.parse(build.at) - build.durationMs >= since;
      },
      { timeout: LIVE_WITHIN_MS, intervals: [500], message: 'a rebuild after the change' },
    )
    .toBe(true);
  if (!latest) throw new Error('unreachable');
  return latest;
}

/** What the three places an article is listed in say about `slug`. */
async function listings(slug: string): Promise<{ blog: boolean; sitemap: boolean; rss: boolean; page: number }> {
  const text = async (path: string) => (await fetch(`${siteUrl}${path}`)).text();
  const [blog, sitemap, rss, page] = await Promise.all([
    text('/blog'),
    text('/sitemap-0.xml'),
    text('/rss.xml'),
    fetch(`${siteUrl}/blog/${slug}`).then((response) => response.status),
  ]);
  const link = `/blog/${slug}`;
  return { blog: blog.includes(link), sitemap: sitemap.includes(link), rss: rss.includes(link), page };
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A Strapi start and a dist/ copy.
  test.setTimeout(120_000);
  work = mkdtempSync(join(tmpdir(), 'studyease-publish-'));
  cpSync('dist', join(work, 'dist'), { recursive: true });
  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  backend = await startSiteBackend(
    siteUrl,
    { SITE_REBUILD_HOOK_URL: `${siteUrl}/__rebuild`, SITE_REBUILD_SECRET: secret },
    { label: 'publish backend' },
  );
  backendUrl = backend.url;
  server = spawn(process.execPath, ['scripts/serve.mjs'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: join(work, 'dist'),
      REBUILD_SECRET: secret,
      REBUILD_DIR: builds,
      REBUILD_DEBOUNCE_MS: '300',
      // What the default build command (astro build) reads: the settings run-e2e.mjs builds dist/ with.
      SITE_URL: siteUrl,
      PUBLIC_BACKEND_URL: backendUrl,
      PUBLIC_AUTH_PROVIDERS: 'studyease-test',
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${siteUrl}/__rebuild/status`, { headers: auth }).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 15_000 },
    )
    .toBe(200);
  const login = await admin('POST', '/admin/login', ADMIN);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  adminToken = (login.body as { data: { token: string } }).data.token;
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  // It drops its temporary database before it exits.
  await backend?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
  rmSync(builds, { recursive: true, force: true });
});

test('an article page is static: it answers 200 and loads no React with the backend unreachable', async ({ page }) => {
  const backendRequests: string[] = [];
  for (const origin of new Set([new URL(sharedBackendUrl).origin, new URL(backendUrl).origin])) {
    await page.route(`${origin}/**`, (route) => {
      backendRequests.push(route.request().url());
      return route.abort();
    });
  }
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const response = await page.goto(`${siteUrl}/blog/${SEEDED_SLUG}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /react|client\.|mountAccount|jsx-runtime/.test(path))).toEqual([]);
  expect(backendRequests).toEqual([]);
});

test.describe('publishing in the CMS', () => {
  test.setTimeout(4 * LIVE_WITHIN_MS);
  const slug = `e2e-published-${run}`;
  let firstPid = 0;
  let goodFolder = '';

  test('a published article appears on /blog, in the sitemap and in RSS, from a new build of the same server', async () => {
    const before = await status();
    firstPid = before.pid;
    expect(firstPid).toBe(server?.pid);
    expect(await listings(slug)).toEqual({ blog: false, sitemap: false, rss: false, page: 404 });

    await publishArticle({ title: `Published from the CMS ${run}`, slug, description: 'Goes live by itself.' });
    const since = Date.now();
    const after = await waitForBuild(since);
    expect(after.lastBuild?.error ?? '').toBe('');
    expect(after.lastBuild?.ok).toBe(true);
    expect(after.pid).toBe(firstPid);
    expect(after.servedFolder).not.toBe(before.servedFolder);
    expect(after.servedFolder).toBe(after.lastBuild?.folder);
    expect(await listings(slug)).toEqual({ blog: true, sitemap: true, rss: true, page: 200 });
    goodFolder = after.servedFolder;
  });

  test('an article that breaks the build leaves the previous site serving', async () => {
    // Strapi accepts an empty (but present) required text; the site's schema (src/content.config.ts) does not,
    // so the build fails on it, deterministically.
    const broken = await publishArticle({
      title: `Breaks the build ${run}`,
      slug: `e2e-broken-${run}`,
      description: '',
    });
    const since = Date.now();
    const after = await waitForBuild(since);
    expect(after.lastBuild?.ok).toBe(false);
    expect(after.lastBuild?.error).toContain('description');
    expect(after.servedFolder).toBe(goodFolder);
    expect(after.pid).toBe(firstPid);
    expect(await listings(slug)).toEqual({ blog: true, sitemap: true, rss: true, page: 200 });

    // The editor fixes it by unpublishing; the next build succeeds again.
    const unpublished = await admin('POST', `${ARTICLES}/${broken}/actions/unpublish`, {});
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
    const fixed = await waitForBuild(Date.now());
    expect(fixed.lastBuild?.error ?? '').toBe('');
    expect(fixed.servedFolder).not.toBe(goodFolder);
    goodFolder = fixed.servedFolder;
  });

  test('unpublishing removes the article from all three', async () => {
    const [documentId] = created;
    const unpublished = await admin('POST', `${ARTICLES}/${documentId}/actions/unpublish`, {});
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
    const since = Date.now();
    const after = await waitForBuild(since);
    expect(after.lastBuild?.error ?? '').toBe('');
    expect(after.lastBuild?.ok).toBe(true);
    expect(after.pid).toBe(firstPid);
    expect(after.servedFolder).not.toBe(goodFolder);
    expect(await listings(slug)).toEqual({ blog: false, sitemap: false, rss: false, page: 404 });
  });
});
