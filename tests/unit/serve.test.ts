import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createRebuilder, type RebuildStatus } from '../../scripts/rebuild.mjs';
import {
  createSiteServer,
  FileCache,
  hookFromEnv,
  REDIRECT_CACHE_CONTROL,
  resolveRequest,
} from '../../scripts/serve.mjs';
import { offSiteRedirects, rawGet, REDIRECT_CORPUS } from '../e2e/redirectCorpus';

let root = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'studyease-serve-'));
  for (const file of ['index.html', 'pricing.html', 'app.html', '404.html', 'blog/post.html', 'robots.txt']) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), file);
  }
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('resolveRequest', () => {
  test('serves pages without their .html and files as they are', async () => {
    expect(await resolveRequest(root, '/')).toEqual({ file: join(root, 'index.html'), status: 200 });
    expect(await resolveRequest(root, '/pricing')).toEqual({ file: join(root, 'pricing.html'), status: 200 });
    expect(await resolveRequest(root, '/blog/post')).toEqual({ file: join(root, 'blog/post.html'), status: 200 });
    expect(await resolveRequest(root, '/robots.txt')).toEqual({ file: join(root, 'robots.txt'), status: 200 });
  });

  test('rewrites every /app path to the app shell, with 404 for unknown tools', async () => {
    expect(await resolveRequest(root, '/app/math-solver/abc')).toEqual({ file: join(root, 'app.html'), status: 200 });
    expect(await resolveRequest(root, '/app/nope')).toEqual({ file: join(root, 'app.html'), status: 404 });
  });

  test('redirects /zh/app and trailing slashes', async () => {
    expect(await resolveRequest(root, '/zh/app')).toEqual({ redirect: '/app' });
    expect(await resolveRequest(root, '/zh/app/math-solver')).toEqual({ redirect: '/app/math-solver' });
    expect(await resolveRequest(root, '/pricing/')).toEqual({ redirect: '/pricing' });
  });

  test('keeps the query and encoded characters of a redirected path as they came', async () => {
    expect(await resolveRequest(root, '/pricing/', '?plan=plus')).toEqual({ redirect: '/pricing?plan=plus' });
    expect(await resolveRequest(root, '/%2Fevil.example/')).toEqual({ redirect: '/%2Fevil.example' });
    expect(await resolveRequest(root, '//evil.example/')).toEqual({ redirect: '/evil.example' });
  });

  test('answers 404 for unknown paths and for paths that climb out of the build', async () => {
    expect(await resolveRequest(root, '/missing')).toEqual({ file: join(root, '404.html'), status: 404 });
    expect(await resolveRequest(root, '/../../etc/passwd')).toEqual({ file: join(root, '404.html'), status: 404 });
  });
});

/** A fake site build: writes `index.html` (with the run's number) into the new folder, or fails, as told. */
const FAKE_BUILD = `
const { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const dir = process.env.FAKE_DIR;
appendFileSync(join(dir, 'runs.log'), 'run\\n');
const run = readFileSync(join(dir, 'runs.log'), 'utf8').trim().split('\\n').length;
const wait = () => { if (existsSync(join(dir, 'hold'))) setTimeout(wait, 20); else finish(); };
const finish = () => {
  if (readFileSync(join(dir, 'mode'), 'utf8').trim() === 'fail') {
    console.error('[content] blog → an-article: description: Too small');
    process.exit(1);
  }
  mkdirSync(process.env.REBUILD_OUT_DIR, { recursive: true });
  writeFileSync(join(process.env.REBUILD_OUT_DIR, 'index.html'), 'build ' + run);
};
wait();
`;

