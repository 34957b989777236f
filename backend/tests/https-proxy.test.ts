// Deployed behind a TLS-terminating proxy (PUBLIC_URL is https): cookies become Secure and koa trusts the
// proxy's X-Forwarded-Proto, so the admin still signs in.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call } from './support/api.ts';
import { TEST_ADMIN, startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
before(async () => {
  backend = await startBackend({ PUBLIC_URL: 'https://api.studyease.test' });
});
after(async () => {
  await backend.stop();
});

describe('behind an HTTPS proxy', () => {
  test('the admin refresh cookie is Secure', async () => {
    const res = await call(backend.url, 'POST', '/admin/login', {
      body: TEST_ADMIN,
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.studyease.test' },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('strapi_admin_refresh='));
    assert.ok(cookie);
    assert.match(cookie, /;\s*secure/i);
  });

  test('the server URL is the public one (used for OAuth callbacks and the admin)', () => {
    assert.equal(backend.strapi.config.get('server.absoluteUrl'), 'https://api.studyease.test');
  });
});
