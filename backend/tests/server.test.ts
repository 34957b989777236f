import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TEST_SITE_URL, startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
before(async () => {
  backend = await startBackend();
});
after(async () => {
  await backend.stop();
});

describe('health', () => {
  test('GET /_health answers 204', async () => {
    const res = await fetch(`${backend.url}/_health`);
    assert.equal(res.status, 204);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${backend.url}/api/auth/local`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });

  test("allows the site's origin, with credentials", async () => {
    const res = await preflight(TEST_SITE_URL);
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), TEST_SITE_URL);
    assert.equal(res.headers.get('access-control-allow-credentials'), 'true');
    assert.match(res.headers.get('access-control-allow-headers') ?? '', /authorization/i);
  });

  test('does not allow another origin', async () => {
    const res = await preflight('http://evil.test');
    assert.notEqual(res.headers.get('access-control-allow-origin'), 'http://evil.test');
    assert.notEqual(res.headers.get('access-control-allow-origin'), '*');
  });
});

describe('admin panel', () => {
  test('is not served when SERVE_ADMIN_PANEL=false (tests run without an admin build)', async () => {
    const res = await fetch(`${backend.url}/admin`, { redirect: 'manual' });
    assert.equal(res.status, 404);
  });
});