describe('createRebuilder', () => {
  let work = '';
  let initial = '';
  let builds = '';
  const silent = { log: () => undefined, error: () => undefined };

  const setMode = (mode: 'ok' | 'fail') => writeFileSync(join(work, 'mode'), mode);
  const runs = () => readFileSync(join(work, 'runs.log'), 'utf8').trim().split('\n').length;
  const rebuilder = (options: { keep?: number } = {}) =>
    createRebuilder({
      initialFolder: initial,
      buildsDir: builds,
      command: `${JSON.stringify(process.execPath)} fake-build.cjs {outDir}`,
      cwd: work,
      env: { ...process.env, FAKE_DIR: work },
      debounceMs: 10,
      logger: silent,
      ...options,
    });

  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'studyease-rebuild-'));
    initial = join(work, 'dist');
    builds = join(work, 'builds');
    mkdirSync(initial);
    writeFileSync(join(initial, 'index.html'), 'initial');
    writeFileSync(join(work, 'fake-build.cjs'), FAKE_BUILD);
    writeFileSync(join(work, 'runs.log'), '');
    rmSync(join(work, 'runs.log'));
    setMode('ok');
  });

  afterEach(() => {
    rmSync(work, { recursive: true, force: true });
  });

  test('builds into a new folder and serves it from then on, in the same process', async () => {
    const site = rebuilder();
    expect(site.servedFolder).toBe(initial);
    site.request();
    await site.idle();
    const status = site.status();
    expect(status.lastBuild).toMatchObject({ ok: true });
    expect(status.servedFolder).not.toBe(initial);
    expect(status.servedFolder).toBe(status.lastBuild?.folder);
    expect(status.servedFolder.startsWith(builds)).toBe(true);
    expect(status.pid).toBe(process.pid);
    expect(readFileSync(join(status.servedFolder, 'index.html'), 'utf8')).toBe('build 1');
  });

  test('a failed build keeps the previous folder served, reports the error and leaves no folder behind', async () => {
    const site = rebuilder();
    site.request();
    await site.idle();
    const good = site.servedFolder;
    setMode('fail');
    site.request();
    await site.idle();
    const { lastBuild, servedFolder } = site.status();
    expect(servedFolder).toBe(good);
    expect(lastBuild).toMatchObject({ ok: false });
    expect(lastBuild?.error).toContain('exited with code 1');
    expect(lastBuild?.error).toContain('description: Too small');
    expect(existsSync(lastBuild?.folder ?? '')).toBe(false);
    expect(readdirSync(builds)).toEqual([basename(good)]);
  });

  test('a burst of hooks makes one build', async () => {
    const site = rebuilder();
    site.request();
    site.request();
    site.request();
    await site.idle();
    expect(runs()).toBe(1);
  });

  test('hooks that arrive during a build make exactly one follow-up build', async () => {
    const site = rebuilder();
    writeFileSync(join(work, 'hold'), '');
    site.request();
    await vi.waitFor(() => expect(site.status().building).toBe(true), { timeout: 10_000 });
    await vi.waitFor(() => expect(existsSync(join(work, 'runs.log'))).toBe(true), { timeout: 10_000 });
    site.request();
    site.request();
    expect(site.status()).toMatchObject({ building: true, pending: true });
    rmSync(join(work, 'hold'));
    await site.idle();
    expect(runs()).toBe(2);
    expect(readFileSync(join(site.servedFolder, 'index.html'), 'utf8')).toBe('build 2');
  });

  test('keeps the newest builds, never the first folder, and never one a request still reads', async () => {
    const site = rebuilder({ keep: 2 });
    site.request();
    await site.idle();
    const first = site.servedFolder;
    const lease = site.acquire();
    expect(lease.folder).toBe(first);
    for (let i = 0; i < 3; i += 1) {
      site.request();
      await site.idle();
    }
    // Four builds, two kept, and the first one too while a request reads it.
    expect(existsSync(first)).toBe(true);
    expect(readdirSync(builds)).toHaveLength(3);
    lease.release();
    site.request();
    await site.idle();
    expect(existsSync(first)).toBe(false);
    expect(readdirSync(builds)).toHaveLength(2);
    expect(existsSync(initial)).toBe(true);
  });
});

