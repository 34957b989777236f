// Limits of exponentials and rational functions at ±∞ (issue #13): e^x as x → −∞ was refused because the symbolic
// library leaves e^(-Infinity); x = −t turns it into a limit at +∞. Expected values are worked by hand.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as MathEngine from '../src/math/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { mathEngine } = requireCompiled<typeof MathEngine>('math/index');

const answers = (question: string, text: string): void => {
  const answer = mathEngine.solve(question);
  assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
  assert.equal(answer.answer?.text, text, question);
  assert.equal(answer.verified, true, `${question} verified: ${JSON.stringify(answer.checks)}`);
};

describe('limits at infinity', () => {
  test('exponentials as x goes to minus infinity', () => {
    answers('limit of e^x as x -> -inf', '0');
    answers('what is the limit of e^(2x) + 3 as x goes to negative infinity', '3');
    answers('lim x→-∞ of 3e^x - 1', '-1');
    answers('limit of (e^x + 1)/(e^x - 2) as x tends to minus infinity', '-1/2');
    answers('limit of 5/(1 + e^(-x)) as x -> -inf', '0');
  });
  test('exponentials and rational functions as x goes to plus or minus infinity', () => {
    answers('limit of (3e^x + 2)/(e^x + 1) as x -> inf', '3');
    answers('limit of (2x^2 + 1)/(x^2 - 3) as x -> -inf', '2');
    answers('as x tends to infinity, what is the limit of (4x - 1)/(2x + 5)', '2');
  });
  test('a limit that is infinite is not given a number', () => {
    assert.notEqual(mathEngine.solve('limit of e^x as x -> inf').status, 'solved');
  });
});
