// "Check my step" (issue #14): the student's own next line is right when it keeps the question's solutions, whatever
// path it took; a wrong line hears where it went wrong and how to repair it; what cannot be checked is said so.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as CheckStep from '../src/check-step/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { checkStep } = requireCompiled<typeof CheckStep>('check-step/index');
const math = (question: string, step: string) => checkStep('math-solver', question, step);

describe('checkStep: linear equations', () => {
  test('2x − 8 = 0 for 4x + 3 = 2x + 11 is right, as is x − 4 = 0, and the next move fits each line', () => {
    const doubled = math('4x + 3 = 2x + 11', '2x − 8 = 0');
    assert.equal(doubled.status, 'right');
    assert.equal(doubled.equivalent, true);
    assert.match(doubled.next ?? '', /add 8 to both sides/u);
    const halved = math('solve 4x + 3 = 2x + 11', 'x - 4 = 0');
    assert.equal(halved.status, 'right');
    assert.match(halved.next ?? '', /add 4 to both sides/u);
    assert.match(math('4x + 3 = 2x + 11', '4x = 2x + 8').next ?? '', /Collect the x terms.*subtract 2x/u);
    assert.match(math('4x + 3 = 2x + 11', '2x = 8').next ?? '', /Divide both sides by 2/u);
  });

  test('the answer itself is right and finished', () => {
    const result = math('4x + 3 = 2x + 11', 'x = 4');
    assert.equal(result.status, 'right');
    assert.equal(result.finished, true);
  });

  test('2x = 14: the 3 crossed the = sign without changing its sign', () => {
    const result = math('4x + 3 = 2x + 11', '2x = 14');
    assert.equal(result.status, 'wrong');
    assert.equal(result.mistake, 'sign');
    assert.match(result.message, /\+3 crossed the = sign/u);
    assert.ok(result.next);
  });

  test('x = 8 from 2x = 8: only one side was divided', () => {
    const result = math('4x + 3 = 2x + 11', 'x = 8');
    assert.equal(result.mistake, 'one-side');
    assert.match(result.next ?? '', /divide both sides by 2/u);
  });

  test('2x = 7: an arithmetic slip in the numbers', () => {
    assert.equal(math('4x + 3 = 2x + 11', '2x = 7').mistake, 'arithmetic');
  });
});

describe('checkStep: quadratics and fractions', () => {
  test('x = 3 for x² = 3x lost the root 0 (divided by x)', () => {
    const result = math('x^2 = 3x', 'x = 3');
    assert.equal(result.mistake, 'lost-root');
    assert.doesNotMatch(result.message, /x = 0/u, 'the lost root is not given away');
  });

  test('a factored line is right and says to set each bracket to 0; both roots finish it', () => {
    assert.match(math('x^2 - 5x + 6 = 0', '(x - 2)(x - 3) = 0').next ?? '', /each bracket/u);
    assert.equal(math('x^2 = 3x', 'x = 0 or x = 3').finished, true);
    assert.equal(math('x^2 = 3x', 'x = 0, x = 3').status, 'right');
  });

  test('squaring adds a root: x² = 9 for x = 3', () => {
    assert.equal(math('x = 3', 'x^2 = 9').mistake, 'extra-root');
  });

  test('clearing fractions or squaring is right, with the values to reject at the end', () => {
    const result = math('x/(x - 2) = 2/(x - 2)', 'x = 2');
    assert.equal(result.status, 'wrong');
    const cleared = math('1/(x - 2) = 3/(x^2 - 4)', 'x + 2 = 3');
    assert.equal(cleared.status, 'right');
    const condition = math('x^2/(x - 2) = 4/(x - 2)', 'x^2 = 4');
    assert.equal(condition.status, 'right');
    assert.equal(condition.equivalent, false);
    assert.match(condition.message, /x = 2 .* denominator/u);
    const squared = math('sqrt(x) = x - 2', 'x = x^2 - 4x + 4');
    assert.equal(squared.status, 'right');
    assert.match(squared.next ?? '', /check every value/u);
  });
});

describe('checkStep: inequalities and systems', () => {
  test('dividing by −2 without turning the sign is named', () => {
    assert.equal(math('-2x + 1 > 5', '-2x > 4').status, 'right');
    assert.match(math('-2x + 1 > 5', '-2x > 4').next ?? '', /turn the inequality sign round/u);
    assert.equal(math('-2x + 1 > 5', 'x > -2').mistake, 'inequality-direction');
    assert.equal(math('-2x + 1 > 5', 'x < -2').finished, true);
    assert.equal(math('x^2 - 5x + 6 > 0', 'x < 2 or x > 3').status, 'right');
  });

  test('a system step is right when it holds at the solution', () => {
    assert.equal(math('x + y = 3, x - y = 1', '2x = 4').status, 'right');
    assert.match(math('x + y = 3, x - y = 1', 'x = 2').next ?? '', /Substitute x = 2/u);
    assert.equal(math('x + y = 3, x - y = 1', '2x = 2').status, 'wrong');
    assert.equal(math('x + y = 3, x - y = 1', 'x = 2, y = 1').finished, true);
  });
});

describe('checkStep: what it does not check', () => {
  test('other tools, unreadable lines and new letters are refused with a reason', () => {
    assert.equal(checkStep('physics-solver', 'A ball is dropped from 20 m', 'v = 2gh').status, 'unsupported');
    assert.match(math('4x + 3 = 2x + 11', 'hello').message, /could not read your line/u);
    assert.match(math('4x + 3 = 2x + 11', '2y = 8').message, /uses y/u);
    assert.equal(math('what is 2 + 3', 'x = 5').status, 'unsupported');
  });

  test('random equivalent moves are always right, and a moved sign is always wrong', () => {
    let seed = 7;
    const random = (lo: number, hi: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return lo + (seed % (hi - lo + 1));
    };
    for (let round = 0; round < 25; round += 1) {
      const a = random(2, 9);
      const c = random(1, a - 1);
      const root = random(-9, 9);
      const b = random(1, 12);
      const d = (a - c) * root + b;
      const question = `${String(a)}x + ${String(b)} = ${String(c)}x + ${String(d)}`;
      const k = random(2, 5);
      // k·(a − c)x = k·(d − b): both sides collected, then multiplied by k.
      const scaled = `${String(k * (a - c))}x = ${String(k * (d - b))}`;
      assert.equal(math(question, scaled).status, 'right', `${question} → ${scaled}`);
      // b moved to the right without changing sign.
      const moved = `${String(a - c)}x = ${String(d + b)}`;
      const result = math(question, moved);
      assert.equal(result.status, 'wrong', `${question} → ${moved}`);
    }
  });
});
