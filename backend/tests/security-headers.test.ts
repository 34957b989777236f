// The security headers of every kind of backend response: API routes, errors, /_health (the admin panel keeps
// the policy of strapi::security; the tests run without an admin build).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { newAccount } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
before(async () => {
  backend = await startBackend();
});
after(async () => {
  await backend.stop();
});

const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const assertSecurityHeaders = (res: Response, what: string, options: { https?: boolean } = {}) => {
  const csp = res.headers.get('content-security-policy') ?? '';
  assert.equal(csp, API_CSP, `${what}: Content-Security-Policy`);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, what);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff', what);
  assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', what);
  assert.equal(res.headers.get('x-frame-options'), 'DENY', what);
  assert.match(res.headers.get('permissions-policy') ?? '', /camera=\(\)/, what);
  assert.equal(res.headers.get('x-powered-by'), null, what);
  if (options.https) assert.match(res.headers.get('strict-transport-security') ?? '', /^max-age=\d+/, what);
  else assert.equal(res.headers.get('strict-transport-security'), null, `${what}: no HSTS over plain HTTP`);
};

describe('security headers', () => {
  test('on API routes, errors and /_health', async () => {
    const account = newAccount('headers');
    const json = { 'content-type': 'application/json' };
    const cases: [string, Promise<Response>, number][] = [
      ['health', fetch(`${backend.url}/_health`), 204],
      ['public content', fetch(`${backend.url}/api/plans`), 200],
      [
        'register',
        fetch(`${backend.url}/api/auth/local/register`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify(account),
        }),
        200,
      ],
      ['validation error', fetch(`${backend.url}/api/auth/local`, { method: 'POST', headers: json, body: '{}' }), 400],
      ['forbidden', fetch(`${backend.url}/api/users/me`), 403],
      ['unauthorized', fetch(`${backend.url}/api/users/me`, { headers: { authorization: 'Bearer x.y.z' } }), 401],
      ['unknown route', fetch(`${backend.url}/api/no-such-thing`), 404],
      ['unknown path', fetch(`${backend.url}/no-such-path`), 404],
      ['malformed JSON', fetch(`${backend.url}/api/auth/local`, { method: 'POST', headers: json, body: '{' }), 400],
    ];
    for (const [what, pending, status] of cases) {
      const res = await pending;
      assert.equal(res.status, status, what);
      assertSecurityHeaders(res, what);
    }
  });

  test('X-Forwarded-Proto does not turn on HSTS when the proxy is not trusted', async () => {
    const res = await fetch(`${backend.url}/_health`, { headers: { 'x-forwarded-proto': 'https' } });
    assertSecurityHeaders(res, 'untrusted proxy');
  });
});

describe('behind a trusted TLS proxy', () => {
  test('HSTS is sent for https requests only', async () => {
    await backend.stop();
    backend = await startBackend({ TRUST_PROXY: 'true' });
    const https = await fetch(`${backend.url}/_health`, { headers: { 'x-forwarded-proto': 'https' } });
    assertSecurityHeaders(https, 'https', { https: true });
    const http = await fetch(`${backend.url}/api/plans`, { headers: { 'x-forwarded-proto': 'http' } });
    assertSecurityHeaders(http, 'http');
  });
});
