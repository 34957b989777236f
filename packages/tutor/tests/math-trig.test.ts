// Trigonometric identities in the offline math engine: prove/verify (true or false, decided by a numeric check
// that can fail) and simplify (accepted only when numerically equal to the input). Answers are hand-checked.
/* eslint-disable @typescript-eslint/no-non-null-assertion -- a missing value fails the test where it is read */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as MathEngine from '../src/math/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { mathEngine } = requireCompiled<typeof MathEngine>('math/index');

const solved = (question: string, text: string, kind: string) => {
  const answer = mathEngine.solve(question);
  assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
  assert.equal(answer.answer?.text, text, question);
  assert.equal(answer.kind, kind, question);
  assert.ok(answer.answer.latex, `${question} has LaTeX`);
  assert.equal(answer.verified, true, `${question} verified: ${JSON.stringify(answer.checks)}`);
  assert.ok(answer.steps.length >= 2, question);
  assert.ok(answer.hints.length >= 3, question);
  return answer;
};

describe('math engine: trig identities (prove / verify)', () => {
  test('true identities, with a chain of named identities', () => {
    const cases: [string, string][] = [
      ['prove sin(x)^2 + cos(x)^2 = 1', 'Pythagorean identity'],
      ['prove sin^2(x) + cos^2(x) = 1', 'Pythagorean identity'],
      ['verify tan(x) = sin(x)/cos(x)', 'Quotient identity'],
      ['show that sin(2x) = 2 sin(x) cos(x)', 'Double-angle identity'],
      ['prove 1 + tan(x)^2 = sec(x)^2', 'Reciprocal identity'],
      ['prove cos(2x) = 1 - 2 sin(x)^2', 'Double-angle identity'],
      ['prove cos(2x) = 2cos(x)^2 - 1', 'Double-angle identity'],
      ['prove tan(x) + cot(x) = sec(x) csc(x)', 'Quotient identity'],
      ['prove sin(3x) = 3 sin(x) - 4 sin(x)^3', 'Multiple-angle identity'],
      ['prove sin(a + b) = sin(a)cos(b) + cos(a)sin(b)', 'Angle-sum identity'],
      ['verify sin(pi/2 - x) = cos(x)', 'Shift (cofunction) identity'],
    ];
    for (const [question, title] of cases) {
      const answer = solved(question, 'true', 'trig-identity');
      assert.ok(
        answer.steps.some((s) => s.title === title),
        `${question}: ${answer.steps.map((s) => s.title).join(' / ')}`,
      );
      const numeric = answer.checks.find((c) => c.kind === 'numeric-identity');
      assert.ok(numeric?.passed, question);
    }
  });

  test('the chain turns one side into the other', () => {
    const answer = solved('show that sin(2x) = 2 sin(x) cos(x)', 'true', 'trig-identity');
    assert.ok(answer.steps.some((s) => s.explanation.includes('sin(2*x) = 2*sin(x)*cos(x)')));
    assert.ok(answer.steps.some((s) => s.title === 'This is the right side'));
    const pyth = solved('prove 1 + tan(x)^2 = sec(x)^2', 'true', 'trig-identity');
    assert.ok(pyth.steps.some((s) => s.explanation.includes('1/cos(x)^2')));
  });

  test('false identities answer false with a counterexample', () => {
    for (const question of [
      'prove sin(2x) = 2 sin(x)',
      'prove tan(x) = sin(x)',
      'verify cos(2x) = 1 - sin(x)^2',
      'prove sin(x)^2 + cos(x)^2 = 2',
      'prove sqrt(sin(x)^2) = sin(x)',
      'prove sin(x)^2 = 1 - cos(x)^2 + 0.000001',
    ]) {
      const answer = solved(question, 'false', 'trig-identity');
      const counter = answer.steps.find((s) => s.title === 'Test a value');
      assert.ok(counter && /the left side is .* but the right side is/.test(counter.explanation), question);
      assert.match(answer.checks.find((c) => c.kind === 'numeric-identity')!.detail, /counterexample at/);
    }
  });

  test('only questions with a verb and trig functions are routed here', () => {
    assert.notEqual(mathEngine.solve('sin(x)^2 + cos(x)^2 = 1').kind, 'trig-identity');
    assert.equal(mathEngine.solve('solve x^2 - 5x + 6 = 0').answer?.text, 'x = 2, x = 3');
  });

  test('check(): true/false, and wrong verdicts fail', () => {
    assert.equal(mathEngine.check('prove sin(2x) = 2 sin(x) cos(x)', 'true').correct, true);
    assert.equal(mathEngine.check('prove sin(2x) = 2 sin(x) cos(x)', 'false').correct, false);
    assert.equal(mathEngine.check('prove sin(2x) = 2 sin(x)', 'false').correct, true);
    assert.equal(mathEngine.check('prove sin(2x) = 2 sin(x)', 'true').correct, false);
    assert.equal(mathEngine.check('prove 1 + tan(x)^2 = sec(x)^2', 'yes').correct, true);
    assert.equal(mathEngine.check('prove 1 + tan(x)^2 = sec(x)^2', 'maybe').correct, false);
  });

  test('practice: three identities, each verified by the engine', () => {
    const practice = mathEngine.practice('prove sin(x)^2 + cos(x)^2 = 1');
    assert.equal(practice.length, 3);
    for (const p of practice) {
      assert.equal(p.verified, true);
      assert.equal(p.answer, 'true');
      const answer = mathEngine.solve(p.question);
      assert.equal(answer.kind, 'trig-identity');
      assert.equal(answer.verified, true);
    }
  });
});

