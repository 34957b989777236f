import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ErrorResponseSchema, call } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
before(async () => {
  // A generous time limit: a worker's first question loads its engine, which is slow on a loaded CI machine, and
  // these tests are about answers, not about the limit.
  backend = await startBackend({
    TUTOR_RATE_LIMIT_PER_MINUTE: '0',
    TUTOR_MAX_QUESTION_LENGTH: '2000',
    TUTOR_TIMEOUT_MS: '20000',
  });
});
after(async () => {
  await backend.stop();
});

const solve = (body: unknown, headers?: Record<string, string>) =>
  call(backend.url, 'POST', '/api/tutor/solve', { body, ...(headers ? { headers } : {}) });

const errorOf = (body: unknown) => ErrorResponseSchema.parse(body).error;

describe('POST /api/tutor/solve', () => {
  test('is public: no account needed', async () => {
    const res = await solve({ tool: 'homework-helper', question: 'Why is the sky blue?' });
    assert.equal(res.status, 200);
  });

  test('without an AI model, a model-only tool says so clearly instead of failing or answering empty', async () => {
    const res = await solve({ tool: 'translator', question: 'Bonjour', options: { from: 'fr', to: 'en' } });
    assert.equal(res.status, 200);
    const answer = res.body as { status: string; reason: string; answer: unknown; verified: boolean; tool: string };
    assert.equal(answer.tool, 'translator');
    assert.equal(answer.status, 'unsupported');
    assert.match(answer.reason, /needs an AI model, which this site doesn.t have switched on/);
    assert.equal(answer.answer, null);
    assert.equal(answer.verified, false);
  });

  test('refuses an unknown tool with 400 and says which tools exist', async () => {
    const res = await solve({ tool: 'essay-writer', question: '1+1' });
    assert.equal(res.status, 400);
    assert.match(errorOf(res.body).message, /tool must be one of: translator, math-solver/);
  });

  test('refuses a missing or empty question, and a body that is not an object', async () => {
    assert.equal((await solve({ tool: 'math-solver' })).status, 400);
    assert.equal((await solve({ tool: 'math-solver', question: '   ' })).status, 400);
    assert.equal((await solve([1, 2])).status, 400);
    assert.equal((await solve({ tool: 'math-solver', question: 42 })).status, 400);
  });

  test('answers malformed JSON with a 400 JSON error', async () => {
    const res = await fetch(`${backend.url}/api/tutor/solve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{"tool": "math-solver", "question": ',
    });
    assert.equal(res.status, 400);
    assert.match(res.headers.get('content-type') ?? '', /json/);
  });

  test('caps the question at 2,000 characters with a 413 that says so', async () => {
    const res = await solve({ tool: 'math-solver', question: 'x'.repeat(2001) });
    assert.equal(res.status, 413);
    assert.match(errorOf(res.body).message, /too long: 2001 characters, at most 2000/);
  });
});

describe('POST /api/tutor/solve with the offline engines', () => {
  test('math, physics and chemistry answer with checked steps', async () => {
    const cases = [
      ['math-solver', 'x^2-5x+6=0', 'x = 2, x = 3'],
      ['physics-solver', 'm = 2 kg, a = 3 m/s^2, F = ?', '6 N'],
      ['chemistry-solver', 'H2 + O2 -> H2O', '2 H2 + O2 -> 2 H2O'],
    ] as const;
    for (const [tool, question, expected] of cases) {
      const res = await solve({ tool, question });
      assert.equal(res.status, 200);
      const answer = res.body as {
        status: string;
        verified: boolean;
        answer: { text: string };
        source: string;
        steps: unknown[];
      };
      assert.equal(answer.status, 'solved', question);
      assert.equal(answer.answer.text, expected);
      assert.equal(answer.verified, true);
      assert.equal(answer.source, 'engine');
      assert.ok(answer.steps.length > 1);
    }
  });

  test('pathological input gets an honest "unsupported", and the server keeps answering', async () => {
    for (const question of [
      '2^(10^10)',
      `${'('.repeat(200)}x${')'.repeat(200)}=1`,
      Array.from({ length: 50 }, (_, k) => `${k + 1}x^${k}`).join('+') + '=0',
    ]) {
      const res = await solve({ tool: 'math-solver', question });
      assert.equal(res.status, 200);
      assert.notEqual((res.body as { status: string }).status, 'solved', question);
    }
    const after = await solve({ tool: 'math-solver', question: '2x+3=7' });
    assert.equal((after.body as { answer: { text: string } }).answer.text, 'x = 2');
  });

  test('an unbalanceable equation is "invalid" with the reason, never a guess', async () => {
    const res = await solve({ tool: 'chemistry-solver', question: 'H2O -> H2' });
    const answer = res.body as { status: string; reason: string; answer: unknown };
    assert.equal(answer.status, 'invalid');
    assert.match(answer.reason, /O/);
    assert.equal(answer.answer, null);
  });
});

describe('POST /api/tutor/practice', () => {
  test('gives three similar questions, each solved and checked by the engine', async () => {
    const res = await call(backend.url, 'POST', '/api/tutor/practice', {
      body: { tool: 'math-solver', question: 'x^2-5x+6=0' },
    });
    assert.equal(res.status, 200);
    const { practice } = res.body as { practice: { question: string; answer: string; verified: boolean }[] };
    assert.equal(practice.length, 3);
    for (const item of practice) {
      assert.equal(item.verified, true);
      assert.notEqual(item.question, 'x^2-5x+6=0');
      const check = await call(backend.url, 'POST', '/api/tutor/check', {
        body: { tool: 'math-solver', question: item.question, answer: item.answer },
      });
      assert.equal((check.body as { correct: boolean }).correct, true, item.question);
    }
  });
});

describe('POST /api/tutor/check', () => {
  test('accepts equivalent answers and says where a wrong one differs', async () => {
    const right = await call(backend.url, 'POST', '/api/tutor/check', {
      body: { tool: 'math-solver', question: '2x = 3', answer: 'x = 1.5' },
    });
    assert.deepEqual(right.body, { correct: true, differences: [] });
    const wrong = await call(backend.url, 'POST', '/api/tutor/check', {
      body: { tool: 'math-solver', question: 'x^2-5x+6=0', answer: 'x = 2, x = 4' },
    });
    const result = wrong.body as { correct: boolean; differences: string[] };
    assert.equal(result.correct, false);
    assert.ok(result.differences.length > 0);
  });

  test('validates its body like solve', async () => {
    const res = await call(backend.url, 'POST', '/api/tutor/check', { body: { tool: 'math-solver', question: 'x=1' } });
    assert.equal(res.status, 400);
    assert.match(errorOf(res.body).message, /answer/);
  });

  test('a model-only tool cannot check without a model, and says so', async () => {
    const res = await call(backend.url, 'POST', '/api/tutor/check', {
      body: { tool: 'homework-helper', question: 'Capital of France?', answer: 'Paris' },
    });
    assert.equal(res.status, 200);
    const result = res.body as { correct: boolean; differences: string[] };
    assert.equal(result.correct, false);
    assert.match(result.differences.join(' '), /without an AI model/);
  });
});
