// A backend with a low limit on the auth routes, to see the answer the site turns into "too many attempts".
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ErrorResponseSchema, call } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';

const MAX = 3;

let backend: Backend;
before(async () => {
  backend = await startBackend({ AUTH_RATE_LIMIT_MAX: String(MAX) });
});
after(async () => {
  await backend.stop();
});

describe('auth rate limit', () => {
  test(`answers 429 after ${MAX} sign-in attempts from one address`, async () => {
    const attempt = () =>
      call(backend.url, 'POST', '/api/auth/local', {
        body: { identifier: 'someone@example.com', password: 'Wrong-pass1' },
      });
    for (let i = 0; i < MAX; i += 1) assert.equal((await attempt()).status, 400);
    const res = await attempt();
    assert.equal(res.status, 429);
    const { error } = ErrorResponseSchema.parse(res.body);
    assert.equal(error.name, 'RateLimitError');
    assert.equal(error.message, 'Too many requests, please try again later.');
  });
});
