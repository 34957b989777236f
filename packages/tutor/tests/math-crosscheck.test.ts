// The math engine's independent checks: compute-engine's cross-check of symbolic answers (it must agree on right
// answers and disagree on wrong ones, and stay silent where it cannot help), and checkCandidate(), which checks
// someone else's answer without solving the question (it must be able to fail).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as CrossCheck from '../src/math/crosscheck.ts';
import type * as MathEngine from '../src/math/index.ts';
import type * as Parse from '../src/math/parse.ts';
import { requireCompiled } from './support/compiled.ts';

const { mathEngine, checkCandidate } = requireCompiled<typeof MathEngine>('math/index');
const { crossCheck, setCrossCheckTimeLimit } = requireCompiled<typeof CrossCheck>('math/crosscheck');

// These tests are about agreement, not speed: a loaded CI machine must not turn a slow check into a skipped one.
setCrossCheckTimeLimit(30_000);
const { parse } = requireCompiled<typeof Parse>('math/parse');

/** Solves, and asserts a verified answer whose checks include a passing compute-engine cross-check. */
const crossChecked = (question: string, text: string): void => {
  const answer = mathEngine.solve(question);
  assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
  assert.equal(answer.answer?.text, text, question);
  const cross = answer.checks.find((c) => c.kind === 'cross-check');
  assert.ok(cross, `${question} has a cross-check: ${JSON.stringify(answer.checks)}`);
  assert.equal(cross.passed, true, `${question}: ${cross.detail}`);
  assert.match(cross.detail, /^compute-engine agrees/);
  assert.equal(answer.verified, true, question);
};

describe('math engine: compute-engine cross-check', () => {
  test('derivatives', () => {
    crossChecked('derivative of x^2*sin(x)', '2*x*sin(x) + x^2*cos(x)');
    crossChecked('derivative of e^(x^2)', '2*e^(x^2)*x');
    crossChecked('derivative of ln(2x)', '1/x');
    crossChecked('d/dx tan(x)', 'sec(x)^2');
  });

  test('integrals: antiderivatives up to a constant, definite ones by value', () => {
    crossChecked('integrate x*cos(x)', 'cos(x) + x*sin(x) + C');
    crossChecked('integrate 1/x', 'ln(x) + C');
    crossChecked('integrate x/(x^2+1)', 'ln(x^2 + 1)/2 + C');
    crossChecked('integrate 3x^2+2 from 0 to 2', '12');
    crossChecked('integrate sin(x) from 0 to pi', '2');
  });

  test('limits', () => {
    crossChecked('limit sin(x)/x as x -> 0', '1');
    crossChecked('limit (x^2-1)/(x-1) as x -> 1', '2');
    crossChecked('limit (3x^2+1)/(x^2+5) as x -> inf', '3');
  });

  test('factor, expand, simplify, trig simplify', () => {
    crossChecked('factor x^2-5x+6', '(x - 2)*(x - 3)');
    crossChecked('expand (x+1)^3', 'x^3 + 3*x^2 + 3*x + 1');
    crossChecked('simplify (x^2-1)/(x-1)', 'x + 1');
    crossChecked('simplify tan(x)*cos(x)', 'sin(x)');
    crossChecked('simplify cos(x)^2 - sin(x)^2', 'cos(2*x)');
  });

  test('topics without a symbolic step get no cross-check', () => {
    for (const question of ['x^2-5x+6=0', '2+3*4', 'x+y=3, x-y=1']) {
      const answer = mathEngine.solve(question);
      assert.equal(answer.status, 'solved', question);
      assert.equal(
        answer.checks.some((c) => c.kind === 'cross-check'),
        false,
        question,
      );
    }
  });

  test('a wrong result fails the cross-check', () => {
    const seed = 'test';
    const wrongDerivative = crossCheck({
      intent: 'derivative',
      node: parse('x^2*sin(x)'),
      result: parse('2*x*sin(x) - x^2*cos(x)'),
      variable: 'x',
      seed,
    });
    assert.equal(wrongDerivative?.passed, false);
    assert.match(wrongDerivative.detail, /compute-engine disagrees/);

    const wrongIntegral = crossCheck({
      intent: 'integral',
      node: parse('x*cos(x)'),
      result: parse('x*sin(x) - cos(x)'),
      variable: 'x',
      seed,
    });
    assert.equal(wrongIntegral?.passed, false);

    const wrongFactor = crossCheck({
      intent: 'factor',
      node: parse('x^2-5x+6'),
      result: parse('(x - 2)*(x + 3)'),
      variable: 'x',
      seed,
    });
    assert.equal(wrongFactor?.passed, false);

    const wrongLimit = crossCheck({
      intent: 'limit',
      node: parse('sin(x)/x'),
      result: parse('0'),
      variable: 'x',
      point: parse('0'),
      seed,
    });
    assert.equal(wrongLimit?.passed, false);
  });

  test('an antiderivative differing by a constant still agrees', () => {
    const shifted = crossCheck({
      intent: 'integral',
      node: parse('x*cos(x)'),
      result: parse('x*sin(x) + cos(x) + 5'),
      variable: 'x',
      seed: 'test',
    });
    assert.equal(shifted?.passed, true, shifted?.detail);
  });

  test("compute-engine's own limits skip the cross-check instead of failing it", () => {
    // A function CE is never given, and an integral CE leaves unevaluated.
    const unknownFunction = crossCheck({
      intent: 'derivative',
      node: { k: 'call', fn: 'mystery', args: [parse('x')] },
      result: parse('x'),
      variable: 'x',
      seed: 'test',
    });
    assert.equal(unknownFunction, null);
    const unevaluated = crossCheck({
      intent: 'integral',
      node: parse('x^x'),
      result: parse('x'),
      variable: 'x',
      seed: 'test',
    });
    assert.equal(unevaluated, null);
  });
});

