// The practice routes that run the engines (session, answer) share the tutor's per-minute limit, per account and per
// IP (src/api/practice/middlewares/rate-limit.ts); reading the skills is not limited.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ErrorResponseSchema, call, registerAccount } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
before(async () => {
  backend = await startBackend({ TUTOR_RATE_LIMIT_PER_MINUTE: '3' });
});
after(async () => {
  await backend.stop();
});

test('sessions and answers are limited per minute with a clear 429; the skills list is not', async () => {
  const { jwt: token } = await registerAccount(backend.url);
  const answer = () =>
    call(backend.url, 'POST', '/api/practice/answer', {
      token,
      body: { question: 'no-such-question', answer: 'x = 1', hintsUsed: 0 },
    });
  // Counted before the work: an unknown question still costs a request.
  for (let i = 0; i < 3; i += 1) assert.equal((await answer()).status, 404);
  const limited = await answer();
  assert.equal(limited.status, 429);
  assert.match(ErrorResponseSchema.parse(limited.body).error.message, /Too many practice requests/);
  assert.equal((await call(backend.url, 'POST', '/api/practice/session', { token, body: {} })).status, 429);
  for (let i = 0; i < 5; i += 1) {
    assert.equal((await call(backend.url, 'GET', '/api/practice/skills', { token })).status, 200);
  }
});
