// Issue #14: a wrong practice answer points at the mistake in plain words (a missing root, a sign, a factor, a root
// too many) without revealing the right answer. check() of each engine, as POST /api/tutor/check runs it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ToolId } from '@studyease/contract';
import type * as Mistake from '../src/mistake.ts';
import type * as Solve from '../src/solve.ts';
import { requireCompiled } from './support/compiled.ts';

const { checkLocally, solveLocally } = requireCompiled<typeof Solve>('solve');
const { slipOf } = requireCompiled<typeof Mistake>('mistake');

/** The differences of a wrong answer, asserting that none of them shows the right answer's values. */
const differencesOf = (tool: ToolId, question: string, answer: string, hidden: readonly string[]): string => {
  const result = checkLocally(tool, question, answer);
  assert.equal(result.correct, false, `${question}: ${answer} was accepted`);
  const text = result.differences.join(' | ');
  for (const value of hidden) assert.ok(!text.includes(value), `${question}: "${text}" reveals ${value}`);
  return text;
};

describe('slipOf', () => {
  test('a flipped sign, a common factor, or only too high or too low', () => {
    assert.deepEqual(slipOf(-3, 3), { kind: 'sign' });
    assert.equal(slipOf(8, 4).kind, 'factor');
    assert.equal(slipOf(40, 4).kind, 'factor');
    assert.deepEqual(slipOf(5, 4), { kind: 'off', direction: 'high' });
    assert.deepEqual(slipOf(0.5, 4.2), { kind: 'off', direction: 'low' });
  });
});

describe('math check()', () => {
  test('a missing root: what was found, and that there is one more', () => {
    const text = differencesOf('math-solver', 'x^2 - 5x + 6 = 0', 'x = 2', ['3']);
    assert.equal(text, 'you found x = 2; there is one more solution');
  });

  test('a sign error', () => {
    // The right one is said to be right (a new student's walk-through: "x = 1 and x = 2" said nothing of x = 2).
    const text = differencesOf('math-solver', 'x^2 - 5x + 6 = 0', 'x = -2, x = 3', []);
    assert.equal(text, 'x = 3 is right | x = -2 is not a solution: check its sign');
    assert.match(differencesOf('math-solver', '3x + 12 = 0', 'x = 4', []), /x = 4 is not a solution: check its sign/);
  });

  test('a factor off', () => {
    assert.equal(
      differencesOf('math-solver', '4x = 12', 'x = 6', ['3']),
      'x = 6 is not a solution: it is twice the right one',
    );
    assert.equal(
      differencesOf('math-solver', '2x + 3 = 7', 'x = 1', []),
      'x = 1 is not a solution: it is half the right one',
    );
    assert.equal(
      differencesOf('math-solver', 'derivative of x^3', '6x^2', ['3x']),
      'your answer is twice the right one',
    );
    assert.match(differencesOf('math-solver', 'derivative of x^3', '-3x^2', []), /check the sign/);
  });

  test('beside several roots a factor is chance, not a slip; a long answer is not quoted back whole', () => {
    // Roots −6 and 8: x = 3 is not "half the right one, with the wrong sign", nor x = 2 "a quarter of" 8.
    for (const answer of ['x = 3', 'x = 2']) {
      const text = differencesOf('math-solver', 'x^2 - 2x - 48 = 0', answer, []);
      assert.match(text, /is not a solution: put it back into the equation/, answer);
      assert.doesNotMatch(text, /half|quarter|twice|wrong sign/, answer);
    }
    const long = `the answer is ${'x plus some words '.repeat(25)}`;
    const said = differencesOf('math-solver', '2x + 3 = 7', long, []);
    assert.ok(said.length < 120, said);
  });

  test('extra roots', () => {
    const text = differencesOf('math-solver', 'x^2 - 5x + 6 = 0', 'x = 2, x = 3, x = 4', []);
    assert.match(text, /x = 4 is one too many/);
  });

  test('a value that is simply wrong, and a system', () => {
    const text = differencesOf('math-solver', '2x + 3 = 7', 'x = 5', ['x = 2']);
    assert.match(text, /x = 5 is not a solution: put it back into the equation/);
    const system = differencesOf('math-solver', 'x + y = 3, x - y = 1', 'x = 2, y = -1', ['y = 1']);
    assert.equal(system, 'y = -1 is not right: check its sign');
    assert.match(differencesOf('math-solver', 'x + y = 3, x - y = 1', 'x = 2', []), /you did not give y/);
  });

  test('a phrase answer is not given away', () => {
    const text = differencesOf('math-solver', 'x/(x-2) = 2/(x-2)', 'x = 2', ['no solution']);
    assert.match(text, /is not the answer/);
  });

  test('exact values stay exact: the student’s own value as they wrote it', () => {
    assert.equal(
      differencesOf('math-solver', '3x = 2', 'x = 1/3', ['2/3']),
      'x = 1/3 is not a solution: it is half the right one',
    );
    assert.equal(differencesOf('math-solver', '3x = 1', 'x=-1/3', []), 'x = -1/3 is not a solution: check its sign');
  });

  test('no calculator syntax and no "≈" in a difference', () => {
    const text = differencesOf('math-solver', 'x^2 = 2', 'x = sqrt(2)', []);
    assert.doesNotMatch(text, /sqrt\(|\*|\^|≈/u);
  });
});

describe('physics and chemistry check()', () => {
  const fall = 'A ball is dropped from 20 m. How long does it take to hit the ground?';

  test('physics: a factor, a unit slip, too high, never the value', () => {
    const right = solveLocally('physics-solver', fall).answer?.text ?? '';
    assert.match(right, /^2\.019 s/);
    assert.equal(differencesOf('physics-solver', fall, '4.04 s', ['2.0']), '4.04 s is twice the right one.');
    assert.match(
      differencesOf('physics-solver', 'What is the weight of a 2 kg mass?', '196 N', ['19.6']),
      /10 times the right one: check the units and the decimal point/,
    );
    assert.match(differencesOf('physics-solver', fall, '3 s', ['2.0']), /3 s is too high/);
  });

  test('chemistry: molar mass, stoichiometry, amounts, never the value', () => {
    assert.match(
      differencesOf('chemistry-solver', 'molar mass of NaCl', '60 g/mol', ['58.4']),
      /too high: recount the atoms/,
    );
    assert.match(
      differencesOf('chemistry-solver', 'How many grams of water form from 4 g of H2 burning in O2?', '72 g', ['35.7']),
      /72 g is too high: check the mole ratio/,
    );
    assert.match(
      differencesOf('chemistry-solver', 'How many moles are in 50 g of CaCO3?', '5 mol', ['0.49', '0.50']),
      /5 mol is 10 times the right one/,
    );
  });

  test('chemistry amounts: rounding to fewer figures than the answer needs is not right', () => {
    const water = 'How many moles are in 9 g of water?';
    for (const wrong of ['1 mol', '0 mol', '0.52 mol']) differencesOf('chemistry-solver', water, wrong, ['0.49']);
    for (const right of ['0.5 mol', '0.50 mol', '0.4996 mol', '500 mmol'])
      assert.equal(checkLocally('chemistry-solver', water, right).correct, true, right);
    // The value rounded to the data's figures, as the answer gives it, is right: 0.25 mol/L ≈ 0.3 mol/L.
    const molarity = 'What is the molarity of 0.5 mol NaCl in 2 L?';
    for (const right of ['0.25 M', '0.3 M', '0.25 mol/L'])
      assert.equal(checkLocally('chemistry-solver', molarity, right).correct, true, right);
    differencesOf('chemistry-solver', molarity, '0.4 M', ['0.25']);
  });
});
