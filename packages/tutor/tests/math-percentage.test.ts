// Percentages in words (math/percentage.ts): answers worked by hand, and steps as a teacher writes them, one
// operation each on the student's own numbers, every "a × b = c" in them true as shown.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as MathEngine from '../src/math/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { mathEngine } = requireCompiled<typeof MathEngine>('math/index');

const solved = (question: string, text: string) => {
  const answer = mathEngine.solve(question);
  assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
  assert.equal(answer.kind, 'percentage', question);
  assert.equal(answer.answer?.text, text, question);
  assert.equal(answer.verified, true, `${question} verified: ${JSON.stringify(answer.checks)}`);
  return answer;
};

/** Every "a op b = c" shown in the steps, recomputed from the numbers as shown. */
const arithmeticAddsUp = (explanations: string[]): void => {
  for (const text of explanations) {
    for (const m of text.matchAll(/(-?\d+(?:\.\d+)?) ([×÷+−]) (-?\d+(?:\.\d+)?) = (-?\d+(?:\.\d+)?)/g)) {
      const [a, op, b, c] = [Number(m[1]), m[2], Number(m[3]), Number(m[4])];
      const value = op === '×' ? a * b : op === '÷' ? a / b : op === '+' ? a + b : a - b;
      assert.ok(Math.abs(value - c) < 1e-9, `${m[0]} in "${text}"`);
    }
  }
};

describe('percentages in words', () => {
  test('percent of, what percent, increase and decrease by', () => {
    solved('how much is 35% of 240?', '84');
    solved("what's 12.5% of 64", '8');
    solved('18 out of 24 is what percentage', '75');
    solved('express 45 as a percentage of 180', '25');
    solved('what percent of 50 is 35', '70');
    solved('raise 250 by 8%', '270');
    solved('what is 600 after a 15% decrease', '510');
  });
  test('more/less than, signs, a new price asked in a sentence', () => {
    solved('what is 30% more than 50', '65');
    solved('what is 25% less than 80', '60');
    solved('50 plus 20%', '60');
    solved('a price of 80 is reduced by 25%, what is the new price', '60');
    solved('a jacket costs 120 and is on sale with 15% off. how much does it cost now?', '102');
  });
  test('the whole from a part, a part out of a whole, a fraction or decimal as a percentage', () => {
    solved('15% of what number is 30?', '200');
    solved('30 is 15% of what number', '200');
    solved('15% of a number is 30. find the number', '200');
    solved('what number is 20% of 45', '9');
    solved('I scored 45 out of 60, what percentage is that?', '75');
    solved("what's 3/4 as a percentage", '75');
    solved('convert 0.35 to a percent', '35');
  });
  test('percentage change: signed, or the size of the decrease when that is asked', () => {
    solved('The population rose from 2,000 to 2,500. What is the percentage increase?', '25');
    solved('find the percentage change when 120 becomes 90', '-25');
    solved('A TV was $400 and is now $340. What is the percentage decrease?', '15');
    solved('the price is now 90, down from 120. percentage change?', '-25');
  });
  test('reverse percentages divide by the multiplier, never take the percentage of the new amount', () => {
    solved('After a 25% pay rise, Sam earns 500. What did Sam earn before?', '400');
    solved('a coat costs 84 in a 30% off sale. what was the original price', '120');
    solved('including 20% VAT a phone costs 360. what is the price before VAT', '300');
    solved('a population grew by 10% to 4400. what was it originally?', '4000');
  });
  test('one operation per step, with the student’s numbers, that add up as shown', () => {
    const reverse = solved('a shirt costs $48 after 20% off. find the original price', '60');
    assert.deepEqual(
      reverse.steps.map((s) => s.explanation),
      [
        'The original is 100%. After a 20% decrease it is 100% − 20% = 80% of the original.',
        '80 ÷ 100 = 0.8, so original × 0.8 = 48.',
        'original = 48 ÷ 0.8 = 60.',
      ],
    );
    const change = solved('percentage change from 92 to 80', '-13.0435');
    // −12 ÷ 92 is not a short decimal: multiply first, so that no step works on a rounded number.
    assert.deepEqual(change.steps.map((s) => s.explanation).slice(0, 3), [
      'New minus old: 80 − 92 = -12.',
      '-12 × 100 = -1200.',
      '-1200 ÷ 92 ≈ -13.0435.',
    ]);
    for (const question of [
      'what is 15% of 80',
      '12 is what percent of 80',
      'increase 80 by 15%',
      'percentage change from 80 to 92',
      'after a 20% rise the price is 60, what was it before',
      '30 is 15% of what number',
      '2/3 as a percentage',
    ])
      arithmeticAddsUp(solved(question, mathEngine.solve(question).answer?.text ?? '').steps.map((s) => s.explanation));
  });
  test('a student’s answer is graded against the exact value', () => {
    assert.equal(mathEngine.check('increase 80 by 15%', '92').correct, true);
    assert.equal(mathEngine.check('increase 80 by 15%', '12').correct, false);
  });
});
