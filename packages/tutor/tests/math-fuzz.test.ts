// Fuzz tests for the math topics not covered in math.test.ts: random coefficients, every answer graded by
// mathjs (an independent evaluator), never by the engine's own pipeline; a perturbed answer must fail check().
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { evaluate } from 'mathjs';
import type * as MathEngine from '../src/math/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { mathEngine } = requireCompiled<typeof MathEngine>('math/index');

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const int = (next: () => number, min: number, max: number) => min + Math.floor(next() * (max - min + 1));
const nonZero = (next: () => number, min: number, max: number) => {
  for (;;) {
    const value = int(next, min, max);
    if (value !== 0) return value;
  }
};

/** mathjs value of an expression in the engine's answer syntax (`x^3/3`, `ln(7)/2`, `e^2`) at x. */
const at = (expression: string, x: number): number => Number(evaluate(expression.replace(/\bln\(/g, 'log('), { x }));

describe('math fuzz: derivatives of random polynomials', () => {
  test('every derivative matches a central difference of the question, and a perturbed one fails', () => {
    const next = random(7);
    for (let k = 0; k < 40; k += 1) {
      const [a, b, c] = [nonZero(next, -9, 9), int(next, -9, 9), int(next, -9, 9)];
      const f = `${a}*x^3 + ${b}*x^2 + ${c}*x`;
      const question = `derivative of ${f}`;
      const answer = mathEngine.solve(question);
      assert.equal(answer.status, 'solved', question);
      for (const x of [-1.3, 0.4, 2.2]) {
        const h = 1e-5;
        const numeric = (at(f, x + h) - at(f, x - h)) / (2 * h);
        assert.ok(
          Math.abs(at(answer.answer?.text ?? 'NaN', x) - numeric) < 1e-4,
          `${question} → ${answer.answer?.text}`,
        );
      }
      assert.equal(mathEngine.check(question, `${3 * a + 1}*x^2 + ${2 * b}*x + ${c}`).correct, false, question);
    }
  });
});

describe('math fuzz: indefinite integrals of random polynomials', () => {
  test('the derivative of every antiderivative is the integrand', () => {
    const next = random(11);
    for (let k = 0; k < 40; k += 1) {
      const [a, b] = [nonZero(next, -9, 9), int(next, -9, 9)];
      const f = `${a}*x^2 + ${b}`;
      const question = `integrate ${f}`;
      const answer = mathEngine.solve(question);
      assert.equal(answer.status, 'solved', question);
      const antiderivative = (answer.answer?.text ?? '').replace(/\+\s*C\s*$/, '');
      for (const x of [-2.1, 0.7, 1.9]) {
        const h = 1e-5;
        const derivative = (at(antiderivative, x + h) - at(antiderivative, x - h)) / (2 * h);
        assert.ok(Math.abs(derivative - at(f, x)) < 1e-4, `${question} → ${answer.answer?.text}`);
      }
      assert.equal(mathEngine.check(question, `${a + 1}*x^3/3 + ${b}*x + C`).correct, false, question);
    }
  });
});

describe('math fuzz: exponential equations', () => {
  test('b^x = b^n gives x = n, checked by substitution; a perturbed root fails', () => {
    const next = random(13);
    for (let k = 0; k < 30; k += 1) {
      const base = int(next, 2, 7);
      const n = int(next, 1, 5);
      const question = `${base}^x = ${base ** n}`;
      const answer = mathEngine.solve(question);
      assert.equal(answer.status, 'solved', question);
      const x = Number((answer.answer?.text ?? '').replace(/^x\s*=\s*/, ''));
      assert.ok(Math.abs(base ** x - base ** n) < 1e-9, `${question} → ${answer.answer?.text}`);
      assert.equal(mathEngine.check(question, `x = ${n + 1}`).correct, false, question);
    }
  });
});

describe('math fuzz: linear inequalities', () => {
  test('a*x + b > c: points on the answer side satisfy it, points on the other side do not', () => {
    const next = random(17);
    for (let k = 0; k < 40; k += 1) {
      const [a, b, c] = [nonZero(next, -9, 9), int(next, -20, 20), int(next, -20, 20)];
      const question = `${a}x + ${b} > ${c}`.replace('+ -', '- ');
      const answer = mathEngine.solve(question);
      assert.equal(answer.status, 'solved', question);
      const match = /^x\s*([<>])\s*(-?[\d/]+)$/.exec(answer.answer?.text ?? '');
      assert.ok(match, `${question} → ${answer.answer?.text}`);
      const bound = Number(evaluate(match[2] ?? 'NaN'));
      const inside = match[1] === '>' ? bound + 0.01 : bound - 0.01;
      const outside = match[1] === '>' ? bound - 0.01 : bound + 0.01;
      assert.ok(a * inside + b > c, `${question}: ${inside} should satisfy it`);
      assert.ok(!(a * outside + b > c), `${question}: ${outside} should not`);
    }
  });
});
