// What the student asks about the answer's form (math/qualifiers.ts): rounded as asked and said so, exact kept
// exact, complex roots given over the complex numbers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as MathEngine from '../src/math/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { mathEngine } = requireCompiled<typeof MathEngine>('math/index');

const solved = (question: string, text: string) => {
  const answer = mathEngine.solve(question);
  assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
  assert.equal(answer.answer?.text, text, question);
  assert.equal(answer.verified, true, `${question} verified: ${JSON.stringify(answer.checks)}`);
  return answer;
};

describe('qualifiers', () => {
  test('decimal places: the answer rounded, with a last step that gives the exact value', () => {
    const answer = solved('solve x^2 = 7 to 3 decimal places', 'x ≈ -2.646, x ≈ 2.646');
    const last = answer.steps.at(-1);
    assert.equal(last?.title, 'Round to 3 decimal places');
    assert.match(last.explanation, /sqrt\(7\) ≈ 2\.646/);
    solved('solve x^2 - 3 = 0 to one decimal place', 'x ≈ -1.7, x ≈ 1.7');
    solved('solve 3x + 1 = 0 to the nearest hundredth', 'x ≈ -0.33');
    solved('solve x^2 = 2 to 2dp', 'x ≈ -1.41, x ≈ 1.41');
    solved('give x to 1 decimal place if 3x = 10', 'x ≈ 3.3');
    // An exact value that needs no rounding keeps "=".
    solved('solve 4x = 3, answer to 2 dp', 'x = 0.75');
  });
  test('significant figures', () => {
    solved('solve 2x^2 = 5 giving your answers correct to 3 significant figures', 'x ≈ -1.58, x ≈ 1.58');
  });
  test('a rounded answer grades the student’s rounded answer and the exact one', () => {
    assert.equal(mathEngine.check('solve x^2 = 10 to 2 dp', 'x = 3.16, x = -3.16').correct, true);
    assert.equal(mathEngine.check('solve x^2 = 10 to 2 dp', 'x = sqrt(10), x = -sqrt(10)').correct, true);
    assert.equal(mathEngine.check('solve x^2 = 10 to 2 dp', 'x = 3.2, x = -3.2').correct, false);
  });
  test('exact and simplest form stay exact', () => {
    solved('solve x^2 - 8 = 0 leaving your answer in surd form', 'x = -(2*sqrt(2)), x = 2*sqrt(2)');
    solved('solve x^2 = 50, give your answer in simplest form', 'x = -(5*sqrt(2)), x = 5*sqrt(2)');
  });
  test('over the complex numbers', () => {
    const answer = solved('solve x^2 + 16 = 0 in the set of complex numbers', 'x = 4*i, x = -(4*i)');
    assert.equal(answer.steps.at(-1)?.title, 'Over the complex numbers');
    solved('find all complex solutions of x^2 + 2x + 10 = 0', 'x = -1 + 3*i, x = -1 - 3*i');
    solved('solve x^2 + 4 = 0 for complex x', 'x = 2*i, x = -(2*i)');
  });
  test('real solutions only: complex roots left out, none left is "no real solution", checked again', () => {
    for (const q of [
      'real solutions of x^2+4=0',
      'real roots of x^2 + 9 = 0',
      'find all real x such that x^2 = -4',
      'solve x^2 + 2x + 5 = 0 over the reals',
      'x^2+1=0, solve in ℝ',
      'solve 3x^2 + 12 = 0 over the real numbers',
      'what are the real zeros of y = x^2 + 6',
    ]) {
      const answer = solved(q, 'no real solution');
      assert.equal(answer.steps.at(-1)?.title, 'Only real solutions');
      assert.ok(
        answer.checks.some((c) => c.kind === 'second-reading' && /never equal/.test(c.detail)),
        q,
      );
    }
    solved('solve x^3 - x^2 + x - 1 = 0 over the real numbers', 'x = 1');
    solved('find the real roots of x^4 - 1 = 0', 'x = -1, x = 1');
    solved('x^2 - 5 = 0 for real x', 'x = -sqrt(5), x = sqrt(5)');
    assert.equal(mathEngine.check('real roots of x^2+9=0', 'no real solutions').correct, true);
    assert.equal(mathEngine.check('real roots of x^2+9=0', 'x = 3i, x = -3i').correct, false);
    assert.equal(mathEngine.check('find the real roots of x^4 - 1 = 0', 'x = 1, x = -1').correct, true);
    assert.equal(mathEngine.check('find the real roots of x^4 - 1 = 0', 'x = 1, x = -1, x = i, x = -i').correct, false);
  });
  test('a method named ("by factoring", "using the quadratic formula") is read, and the same answer given', () => {
    solved('x^2+2x-8=0 using the quadratic formula', 'x = -4, x = 2');
    solved('solve by factoring: x^2 - 7x + 12 = 0', 'x = 3, x = 4');
    solved('solve x^2 + 6x + 5 = 0 by completing the square', 'x = -5, x = -1');
    solved('use the quadratic formula to solve 2x^2 - 3x - 2 = 0', 'x = -1/2, x = 2');
    solved('solve x^2 = 20, exact answer', 'x = -(2*sqrt(5)), x = 2*sqrt(5)');
    solved('give the exact solutions of x^2 - 12 = 0', 'x = -(2*sqrt(3)), x = 2*sqrt(3)');
  });
  test('factor completely, expand and simplify', () => {
    solved('factor completely: 2x^2 - 8', '2*(x - 2)*(x + 2)');
    solved('factor x^2-5x+6 completely', '(x - 2)*(x - 3)');
    solved('factorise fully 3x^2 - 12', '3*(x - 2)*(x + 2)');
    solved('expand and simplify (x+2)(x-3)', 'x^2 - x - 6');
    solved('expand and simplify: 3(x+2) - 2(x-1)', 'x + 8');
  });
  test('a condition that selects roots: positive, negative, x > 0', () => {
    solved('find the positive solution of x^2 = 49', 'x = 7');
    solved('x^2 = 49, x>0', 'x = 7');
    solved('x^2 - x - 6 = 0 where x < 0', 'x = -2');
    solved('find the negative root of x^2 = 5', 'x = -sqrt(5)');
    solved('what is the positive value of x if x^2 - 2x - 15 = 0', 'x = 5');
    assert.equal(mathEngine.check('x^2 = 49, x>0', 'x = 7').correct, true);
    assert.equal(mathEngine.check('x^2 = 49, x>0', 'x = 7, x = -7').correct, false);
    // No root of that sign: refused, and never offered without the condition.
    const none = mathEngine.solve('positive solution of x^2 + 4 = 0');
    assert.equal(none.status, 'unsupported');
    assert.equal(none.suggestion, undefined);
  });
});
