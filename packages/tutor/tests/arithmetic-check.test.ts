// The recomputation of the arithmetic an AI model shows in its working: what it finds, what it leaves alone
// (algebra, percentages, mixed units) and how it judges a result to its last shown digit.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as ArithmeticCheck from '../src/arithmetic-check.ts';
import { requireCompiled } from './support/compiled.ts';

const { arithmeticChecks, findArithmetic } = requireCompiled<typeof ArithmeticCheck>('arithmetic-check');

const verdicts = (text: string) => findArithmetic(text).map((statement) => [statement.text, statement.correct]);

describe('findArithmetic', () => {
  test('reads every operator sign students and models write', () => {
    assert.deepEqual(verdicts('3 × 4 = 12, 3 * 4 = 12, 3 · 4 = 12, 3 x 4 = 12'), [
      ['3 × 4 = 12', true],
      ['3 × 4 = 12', true],
      ['3 × 4 = 12', true],
      ['3 × 4 = 12', true],
    ]);
    assert.deepEqual(verdicts('12 ÷ 4 = 3 and 12 / 4 = 3; 7 + 5 = 12; 7 - 5 = 2; 7 − 9 = −2'), [
      ['12 / 4 = 3', true],
      ['12 / 4 = 3', true],
      ['7 + 5 = 12', true],
      ['7 − 5 = 2', true],
      ['7 − 9 = −2', true],
    ]);
  });

  test('finds a wrong multiplication and says what it should be', () => {
    const [statement] = findArithmetic('The force is F = m × a = 6 × 7 = 41 N.');
    assert.ok(statement);
    assert.equal(statement.text, '6 × 7 = 41 N');
    assert.equal(statement.correct, false);
    assert.equal(statement.computedText, '42');
  });

  test('judges a result to its last shown digit', () => {
    assert.deepEqual(verdicts('10 / 3 = 3.33'), [['10 / 3 = 3.33', true]]);
    assert.deepEqual(verdicts('10 / 3 = 3.34'), [['10 / 3 = 3.34', false]]);
    // The molar-mass slip of issue #13: 4 × 15.999 is 63.996, not 63.998.
    assert.deepEqual(verdicts('4 × 15.999 = 63.998'), [['4 × 15.999 = 63.998', false]]);
    assert.deepEqual(verdicts('6 × 12.011 = 72.066'), [['6 × 12.011 = 72.066', true]]);
  });

  test('follows precedence, negative numbers, powers and scientific notation', () => {
    assert.deepEqual(verdicts('2 + 3 × 4 = 14'), [['2 + 3 × 4 = 14', true]]);
    assert.deepEqual(verdicts('-3 × 4 = -12'), [['−3 × 4 = −12', true]]);
    assert.deepEqual(verdicts('2^10 = 1024'), [['2^10 = 1024', true]]);
    assert.deepEqual(verdicts('2 × 6.02 × 10^23 = 1.204 × 10^24'), [['2 × 6.02 × 10^23 = 1.204 × 10^24', true]]);
    assert.deepEqual(verdicts('1,000 × 3 = 3,000'), [['1,000 × 3 = 3,000', true]]);
  });

  test('reads units, LaTeX symbols and Markdown bold', () => {
    assert.deepEqual(verdicts('5 kg × 9.8 m/s² = 49 N'), [['5 kg × 9.8 m/s² = 49 N', true]]);
    assert.deepEqual(verdicts('$3 \\times 4 = 12$ and $$12 \\div 4 = 3$$'), [
      ['3 × 4 = 12', true],
      ['12 / 4 = 3', true],
    ]);
    assert.deepEqual(verdicts('so 3 × 4 = **12**'), [['3 × 4 = 12', true]]);
    assert.deepEqual(verdicts('Step 1:\n3 × 4 = 12\n- then 12 + 1 = 13'), [
      ['3 × 4 = 12', true],
      ['12 + 1 = 13', true],
    ]);
  });

  test('leaves algebra, percentages, fractions and brackets alone: never a guess', () => {
    for (const text of [
      '2x + 3 = 11',
      '2 x + 3 = 11',
      '2m + 3 = 11',
      '2 m + 3 = 11',
      '20% × 50 = 10',
      '3² = 9',
      '(2 + 3) × 4 = 20',
      '1/2 + 1/3 = 5/6',
      'x = 4',
      'the answer is 12 = twelve',
      '3,5 × 2 = 7',
    ]) {
      assert.deepEqual(findArithmetic(text), [], text);
    }
  });

  test('stays fast on a long hostile text', () => {
    const started = performance.now();
    findArithmetic(`${'1 + '.repeat(30_000)}1 x`);
    findArithmetic('1'.repeat(100_000));
    assert.ok(performance.now() - started < 1000);
  });
});

describe('arithmeticChecks', () => {
  test('one passed check when every calculation is right, saying the answer itself was not checked', () => {
    const checks = arithmeticChecks('3 × 4 = 12, then 12 + 8 = 20.');
    assert.equal(checks.length, 1);
    const [check] = checks;
    assert.ok(check);
    assert.equal(check.kind, 'arithmetic');
    assert.equal(check.passed, true);
    assert.match(check.detail, /All 2 calculations .* right\. The answer itself was not checked/);
  });

  test('one failed check naming each wrong calculation', () => {
    const checks = arithmeticChecks('3 × 4 = 13, 2 + 2 = 4, 9 / 3 = 4');
    assert.deepEqual(
      checks.map((check) => [check.passed, check.detail]),
      [
        [false, '3 × 4 = 13 is wrong: 3 × 4 = 12.'],
        [false, '9 / 3 = 4 is wrong: 9 / 3 = 3.'],
      ],
    );
  });

  test('no check at all when the text states no calculation', () => {
    assert.deepEqual(arithmeticChecks('Photosynthesis turns light into chemical energy.'), []);
  });
});
