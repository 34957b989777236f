import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { startFakeModel, structuredRequest, WRONG_ARITHMETIC_REPLY, type FakeModel } from '../../tools/fake-model.ts';

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

/** The fields of an answer these tests read. */
interface Answer {
  source: string;
  status: string;
  verified: boolean;
  readByModel?: boolean;
  question: { text: string; latex: string };
  answer: { text: string } | null;
  checks: { kind: string; passed: boolean; detail: string }[];
  reason?: string;
}

test('a question the engine cannot read is restated by the model and solved by the engine, read by the model', async () => {
  fake.mode = 'ok';
  fake.structured = structuredRequest({ topic: 'equation', expression: '3x-7=11', variable: 'x' });
  try {
    const res = await call(backend.url, 'POST', '/api/tutor/solve', {
      body: { tool: 'math-solver', question: 'Résous trois x moins sept égale onze' },
    });
    assert.equal(res.status, 200);
    const answer = res.body as Answer;
    assert.equal(answer.source, 'engine');
    assert.equal(answer.readByModel, true);
    assert.equal(answer.answer?.text, 'x = 6');
    assert.equal(answer.verified, true);
    assert.ok(answer.question.latex, 'the reading is shown as maths');
  } finally {
    fake.structured = null;
  }
});

test("a model's wrong multiplication is marked in its answer over HTTP, and the answer is not verified", async () => {
  fake.mode = 'ok';
  fake.reply = WRONG_ARITHMETIC_REPLY;
  const res = await call(backend.url, 'POST', '/api/tutor/solve', {
    body: { tool: 'homework-helper', question: 'How many pencils are in two boxes?' },
  });
  const answer = res.body as Answer;
  assert.equal(answer.source, 'model');
  assert.equal(answer.verified, false);
  assert.deepEqual(
    answer.checks.filter((check) => !check.passed).map((check) => check.detail),
    ['6 × 7 = 41 is wrong: 6 × 7 = 42.'],
  );
});

test('malformed JSON from the model reaches the student as plain words, no parser message or stack', async () => {
  fake.mode = 'malformed';
  try {
    // The homework helper has no engine whose verdict could stand in: the model's answer is the only one.
    const res = await call(backend.url, 'POST', '/api/tutor/solve', {
      body: { tool: 'homework-helper', question: 'What does photosynthesis do?' },
    });
    assert.equal(res.status, 200);
    const answer = res.body as Answer;
    assert.equal(answer.status, 'unsupported');
    assert.equal(answer.reason, 'The AI model sent an answer that could not be read. Please try again.');
    assert.doesNotMatch(JSON.stringify(res.body), /JSON|Unexpected|position \d|at .*\.js:\d/);
  } finally {
    fake.mode = 'ok';
  }
});