describe('math engine: trig simplification', () => {
  test('hand-checked simplifications', () => {
    const cases: [string, string][] = [
      ['simplify sin(x)^2 + cos(x)^2', '1'],
      ['simplify sin^2(x) + cos^2(x)', '1'],
      ['simplify 2*sin(x)*cos(x)', 'sin(2*x)'],
      ['simplify (1 - cos(x)^2)/sin(x)', 'sin(x)'],
      ['simplify tan(x)*cos(x)', 'sin(x)'],
      ['simplify cos(x)^2 - sin(x)^2', 'cos(2*x)'],
      ['simplify 1 - 2*sin(x)^2', 'cos(2*x)'],
      ['simplify sec(x)^2 - 1', 'tan(x)^2'],
      ['simplify tan(x)^2 + 1', 'sec(x)^2'],
      ['simplify sin(x)/tan(x)', 'cos(x)'],
      ['simplify csc(x)*tan(x)', 'sec(x)'],
      ['simplify 3 - 3 sin(x)^2', '3*cos(x)^2'],
      ['simplify sin(x)^4 - cos(x)^4', '-cos(2*x)'],
      ['simplify sin(x)^2/(1 - cos(x))', '1 + cos(x)'],
      ['simplify 2 sin(x/2) cos(x/2)', 'sin(x)'],
    ];
    for (const [question, text] of cases) {
      const answer = solved(question, text, 'simplify-trig-expression');
      assert.equal(answer.checks[0]?.kind, 'numeric-equivalence');
    }
  });

  test('check(): equivalent forms pass, perturbed answers fail', () => {
    assert.equal(mathEngine.check('simplify 2*sin(x)*cos(x)', 'sin(2x)').correct, true);
    assert.equal(mathEngine.check('simplify 2*sin(x)*cos(x)', '2 sin(x) cos(x)').correct, true);
    assert.equal(mathEngine.check('simplify 2*sin(x)*cos(x)', 'sin(2.01x)').correct, false);
    assert.equal(mathEngine.check('simplify 2*sin(x)*cos(x)', '2 sin(x)').correct, false);
    assert.equal(mathEngine.check('simplify sin(x)^2 + cos(x)^2', '1').correct, true);
    assert.equal(mathEngine.check('simplify sin(x)^2 + cos(x)^2', '1.001').correct, false);
    assert.equal(mathEngine.check('simplify tan(x)*cos(x)', 'cos(x)').correct, false);
  });

  test('practice: three simplifications, each verified', () => {
    const practice = mathEngine.practice('simplify tan(x)*cos(x)');
    assert.equal(practice.length, 3);
    for (const p of practice) {
      assert.equal(p.verified, true);
      assert.equal(mathEngine.check(p.question, p.answer).correct, true, p.question);
    }
  });
});
