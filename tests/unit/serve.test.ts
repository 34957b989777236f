import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resolveRequest } from '../../scripts/serve.mjs';

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

  test('answers 404 for unknown paths and for paths that climb out of the build', async () => {
    expect(await resolveRequest(root, '/missing')).toEqual({ file: join(root, '404.html'), status: 404 });
    expect(await resolveRequest(root, '/../../etc/passwd')).toEqual({ file: join(root, '404.html'), status: 404 });
  });
});
