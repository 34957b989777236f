import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ErrorResponseSchema, call } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
before(async () => {
  backend = await startBackend({ TUTOR_RATE_LIMIT_PER_MINUTE: '3' });
});
after(async () => {
  await backend.stop();
});

const ask = (visitor: string) =>
  call(backend.url, 'POST', '/api/tutor/solve', {
    body: { tool: 'homework-helper', question: 'What is photosynthesis?' },
    headers: { 'x-visitor-id': visitor },
  });

test('limits questions per minute per IP and visitor, with a clear 429', async () => {
  for (let i = 0; i < 3; i += 1) assert.equal((await ask('visitor-a')).status, 200);
  const limited = await ask('visitor-a');
  assert.equal(limited.status, 429);
  assert.match(ErrorResponseSchema.parse(limited.body).error.message, /Too many questions/);
  // Same IP, other visitor: the IP's own limit still applies.
  assert.equal((await ask('visitor-b')).status, 429);
});
