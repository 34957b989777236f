// Factoring by rational roots (src/math/factor.ts): the CAS returned x^2 + 14x + 48 unfactored ("14*x + x^2 + 48")
// with a passing numeric check, a "Checked" answer that factored nothing. Found by the practice questions of
// issue #14; these are the quadratics with two negative roots it missed, and the shapes around them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as MathEngine from '../src/math/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { mathEngine } = requireCompiled<typeof MathEngine>('math/index');

const factored = (question: string, expected: string): void => {
  const answer = mathEngine.solve(question);
  assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
  assert.equal(answer.verified, true, question);
  assert.equal(answer.answer?.text, expected, question);
};

describe('factor', () => {
  test('quadratics with two negative roots, which the CAS left as they were', () => {
    factored('factor x^2 + 14x + 48', '(x + 6)*(x + 8)');
    factored('factor x^2 + 15x + 54', '(x + 6)*(x + 9)');
    factored('factor x^2 + 10x + 24', '(x + 4)*(x + 6)');
  });

  test('a constant factor, fractions, repeated roots, x itself', () => {
    factored('factor 2x^2 - 8', '2*(x - 2)*(x + 2)');
    factored('factor 6x^2 + 5x + 1', '(2*x + 1)*(3*x + 1)');
    factored('factor x^2 - 4x + 4', '(x - 2)^2');
    factored('factor x^3 - x', 'x*(x - 1)*(x + 1)');
  });

  test('irreducible over the rationals: the polynomial as it is', () => {
    factored('factor x^2 + 1', 'x^2 + 1');
  });

  test('a factored answer is graded by value', () => {
    assert.equal(mathEngine.check('factor x^2 + 14x + 48', '(x+8)(x+6)').correct, true);
    assert.equal(mathEngine.check('factor x^2 + 14x + 48', '(x+4)(x+12)').correct, false);
  });
});
