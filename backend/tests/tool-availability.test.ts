// GET /api/tutor/tools (issue #14): which tools this server can answer, with and without an AI model, and the
// friendly refusal a model-only tool gives when a question reaches it anyway.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ToolsAvailabilitySchema } from '@studyease/contract';
import { call } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { startFakeModel, type FakeModel } from '../../tools/fake-model.ts';

const ENGINE_TOOLS = ['math-solver', 'physics-solver', 'chemistry-solver'] as const;
const MODEL_ONLY_TOOLS = ['homework-helper', 'translator'] as const;

const availabilityOf = async (backend: Backend) => {
  const res = await call(backend.url, 'GET', '/api/tutor/tools');
  assert.equal(res.status, 200);
  return ToolsAvailabilitySchema.parse(res.body).tools;
};

describe('without an AI model', () => {
  let backend: Backend;
  before(async () => {
    backend = await startBackend({ TUTOR_RATE_LIMIT_PER_MINUTE: '0', TUTOR_TIMEOUT_MS: '20000' });
  });
  after(async () => {
    await backend.stop();
  });

  test('GET /api/tutor/tools is public and marks only the model-only tools unavailable', async () => {
    const tools = await availabilityOf(backend);
    for (const tool of ENGINE_TOOLS) assert.deepEqual(tools[tool], { available: true, engine: true, model: false });
    for (const tool of MODEL_ONLY_TOOLS) {
      assert.deepEqual(tools[tool], { available: false, engine: false, model: false });
    }
  });

  test('a question for the homework helper gets a friendly refusal of its own, in a student’s words', async () => {
    const res = await call(backend.url, 'POST', '/api/tutor/solve', {
      body: { tool: 'homework-helper', question: 'Explain photosynthesis in simple words' },
    });
    assert.equal(res.status, 200);
    const answer = res.body as { status: string; kind: string; reason: string; answer: unknown; verified: boolean };
    assert.equal(answer.status, 'unsupported');
    assert.equal(answer.kind, 'needs-model');
    assert.match(answer.reason, /^The Homework Helper needs an AI model, which this site doesn't have switched on/);
    assert.match(answer.reason, /try the Math Solver/);
    assert.doesNotMatch(answer.reason, /server|configur/i);
    assert.equal(answer.answer, null);
    assert.equal(answer.verified, false);
  });

  test('a homework helper question a solver can answer points at that solver, the question carried over', async () => {
    const ask = async (question: string) =>
      (await call(backend.url, 'POST', '/api/tutor/solve', { body: { tool: 'homework-helper', question } })).body as {
        kind: string;
        suggestion?: { text: string; tool?: string };
      };
    const equation = await ask('x^2 - 5x + 6 = 0');
    assert.equal(equation.kind, 'needs-model');
    assert.deepEqual(equation.suggestion, { text: 'x^2 - 5x + 6 = 0', tool: 'math-solver' });
    const balancing = await ask('Fe + O2 -> Fe2O3');
    assert.deepEqual(balancing.suggestion, { text: 'Fe + O2 -> Fe2O3', tool: 'chemistry-solver' });
    assert.equal((await ask('Explain photosynthesis in simple words')).suggestion, undefined);
  });

  test('the translator refuses the same way, and the math solver still answers', async () => {
    const translator = await call(backend.url, 'POST', '/api/tutor/solve', {
      body: { tool: 'translator', question: 'Bonjour', options: { from: 'French', to: 'English' } },
    });
    const refused = translator.body as { kind: string; reason: string };
    assert.equal(refused.kind, 'needs-model');
    assert.match(refused.reason, /^The Translator needs an AI model/);
    const math = await call(backend.url, 'POST', '/api/tutor/solve', {
      body: { tool: 'math-solver', question: 'x^2 - 5x + 6 = 0' },
    });
    assert.equal((math.body as { status: string }).status, 'solved');
  });
});

describe('with an AI model', () => {
  let fake: FakeModel;
  let backend: Backend;
  before(async () => {
    fake = await startFakeModel('An explanation.\nAnswer: done');
    backend = await startBackend({ AI_BASE_URL: fake.url, AI_API_KEY: 'key', AI_MODEL: 'tiny-test-model' });
  });
  after(async () => {
    await backend.stop();
    await fake.stop();
  });

  test('every tool is available; the solvers keep their engine and have the model for the rest', async () => {
    const tools = await availabilityOf(backend);
    for (const tool of ENGINE_TOOLS) assert.deepEqual(tools[tool], { available: true, engine: true, model: true });
    for (const tool of MODEL_ONLY_TOOLS) {
      assert.deepEqual(tools[tool], { available: true, engine: false, model: true });
    }
  });
});