describe('math engine: checkCandidate (someone else’s answer, checked without solving)', () => {
  test('right roots pass, a wrong root fails with the values that show it', () => {
    const right = checkCandidate('x^2-5x+6=0', 'x = 2, x = 3');
    assert.equal(right?.passed, true, right?.detail);
    assert.equal(checkCandidate('solve x^2 - 5x + 6 = 0', 'x = 2 or x = 3')?.passed, true);
    assert.equal(checkCandidate('x^2-5x+6=0', '2, 3')?.passed, true);
    assert.equal(checkCandidate('x^2+1=0', 'x = i, x = -i')?.passed, true);
    assert.equal(checkCandidate('log_2(x) = 5', 'x = 32')?.passed, true);

    const wrong = checkCandidate('x^2-5x+6=0', 'x = 2, x = 4');
    assert.equal(wrong?.passed, false);
    assert.match(wrong.detail, /x = 4/);
    assert.equal(checkCandidate('2^x = 32', 'x = 4')?.passed, false);
    assert.equal(checkCandidate('x^2-5x+6=0', 'y = 2')?.passed, false);
  });

  test('a value outside the domain fails', () => {
    assert.equal(checkCandidate('x/(x-1) = 1/(x-1)', 'x = 1')?.passed, false);
  });

  test('rounded decimals pass within their rounding, not beyond', () => {
    assert.equal(checkCandidate('x^2 - 3 = 0', 'x ≈ 1.732, x ≈ -1.732')?.passed, true);
    assert.equal(checkCandidate('x^2 - 3 = 0', 'x = 1.74')?.passed, false);
    assert.equal(checkCandidate('x^2 = 2', 'x = 1.42')?.passed, false);
  });

  test('systems: every equation must hold, every unknown needs a value', () => {
    assert.equal(checkCandidate('x+y=3, x-y=1', 'x = 2, y = 1')?.passed, true);
    const swapped = checkCandidate('x+y=3, x-y=1', 'x = 1, y = 2');
    assert.equal(swapped?.passed, false);
    assert.match(swapped.detail, /x - y = 1/);
    assert.equal(checkCandidate('x+y=3; x-y=1', 'x = 2')?.passed, false);
  });

  test('derivatives against a finite difference', () => {
    assert.equal(checkCandidate('derivative of x^2*sin(x)', '2x sin(x) + x^2 cos(x)')?.passed, true);
    assert.equal(checkCandidate('derivative of ln(x)', "f'(x) = 1/x")?.passed, true);
    const wrong = checkCandidate('derivative of x^2*sin(x)', '2x sin(x) - x^2 cos(x)');
    assert.equal(wrong?.passed, false);
    assert.match(wrong.detail, /finite difference/);
  });

  test('unreadable questions or answers, and other kinds of question, give null', () => {
    assert.equal(checkCandidate('x^2-5x+6=0', 'banana'), null);
    assert.equal(checkCandidate('x^2-5x+6=0', 'no solution'), null);
    assert.equal(checkCandidate('x^2 +* 3 = 0', 'x = 1'), null);
    assert.equal(checkCandidate('what is 2+2', '4'), null);
    assert.equal(checkCandidate('integrate x', 'x^2/2'), null);
    assert.equal(checkCandidate('x > 3', 'x > 3'), null);
    assert.equal(checkCandidate('derivative of x^2', 'two x'), null);
  });
});
