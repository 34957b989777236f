import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, mock, test } from 'node:test';
import { z } from 'zod';
import type * as RebuildHookModule from '../src/bootstrap/rebuild-hook.ts';
import { call } from './support/api.ts';
import { freePort } from '../../tools/free-port.ts';
import { startBackend, TEST_ADMIN, type Backend } from '../../tools/test-backend/backend.ts';
import { requireCompiled } from './support/compiled.ts';

// Publishing in the admin calls the static site's rebuild hook (scripts/serve.mjs, POST /__rebuild). A tiny HTTP
// server here stands in for the site and records what it receives.

const { changesSite, createRebuildNotifier, readRebuildHookConfig } =
  requireCompiled<typeof RebuildHookModule>('src/bootstrap/rebuild-hook');

const SECRET = 'hook-secret-for-tests';
const ARTICLE = 'api::article.article';

interface HookCall {
  authorization: string | undefined;
  method: string | undefined;
  url: string | undefined;
}

/** A stand-in for the site's server: answers 202 and records every call. */
const startFakeSite = async (): Promise<{ url: string; calls: HookCall[]; server: Server }> => {
  const calls: HookCall[] = [];
  const server = createServer((req, res) => {
    req.resume();
    calls.push({ authorization: req.headers.authorization, method: req.method, url: req.url });
    res.writeHead(202, { 'content-type': 'application/json' }).end('{"scheduled":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}/__rebuild`, calls, server };
};

/** Waits until `predicate` holds, up to a deadline. */
const waitFor = async (what: string, predicate: () => boolean, timeoutMs = 15_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const articleData = (slug: string): Record<string, unknown> => ({
  title: `Rebuild ${slug}`,
  slug,
  description: 'An article that makes the site rebuild.',
  body: 'Body.',
  author: 'Editor',
  tags: [],
});

describe('readRebuildHookConfig', () => {
  test('is off without SITE_REBUILD_HOOK_URL', () => {
    assert.equal(readRebuildHookConfig({}), null);
    assert.equal(readRebuildHookConfig({ SITE_REBUILD_HOOK_URL: ' ', SITE_REBUILD_SECRET: 'x' }), null);
  });

  test('needs the secret and an http(s) URL', () => {
    assert.throws(
      () => readRebuildHookConfig({ SITE_REBUILD_HOOK_URL: 'http://site/__rebuild' }),
      /SITE_REBUILD_SECRET/,
    );
    assert.throws(
      () => readRebuildHookConfig({ SITE_REBUILD_HOOK_URL: 'ftp://site/x', SITE_REBUILD_SECRET: 'x' }),
      /SITE_REBUILD_HOOK_URL must use http or https/,
    );
    assert.deepEqual(
      readRebuildHookConfig({ SITE_REBUILD_HOOK_URL: 'http://localhost:4321/__rebuild', SITE_REBUILD_SECRET: 's' }),
      { url: 'http://localhost:4321/__rebuild', secret: 's' },
    );
  });
});

describe('changesSite', () => {
  const published = { publishedAt: '2026-11-22T10:00:00.000Z' };
  const draft = { publishedAt: null };

  test('publishing and unpublishing the site content always do', () => {
    for (const uid of ['api::article.article', 'api::legal-page.legal-page', 'api::plan.plan']) {
      assert.equal(changesSite('entry.publish', { uid, entry: published }), true, uid);
      assert.equal(changesSite('entry.unpublish', { uid, entry: published }), true, uid);
    }
  });

  test('writes do when they touch a published version (plans have no drafts), not when a draft is saved', () => {
    assert.equal(changesSite('entry.update', { uid: 'api::plan.plan', entry: published }), true);
    assert.equal(changesSite('entry.delete', { uid: ARTICLE, entry: published }), true);
    assert.equal(changesSite('entry.update', { uid: ARTICLE, entry: draft }), false);
    assert.equal(changesSite('entry.create', { uid: ARTICLE, entry: draft }), false);
    assert.equal(changesSite('entry.draft-discard', { uid: ARTICLE, entry: published }), false);
  });

  test('other content types never do', () => {
    assert.equal(changesSite('entry.publish', { uid: 'api::conversation.conversation', entry: published }), false);
    assert.equal(changesSite('entry.create', { uid: 'plugin::users-permissions.user', entry: published }), false);
  });
});

describe('createRebuildNotifier', () => {
  test('a burst of changes makes one call, after the changes stop', async () => {
    const site = await startFakeSite();
    const log = { info: () => undefined, warn: () => undefined };
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const notifier = createRebuildNotifier({ url: site.url, secret: SECRET }, log, 1000);
      notifier.notify();
      mock.timers.tick(900);
      notifier.notify();
      mock.timers.tick(900);
      notifier.notify();
      mock.timers.tick(999);
      assert.equal(site.calls.length, 0);
      mock.timers.tick(1);
    } finally {
      mock.timers.reset();
    }
    await waitFor('the hook call', () => site.calls.length === 1);
    assert.deepEqual(site.calls, [{ authorization: `Bearer ${SECRET}`, method: 'POST', url: '/__rebuild' }]);
    site.server.close();
  });

  test('logs a site it cannot reach and does not throw', async () => {
    const warnings: string[] = [];
    const port = await freePort();
    const log = { info: () => undefined, warn: (message: string) => void warnings.push(message) };
    const notifier = createRebuildNotifier({ url: `http://127.0.0.1:${port}/__rebuild`, secret: SECRET }, log, 0);
    notifier.notify();
    await waitFor('the warning', () => warnings.length === 1);
    assert.match(warnings[0] ?? '', /could not reach the site's rebuild hook/);
  });
});

describe('the backend with SITE_REBUILD_HOOK_URL', () => {
  let backend: Backend;
  let site: Awaited<ReturnType<typeof startFakeSite>>;

  before(async () => {
    site = await startFakeSite();
    backend = await startBackend({ SITE_REBUILD_HOOK_URL: site.url, SITE_REBUILD_SECRET: SECRET });
  });

  after(async () => {
    // Both are unset when before() failed, and after() runs all the same.
    /* eslint-disable @typescript-eslint/no-unnecessary-condition -- see above */
    await backend?.stop();
    site?.server.close();
    /* eslint-enable @typescript-eslint/no-unnecessary-condition */
  });

  /** Runs `action` and waits for the one hook call it causes (the debounce folds its events into one). */
  const expectHookAfter = async (what: string, action: () => Promise<unknown>): Promise<void> => {
    const before = site.calls.length;
    await action();
    await waitFor(`the hook after ${what}`, () => site.calls.length > before);
    assert.deepEqual(site.calls.at(-1), { authorization: `Bearer ${SECRET}`, method: 'POST', url: '/__rebuild' });
  };

  test('publishing, unpublishing, publishing again and deleting in the admin panel call the hook', async () => {
    const login = await call(backend.url, 'POST', '/admin/login', { body: TEST_ADMIN });
    const token = z.object({ data: z.object({ token: z.string() }) }).parse(login.body).data.token;
    const base = `/content-manager/collection-types/${ARTICLE}`;

    const created = await call(backend.url, 'POST', base, { token, body: articleData('rebuild-admin') });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { documentId } = z.object({ data: z.object({ documentId: z.string() }) }).parse(created.body).data;

    await expectHookAfter('publish', async () => {
      const res = await call(backend.url, 'POST', `${base}/${documentId}/actions/publish`, { token, body: {} });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    });
    await expectHookAfter('unpublish', async () => {
      const res = await call(backend.url, 'POST', `${base}/${documentId}/actions/unpublish`, { token, body: {} });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    });
    await expectHookAfter('publish again', async () => {
      const res = await call(backend.url, 'POST', `${base}/${documentId}/actions/publish`, { token, body: {} });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    });
    await expectHookAfter('delete', async () => {
      const res = await call(backend.url, 'DELETE', `${base}/${documentId}`, { token });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    });
  });

  test('a plan (no drafts) calls it when it is updated', async () => {
    const plans = z
      .array(z.object({ documentId: z.string() }))
      .parse(await backend.strapi.db.query('api::plan.plan').findMany({}));
    const plan = plans[0]?.documentId ?? '';
    await expectHookAfter('a plan update', () =>
      backend.strapi.documents('api::plan.plan').update({ documentId: plan, data: { ctaLabel: 'Start now' } }),
    );
  });

  test('a site that is down does not fail the editor’s publish', async () => {
    site.server.close();
    site.server.closeAllConnections();
    const article = await backend.strapi
      .documents(ARTICLE)
      .create({ data: articleData('rebuild-site-down'), status: 'published' });
    assert.equal(z.object({ publishedAt: z.string() }).safeParse(article).success, true);
  });
});
