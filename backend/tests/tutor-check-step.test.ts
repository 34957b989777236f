// POST /api/tutor/check-step (issue #14, "Check my step"): public like /tutor/check, with the same body validation,
// a cap on the step's length, and the engine's verdict on the student's own next line.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CheckStepResultSchema } from '@studyease/contract';
import { ErrorResponseSchema, call } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
before(async () => {
  // A generous time limit: a worker's first step loads the math engine, which is slow on a loaded CI machine.
  backend = await startBackend({
    TUTOR_RATE_LIMIT_PER_MINUTE: '0',
    TUTOR_MAX_QUESTION_LENGTH: '2000',
    TUTOR_TIMEOUT_MS: '20000',
  });
});
after(async () => {
  await backend.stop();
});

const checkStep = (body: unknown) => call(backend.url, 'POST', '/api/tutor/check-step', { body });
const errorOf = (body: unknown) => ErrorResponseSchema.parse(body).error;

describe('POST /api/tutor/check-step', () => {
  test('a right line on another path than the engine’s is right, with a next move', async () => {
    const res = await checkStep({ tool: 'math-solver', question: '4x + 3 = 2x + 11', step: '2x - 8 = 0' });
    assert.equal(res.status, 200);
    const result = CheckStepResultSchema.parse(res.body);
    assert.equal(result.status, 'right');
    assert.equal(result.equivalent, true);
    assert.match(result.next ?? '', /add 8 to both sides/);
  });

  test('a wrong line says where it went wrong and how to repair it', async () => {
    const res = await checkStep({ tool: 'math-solver', question: '4x + 3 = 2x + 11', step: '2x = 14' });
    const result = CheckStepResultSchema.parse(res.body);
    assert.equal(result.status, 'wrong');
    assert.equal(result.mistake, 'sign');
    assert.match(result.message, /\+3/);
    assert.ok(result.next);
  });

  test('a tool without step checks answers "unsupported" with a reason, not an error', async () => {
    const res = await checkStep({ tool: 'chemistry-solver', question: 'H2 + O2 -> H2O', step: '2H2 + O2 -> 2H2O' });
    assert.equal(res.status, 200);
    const result = CheckStepResultSchema.parse(res.body);
    assert.equal(result.status, 'unsupported');
    assert.match(result.message, /Math Solver/);
  });

  test('validates its body: a missing or empty step is a 400 that names it', async () => {
    const missing = await checkStep({ tool: 'math-solver', question: 'x = 1' });
    assert.equal(missing.status, 400);
    assert.match(errorOf(missing.body).message, /step/);
    const empty = await checkStep({ tool: 'math-solver', question: 'x = 1', step: '   ' });
    assert.equal(empty.status, 400);
    assert.match(errorOf(empty.body).message, /step must not be empty/);
    const tool = await checkStep({ tool: 'calculator', question: 'x = 1', step: 'x = 1' });
    assert.equal(tool.status, 400);
  });

  test('a step longer than one line of working is a 413 that says by how much', async () => {
    const res = await checkStep({ tool: 'math-solver', question: 'x = 1', step: `x = ${'1'.repeat(600)}` });
    assert.equal(res.status, 413);
    assert.match(errorOf(res.body).message, /step is too long: 604 characters, at most 500/);
  });
});
