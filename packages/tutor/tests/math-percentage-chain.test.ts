// Percentage changes one after another, asked in words (issue #13): the overall change, or the amount at the end.
// Phrasings are written for the family (direction words before or after each rate, "a further", "and then by"),
// not for particular sentences; the expected answers are worked by hand.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as MathEngine from '../src/math/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { mathEngine } = requireCompiled<typeof MathEngine>('math/index');

const answers = (question: string, text: string): void => {
  const answer = mathEngine.solve(question);
  assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
  assert.equal(answer.answer?.text, text, question);
  assert.equal(answer.verified, true, `${question} verified: ${JSON.stringify(answer.checks)}`);
};

describe('a chain of percentage changes', () => {
  test('the overall percentage change', () => {
    answers('a price rises 15% then falls 10%, what is the overall percentage change', '3.5');
    answers('A shirt is marked up 20% and then reduced by 20%. By what percent has the price changed overall?', '-4');
    answers('a 10% increase followed by a 10% increase is what single percentage increase?', '21');
    answers('Shares fell 30% one year and rose 30% the next: what is the overall percentage decrease?', '9');
  });
  test('the amount at the end, with the student numbers', () => {
    answers('increase 200 by 10% and then by 20%', '264');
    answers('a £50 item is discounted 20% and then a further 10%: final price?', '36');
    answers(
      'A car worth $12,000 loses 15% in its first year and 10% in its second. What is it worth at the end?',
      '9180',
    );
    answers('the population of 8000 grows 5% then another 5%, what is the new population', '8820');
  });
  test('each step is one operation on the numbers shown', () => {
    const answer = mathEngine.solve('increase 80 by 25% and then decrease it by 10%');
    assert.equal(answer.answer?.text, '90');
    const shown = answer.steps.map((s) => s.explanation).join(' ');
    assert.match(shown, /0\.25 × 80 = 20/);
    assert.match(shown, /100 − 10 = 90|100 - 10 = 90/);
  });
  test('a chain that does not say what is asked, or a direction, is not guessed', () => {
    assert.notEqual(
      mathEngine.solve('a price changes 15% then 10%, what is the overall percentage change').status,
      'solved',
    );
    assert.notEqual(mathEngine.solve('15% and 10% of 200 and 300').verified, true);
  });
});