describe('createSiteServer with the rebuild hook', () => {
  let work = '';
  const servers: Server[] = [];

  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'studyease-hook-'));
    mkdirSync(join(work, 'dist'));
    writeFileSync(join(work, 'dist', 'index.html'), 'initial');
    writeFileSync(join(work, 'dist', '404.html'), 'not found');
  });

  afterEach(async () => {
    for (const server of servers) server.closeAllConnections();
    await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
    rmSync(work, { recursive: true, force: true });
  });

  /** Starts a server on a free port; `hook` on unless null. */
  async function start(command: string | null): Promise<string> {
    const hook =
      command === null
        ? undefined
        : hookFromEnv(join(work, 'dist'), {
            ...process.env,
            REBUILD_SECRET: 'top-secret',
            REBUILD_DIR: join(work, 'builds'),
            REBUILD_COMMAND: command,
            REBUILD_DEBOUNCE_MS: '10',
          });
    const server = createSiteServer({ root: join(work, 'dist'), ...(hook ? { hook } : {}) });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    return `http://127.0.0.1:${address.port}`;
  }

  const auth = { authorization: 'Bearer top-secret' };
  const writeIndex = (text: string) =>
    `mkdir -p {outDir} && printf ${text} > {outDir}/index.html && printf x > {outDir}/404.html`;

  test('is off without a secret: /__rebuild answers 404 and the site is served as before', async () => {
    const url = await start(null);
    expect((await fetch(`${url}/__rebuild`, { method: 'POST', headers: auth })).status).toBe(404);
    const status = await fetch(`${url}/__rebuild/status`, { headers: auth });
    expect(status.status).toBe(404);
    expect(await status.text()).toBe('not found');
    expect((await fetch(`${url}/`, { method: 'POST' })).status).toBe(405);
    expect(await (await fetch(`${url}/`)).text()).toBe('initial');
  });

  test('serves a file from memory after the first request, and a file changed in place as it is now', async () => {
    const url = await start(null);
    expect(await (await fetch(`${url}/`)).text()).toBe('initial');
    expect(await (await fetch(`${url}/`)).text()).toBe('initial');
    // `npm run build` into the folder a running `npm run serve` serves: the next request gets the new file.
    writeFileSync(join(work, 'dist', 'index.html'), 'rebuilt in place');
    const page = await fetch(`${url}/`);
    expect(await page.text()).toBe('rebuilt in place');
    expect(page.headers.get('content-length')).toBe(String('rebuilt in place'.length));
    const head = await fetch(`${url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  test('refuses a request without the right secret', async () => {
    const url = await start(writeIndex('rebuilt'));
    expect((await fetch(`${url}/__rebuild`, { method: 'POST' })).status).toBe(401);
    const wrong = { authorization: 'Bearer nope' };
    expect((await fetch(`${url}/__rebuild`, { method: 'POST', headers: wrong })).status).toBe(401);
    expect((await fetch(`${url}/__rebuild/status`)).status).toBe(401);
    expect((await fetch(`${url}/__rebuild`, { headers: auth })).status).toBe(405);
  });

  test('rebuilds on POST and serves the new build; a failed one leaves it serving', async () => {
    // The first build succeeds, every later one fails.
    const url = await start(
      `if [ -f ${work}/built ]; then echo broken >&2; exit 3; fi; touch ${work}/built; ${writeIndex('rebuilt')}`,
    );
    const before = (await (await fetch(`${url}/__rebuild/status`, { headers: auth })).json()) as RebuildStatus;
    expect(before).toMatchObject({ building: false, lastBuild: null, servedFolder: join(work, 'dist') });
    expect((await fetch(`${url}/__rebuild`, { method: 'POST', headers: auth, body: '{}' })).status).toBe(202);
    let status = before;
    await vi.waitFor(
      async () => {
        status = (await (await fetch(`${url}/__rebuild/status`, { headers: auth })).json()) as RebuildStatus;
        expect(status.lastBuild?.ok).toBe(true);
      },
      { timeout: 10_000 },
    );
    expect(status.pid).toBe(process.pid);
    expect(status.servedFolder).toBe(status.lastBuild?.folder);
    expect(await (await fetch(`${url}/`)).text()).toBe('rebuilt');

    const served = status.servedFolder;
    expect((await fetch(`${url}/__rebuild`, { method: 'POST', headers: auth })).status).toBe(202);
    await vi.waitFor(
      async () => {
        status = (await (await fetch(`${url}/__rebuild/status`, { headers: auth })).json()) as RebuildStatus;
        expect(status.lastBuild?.ok).toBe(false);
      },
      { timeout: 10_000 },
    );
    expect(status.lastBuild?.error).toContain('broken');
    expect(status.servedFolder).toBe(served);
    expect(await (await fetch(`${url}/`)).text()).toBe('rebuilt');
  });
});

/** Starts a site server over `folder` on a free port; the caller closes it. */
async function listen(folder: string, fileCache?: FileCache): Promise<{ server: Server; port: number }> {
  const server = createSiteServer({ root: folder, ...(fileCache ? { fileCache } : {}) });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { server, port: address.port };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
}

describe("the site server's redirects", () => {
  test('the trailing-slash redirect never leaves the site', async () => {
    const { server, port } = await listen(root);
    try {
      // The three examples, then the whole corpus, sent byte for byte.
      for (const [target, location] of [
        ['/%2Fevil.example/', '/%2Fevil.example'],
        ['/%5Cevil.example/', '/%5Cevil.example'],
        ['/%2F%2Fevil.example/x/', '/%2F%2Fevil.example/x'],
      ] as const) {
        const response = await rawGet('127.0.0.1', port, target);
        expect(response.status).toBe(301);
        expect(response.headers.get('location')).toBe(location);
        expect(response.headers.get('cache-control')).toBe(REDIRECT_CACHE_CONTROL);
      }
      const { problems, redirects } = await offSiteRedirects('127.0.0.1', port);
      expect(problems).toEqual([]);
      // Most probes become redirects (trailing slash, /zh/app): the check above was not vacuous.
      expect(redirects).toBeGreaterThan(REDIRECT_CORPUS.length * 2);
    } finally {
      await close(server);
    }
  });
});

describe("the site server's file cache", () => {
  let site = '';
  const big = 'x'.repeat(100_000);

  beforeAll(() => {
    site = mkdtempSync(join(tmpdir(), 'studyease-cache-'));
    mkdirSync(join(site, '_astro'));
    writeFileSync(join(site, 'index.html'), 'home');
    writeFileSync(join(site, '404.html'), 'not found');
    for (let i = 0; i < 5; i += 1) writeFileSync(join(site, '_astro', `Big${i}.js`), `${i}${big}`);
  });

  afterAll(() => {
    rmSync(site, { recursive: true, force: true });
  });

  test('the file cache keeps one copy of a file however it is named and stays under its byte limit', async () => {
    const cache = new FileCache({ maxBytes: 250_000, maxAliasBytes: 8_000 });
    const { server, port } = await listen(site, cache);
    try {
      // 300 names of one file: `/a1/..%2F_astro/Big0.js` decodes to `/a1/../_astro/Big0.js`.
      for (let i = 0; i < 300; i += 1) {
        const response = await fetch(`http://127.0.0.1:${port}/a${i}/..%2F_astro/Big0.js`);
        expect(response.status).toBe(200);
        expect((await response.text()).length).toBe(big.length + 1);
      }
      const named = cache.stats();
      expect(named.files).toBe(1);
      expect(named.bytes).toBeLessThanOrEqual(big.length + 2);
      expect(named.aliasBytes).toBeLessThanOrEqual(8_000);
      // Five files of 100 kB do not fit in 250 kB: the oldest go, each still served right.
      for (let i = 0; i < 5; i += 1) {
        const body = await (await fetch(`http://127.0.0.1:${port}/_astro/Big${i}.js`)).text();
        expect(body).toBe(`${i}${big}`);
        expect(cache.stats().bytes).toBeLessThanOrEqual(250_000);
      }
      expect(cache.stats().files).toBe(2);
      expect(await (await fetch(`http://127.0.0.1:${port}/_astro/Big0.js`)).text()).toBe(`0${big}`);
    } finally {
      await close(server);
    }
  });

  test('sends text Brotli- or gzip-compressed as the browser accepts (issue #15), small files and others as they are', async () => {
    const { server, port } = await listen(site);
    try {
      const get = (path: string, acceptEncoding: string) =>
        fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'accept-encoding': acceptEncoding } });
      for (const [accepted, sent] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['identity', null],
      ] as const) {
        // Twice: the second answer comes from the file cache, with the encoding made the first time.
        for (let round = 0; round < 2; round += 1) {
          const response = await get('/_astro/Big1.js', accepted);
          expect(response.headers.get('content-encoding')).toBe(sent);
          expect(response.headers.get('vary')).toBe('Accept-Encoding');
          // 100 kB of one letter compresses to a few hundred bytes.
          const length = Number(response.headers.get('content-length'));
          if (sent) expect(length).toBeLessThan(1000);
          else expect(length).toBe(big.length + 1);
          expect(await response.text()).toBe(`1${big}`);
        }
      }
      // Too small to gain from it.
      const small = await get('/', 'gzip, br');
      expect(small.headers.get('content-encoding')).toBeNull();
      expect(await small.text()).toBe('home');
    } finally {
      await close(server);
    }
  });

  test('keeps 64 MB of files and 1 MB of request paths by default', () => {
    expect(FileCache.MAX_BYTES).toBe(64 * 1024 * 1024);
    expect(FileCache.MAX_ALIAS_BYTES).toBe(1024 * 1024);
    expect(new FileCache().stats()).toEqual({ files: 0, bytes: 0, aliases: 0, aliasBytes: 0 });
  });
});
