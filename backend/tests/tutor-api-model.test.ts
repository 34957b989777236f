import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { startFakeModel, type FakeModel } from '../../tools/fake-model.ts';

let fake: FakeModel;
let backend: Backend;
before(async () => {
  fake = await startFakeModel(
    'Photosynthesis turns light into chemical energy.\nAnswer: light energy to chemical energy',
  );
  backend = await startBackend({
    TUTOR_RATE_LIMIT_PER_MINUTE: '0',
    AI_BASE_URL: fake.url,
    AI_API_KEY: 'secret-key',
    AI_MODEL: 'tiny-test-model',
  });
});
after(async () => {
  await backend.stop();
  await fake.stop();
});

test('with AI_BASE_URL set, a model-only tool answers from the model, marked not checked', async () => {
  const res = await call(backend.url, 'POST', '/api/tutor/solve', {
    body: { tool: 'homework-helper', question: 'What does photosynthesis do?' },
  });
  assert.equal(res.status, 200);
  const answer = res.body as { source: string; status: string; verified: boolean; answer: { text: string } };
  assert.equal(answer.source, 'model');
  assert.equal(answer.status, 'solved');
  assert.equal(answer.answer.text, 'light energy to chemical energy');
  assert.equal(answer.verified, false);
  assert.equal((fake.requests.at(-1) as { model: string }).model, 'tiny-test-model');
});

test('a model answering 500 gives the student a clear message, not a server error', async () => {
  fake.mode = 'error-500';
  const res = await call(backend.url, 'POST', '/api/tutor/solve', {
    body: { tool: 'homework-helper', question: 'What does photosynthesis do?' },
  });
  assert.equal(res.status, 200);
  const answer = res.body as { status: string; reason: string };
  assert.equal(answer.status, 'unsupported');
  assert.match(answer.reason, /not available right now/);
});
