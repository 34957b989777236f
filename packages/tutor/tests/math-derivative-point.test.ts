// Derivatives at a point, of higher orders and tangent lines, asked as students ask them (issue #13). Phrasings
// here are written for the families (function notation, Leibniz notation, slope/gradient/rate of change, the
// function before or after the request), not copied from the corpus; expected answers are worked by hand.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as MathEngine from '../src/math/index.ts';
import type * as SecondReader from '../src/math/second-reader.ts';
import { requireCompiled } from './support/compiled.ts';

const { mathEngine } = requireCompiled<typeof MathEngine>('math/index');
const { checkAgainstSecondReading } = requireCompiled<typeof SecondReader>('math/second-reader');

const answers = (question: string, text: string, kind?: string): void => {
  const answer = mathEngine.solve(question);
  assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
  assert.equal(answer.answer?.text, text, question);
  assert.equal(answer.verified, true, `${question} verified: ${JSON.stringify(answer.checks)}`);
  if (kind) assert.equal(answer.kind, kind, question);
};

describe('a derivative at a point', () => {
  test('in words, with the point after the function', () => {
    answers('derivative of x^2 at x = 3', '6', 'derivative-at-point');
    answers('what is the derivative of 4x^3 - x when x = -1', '11');
    answers('evaluate the derivative of cos x at x = 0', '0');
    answers('Find the value of the derivative of x^2 + 5x at x=2.', '9');
    answers('differentiate 2x^2 - 3x and evaluate at x = 1/2', '-1');
  });
  test('in function notation, the request first or last', () => {
    answers("f'(2) if f(x) = x^3 - x", '11');
    answers("find g'(0) for g(x) = e^(3x)", '3');
    answers("calculate h'(-2) where h(x) = x^4", '-32');
    answers("f(x) = 5x^2 - 2x. find f'(3)", '28');
    answers('given f(x) = x^3 + 1, what is f′(1)?', '3');
  });
  test('as a slope, a gradient or a rate of change', () => {
    answers('find the slope of y = x^2 + 1 at x = 2', '4');
    answers('gradient of the tangent to y = 3x^2 at x = 1', '6');
    answers('what is the gradient of the curve y = x^3 - 2x at the point (2, 4)', '10');
    answers('rate of change of t^2 + t when t = 4', '9');
    answers('if y = x^2 - 5x, what is dy/dx at x = 3', '1');
  });
  test('exact values stay exact', () => {
    answers('derivative of ln x at x = e', '1/e');
    answers("f'(pi) if f(x) = sin(x)", '-1');
  });
  test('a slope with no point, or a point where the function is undefined, is not answered', () => {
    assert.notEqual(mathEngine.solve('slope of y = x^2').status, 'solved');
    assert.notEqual(mathEngine.solve('derivative of ln(x) at x = -1').status, 'solved');
    assert.notEqual(mathEngine.solve("f'(2) if g(x) = x^2").verified, true);
  });
});

describe('second and higher derivatives', () => {
  test('in Leibniz notation, primes and words', () => {
    answers('d²y/dx² of x^4', '12*x^2', 'higher-derivative');
    answers('second derivative of sin x', '-sin(x)');
    answers("f''(x) if f(x) = x^3", '6*x');
    answers("find y'' for y = e^(2x)", '4*e^(2*x)');
    answers('what is the third derivative of x^5 - x^2', '60*x^2');
    answers('y = x^3 + x^2, find d^2y/dx^2', '6*x + 2');
  });
  test('at a point', () => {
    answers("f''(1) if f(x) = x^4", '12');
    answers('d^2y/dx^2 at x = 2 if y = x^3', '12');
    answers('second derivative of cos x at x = 0', '-1');
  });
});

describe('the tangent line', () => {
  test('y = m x + c from the slope and the point', () => {
    answers('equation of the tangent to y = x^2 at x = 1', 'y = 2*x - 1', 'tangent-line');
    answers('find the equation of the tangent line to f(x) = x^3 - 3x at x = 2', 'y = 9*x - 16');
    answers('tangent to the curve y = x^2 + 3 at x = -1', 'y = -2*x + 2');
  });
});

describe('the second reader checks these independently', () => {
  test('a wrong value, a wrong order or a wrong line is caught', () => {
    const at = { body: 'x^3 - x', intent: 'derivative' as const, variable: 'x', point: '2' };
    assert.equal(checkAgainstSecondReading(at, '11').passed, true);
    assert.equal(checkAgainstSecondReading(at, '6').passed, false);
    const second = { body: 'x^4', intent: 'derivative' as const, variable: 'x', order: 2 };
    assert.equal(checkAgainstSecondReading(second, '12*x^2').passed, true);
    assert.equal(checkAgainstSecondReading(second, '4*x^3').passed, false);
    const tangent = { body: 'x^2', intent: 'derivative' as const, variable: 'x', point: '1', tangent: true };
    assert.equal(checkAgainstSecondReading(tangent, 'y = 2*x - 1').passed, true);
    assert.equal(checkAgainstSecondReading(tangent, 'y = 2*x + 1').passed, false);
  });
});
