// Trigonometric equations: exact unit-circle solutions (general, and in an interval in radians or degrees), and
// plain refusals for what has no exact angle. Expected answers are worked by hand from the unit circle.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as MathEngine from '../src/math/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { mathEngine } = requireCompiled<typeof MathEngine>('math/index');

const solved = (question: string, text: string) => {
  const answer = mathEngine.solve(question);
  assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
  assert.equal(answer.kind, 'trigonometric-equation', question);
  assert.equal(answer.answer?.text, text, question);
  assert.equal(answer.verified, true, `${question} verified: ${JSON.stringify(answer.checks)}`);
  assert.ok(
    answer.steps.every((s) => !/logarithm/i.test(s.title)),
    `${question}: no logarithm step`,
  );
  return answer;
};

describe('trigonometric equations, general solution', () => {
  test('cos(x) = 0 is x = π/2 + kπ, never approximations (finding 2)', () => {
    solved('cos(x) = 0', 'x = pi/2 + k*pi (k any integer)');
  });
  test('the shapes students get', () => {
    solved('2sin(x) + 1 = 2', 'x = pi/6 + 2*k*pi, x = 5*pi/6 + 2*k*pi (k any integer)');
    solved('sin(2x) = 1/2', 'x = pi/12 + k*pi, x = 5*pi/12 + k*pi (k any integer)');
    solved('2cos(x)^2 - 1 = 0', 'x = pi/4 + k*pi/2 (k any integer)');
    solved('tan x = √3', 'x = pi/3 + k*pi (k any integer)');
    solved('sin x = cos x', 'x = pi/4 + k*pi (k any integer)');
    solved('sin(x) = 0', 'x = k*pi (k any integer)');
    // π/2, 7π/6 and 11π/6 are a third of a turn apart: one family.
    solved('2sin(x)^2 - sin(x) - 1 = 0', 'x = pi/2 + 2*k*pi/3 (k any integer)');
    solved('sin(x) = 2', 'no solution');
  });
  test('a value with no exact angle is refused in plain words', () => {
    const answer = mathEngine.solve('sin(x) = 0.3');
    assert.equal(answer.status, 'unsupported');
    assert.match(answer.reason ?? '', /no exact angle on the unit circle/);
    assert.equal(mathEngine.solve('sin(x) = x/2').status, 'unsupported');
  });
  test('a general solution is graded by the solutions it gives', () => {
    assert.equal(mathEngine.check('cos(x) = 0', 'x = pi/2 + k*pi').correct, true);
    assert.equal(mathEngine.check('cos(x) = 0', 'x = pi/2 + 2k*pi, x = 3pi/2 + 2k*pi').correct, true);
    assert.equal(mathEngine.check('cos(x) = 0', 'x = pi/2 + 2k*pi').correct, false);
  });
});

describe('trigonometric equations in an interval', () => {
  test('radians', () => {
    solved('solve 2cos x - 1 = 0 for 0 <= x < 2pi', 'x = pi/3, x = 5*pi/3');
    solved('find all x on [0, 2π) with sin(x) = -1/2', 'x = 7*pi/6, x = 11*pi/6');
    solved('sin(x) = 0, in the interval 0 ≤ x < 2π', 'x = 0, x = pi');
    solved('solve cos(x) = -1 for 0 <= x <= 2pi', 'x = pi');
    solved('solve 4sin^2(x) = 3 on [0, 2π)', 'x = pi/3, x = 2*pi/3, x = 4*pi/3, x = 5*pi/3');
  });
  test('degrees, with or without the ° sign', () => {
    solved('solve 2cos x - 1 = 0 for 0 ≤ x < 360°', 'x = 60°, x = 300°');
    solved('sin x = 1/2, between 0 and 360 degrees', 'x = 30°, x = 150°');
    solved('solve tan(x) = 1 for 0 <= x < 360', 'x = 45°, x = 225°');
    assert.equal(mathEngine.check('sin x = 1/2 for 0 <= x < 360°', 'x = 150°, x = 30°').correct, true);
  });
});

describe('trigonometric equations as students write them (red-team pattern 2)', () => {
  test('a trig name before its argument with a space: sin x, cos 2x, tan 3t', () => {
    solved('cos x = 0 general solution', 'x = pi/2 + k*pi (k any integer)');
    solved('find the general solution of sin x = 1/2', 'x = pi/6 + 2*k*pi, x = 5*pi/6 + 2*k*pi (k any integer)');
    solved('cos 2x = 0', 'x = pi/4 + k*pi/2 (k any integer)');
    solved('sin 2x = 1/2 for 0° ≤ x ≤ 180°', 'x = 15°, x = 75°');
    solved('give the general solution: 2 sin x - 1 = 0', 'x = pi/6 + 2*k*pi, x = 5*pi/6 + 2*k*pi (k any integer)');
  });
  test('θ, α and φ are read as the unknown, and the answer names them again', () => {
    solved('solve sin θ = √3/2, 0 ≤ θ ≤ 2π', 'θ = pi/3, θ = 2*pi/3');
    solved('tan α = 1 for 0 ≤ α < 2π', 'α = pi/4, α = 5*pi/4');
    solved('2cos φ + 1 = 0', 'φ = 2*pi/3 + 2*k*pi, φ = 4*pi/3 + 2*k*pi (k any integer)');
    assert.equal(mathEngine.check('solve sin θ = √3/2, 0 ≤ θ ≤ 2π', 'θ = pi/3, θ = 2pi/3').correct, true);
    assert.equal(mathEngine.check('solve sin θ = √3/2, 0 ≤ θ ≤ 2π', 'θ = pi/6').correct, false);
  });
});
