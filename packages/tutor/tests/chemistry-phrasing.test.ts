// Issue #13: chemistry asked the way students write it (molar mass, balancing, stoichiometry, gas laws, moles and
// particles), with sentences of our own (not the phrasing corpus's). Expected values are computed here from a
// hand-written table of standard atomic weights and the exact SI constants, not by the engine.
/* eslint-disable @typescript-eslint/no-non-null-assertion -- a missing value fails the test where it is read */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as Solve from '../src/solve.ts';
import type { TutorAnswer } from '@studyease/contract';
import { requireCompiled } from './support/compiled.ts';

const { solveLocally } = requireCompiled<typeof Solve>('solve');
const solve = (question: string): TutorAnswer => solveLocally('chemistry-solver', question);

const WEIGHT: Readonly<Record<string, number>> = {
  H: 1.008,
  He: 4.0026,
  C: 12.011,
  N: 14.007,
  O: 15.999,
  Na: 22.99,
  Mg: 24.305,
  S: 32.06,
  Cl: 35.45,
  Ca: 40.078,
  Cu: 63.546,
};
const NA = 6.022_140_76e23;
const R_ATM = 0.082_057_366; // L·atm/(mol·K), from 8.314462618 / 101.325
const R = 8.314_462_618;

/** Molar mass from a list of [element, count]: no formula parser here. */
const M = (...parts: Array<[string, number]>): number => parts.reduce((sum, [el, n]) => sum + WEIGHT[el]! * n, 0);
const H2 = M(['H', 2]);
const O2 = M(['O', 2]);
const H2O = M(['H', 2], ['O', 1]);
const CO2 = M(['C', 1], ['O', 2]);
const NH3 = M(['N', 1], ['H', 3]);

/** The first value of an answer ("35.74 g (≈ …)", "6.017×10^23 molecules") and the unit after it. */
function firstQuantity(text: string): { value: number; unit: string; digits: string } {
  const match = /^(-?\d+(?:\.\d+)?)(?:×10\^(-?\d+))?\s*([^(]*?)\s*(?:\(|$)/.exec(text);
  assert.ok(match, `no value in "${text}"`);
  return {
    value: Number(`${match[1]!}e${match[2] ?? '0'}`),
    unit: match[3]!,
    digits: match[1]!,
  };
}

function expectQuantity(question: string, value: number, unit: string): void {
  const answer = solve(question);
  assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
  assert.ok(answer.verified, `${question}: not checked`);
  const got = firstQuantity(answer.answer!.text);
  assert.ok(
    Math.abs(got.value - value) <= 1e-3 * Math.abs(value),
    `${question}: ${answer.answer!.text}, expected ${String(value)} ${unit}`,
  );
  assert.equal(got.unit, unit, `${question}: unit of ${answer.answer!.text}`);
}

describe('molar mass asked in words', () => {
  for (const [question, value] of [
    ['What is the molar mass of calcium carbonate?', M(['Ca', 1], ['C', 1], ['O', 3])],
    ['find the molar mass of H2SO4', M(['H', 2], ['S', 1], ['O', 4])],
    ['molar mass of Ca(OH)2 pls', M(['Ca', 1], ['O', 2], ['H', 2])],
    ['how heavy is one mole of table salt?', M(['Na', 1], ['Cl', 1])],
    ["What's the molecular weight of ethanol?", M(['C', 2], ['H', 6], ['O', 1])],
    ['calculate the molar mass of copper sulfate pentahydrate', M(['Cu', 1], ['S', 1], ['O', 9], ['H', 10])],
    ['gram formula mass of sodium hydroxide', M(['Na', 1], ['O', 1], ['H', 1])],
    ['Molar mass of ammonia?', NH3],
    ['hey, can you give me the molar mass of CO2 in g/mol', CO2],
  ] as const) {
    test(question, () => expectQuantity(question, value, 'g/mol'));
  }
  test('an element that is also a molecule is asked back, with both values', () => {
    const answer = solve('What is the molar mass of oxygen?');
    assert.equal(answer.status, 'unsupported');
    assert.match(answer.reason!, /\bO\b.*\bO2\b/);
  });
  test('an unknown name is refused, asking for the formula', () => {
    const answer = solve('molar mass of unobtainium');
    assert.equal(answer.status, 'unsupported');
    assert.match(answer.reason!, /formula/);
  });
});

describe('balancing asked in words', () => {
  for (const [question, expected] of [
    ['balance: Fe + O2 → Fe2O3', '4 Fe + 3 O2 -> 2 Fe2O3'],
    ['can you balance the equation for burning methane', 'CH4 + 2 O2 -> CO2 + 2 H2O'],
    ['balance the combustion of ethanol', 'C2H5OH + 3 O2 -> 2 CO2 + 3 H2O'],
    ['how do I balance Al + HCl = AlCl3 + H2?', '2 Al + 6 HCl -> 2 AlCl3 + 3 H2'],
    ['balance the reaction between nitrogen and hydrogen to form ammonia', 'N2 + 3 H2 -> 2 NH3'],
    ['Zn + HCl -> ZnCl2 + H2 please balance', 'Zn + 2 HCl -> ZnCl2 + H2'],
    ['Balance the following: KClO3 --> KCl + O2.', '2 KClO3 -> 2 KCl + 3 O2'],
  ] as const) {
    test(question, () => {
      const answer = solve(question);
      assert.equal(answer.status, 'solved', answer.reason);
      assert.equal(answer.answer!.text, expected);
      assert.ok(answer.verified);
    });
  }
  test('a reaction named only by its effect is not guessed', () => {
    assert.equal(solve('balance the equation for making rust').status, 'unsupported');
  });
});

describe('stoichiometry asked in a sentence', () => {
  for (const [question, value, unit] of [
    ['2 H2 + O2 -> 2 H2O: how many grams of H2O from 4 g H2?', (4 / H2) * H2O, 'g'],
    ['how many grams of water form when 4 g of hydrogen burns in oxygen', (4 / H2) * H2O, 'g'],
    [
      'What mass of CO2 is produced when 10.0 g of propane burns completely?',
      (10 / M(['C', 3], ['H', 8])) * 3 * CO2,
      'g',
    ],
    ['How many moles of ammonia can be made from 3.0 mol of hydrogen gas?', 2, 'mol'],
    ['how many grams of oxygen are needed to react with 5.0 g of magnesium', (5 / WEIGHT.Mg! / 2) * O2, 'g'],
    ['If 4.0 g of hydrogen reacts with 32.0 g of oxygen, how much water forms?', (4 / H2) * H2O, 'g'],
    [
      'CaCO3 → CaO + CO2. What mass of CO2 is released by heating 50.0 g of CaCO3?',
      (50 / M(['Ca', 1], ['C', 1], ['O', 3])) * CO2,
      'g',
    ],
    ['how many moles of CO2 are produced from 2.5 mol of methane with excess oxygen', 2.5, 'mol'],
    ['How many grams of hydrogen are needed to make 10 g of water?', (10 / H2O) * H2, 'g'],
  ] as const) {
    test(question, () => expectQuantity(question, value, unit));
  }
  test('the issue example: 4 g H2 = 1.9841 mol, the mole ratio, then the mass, each with its numbers', () => {
    const answer = solve('2 H2 + O2 -> 2 H2O: how many grams of H2O from 4 g H2?');
    const steps = answer.steps.map((step) => step.explanation).join('\n');
    assert.match(steps, /n\(H2\) = 4 g ÷ 2\.016 g\/mol = 1\.9841 mol/);
    assert.match(steps, /× 2\/2 = 1\.9841 mol/);
    assert.match(steps, /1\.9841 × 18\.015 = 35\.74 g/);
    assert.equal(answer.answer!.text, "35.74 g (≈ 40 g to the data's 1 significant figure)");
  });
  test('the limiting reagent when two amounts are given', () => {
    const answer = solve('If 4.0 g of hydrogen reacts with 32.0 g of oxygen, which is the limiting reactant?');
    assert.equal(answer.answer!.text, 'H2');
  });
  test('a reaction that the names do not fix is asked for, not guessed', () => {
    const answer = solve('How many grams of CO2 form from 16 g of CH4?');
    assert.equal(answer.status, 'unsupported');
    assert.match(answer.reason!, /equation/);
    assert.notEqual(solve('how many grams of product form from 10 g of iron and oxygen').status, 'solved');
  });
});

describe('gas laws in a sentence', () => {
  for (const [question, value, unit] of [
    ['What volume does 2.00 mol of gas occupy at STP?', 2 * R_ATM * 273.15, 'L'],
    ["A gas at 1.5 atm and 10 L is compressed to 5 L at constant temperature; what's the new pressure?", 3, 'atm'],
    ['What pressure is exerted by 0.500 mol of gas in a 5.00 L container at 25 °C?', (0.5 * R_ATM * 298.15) / 5, 'atm'],
    ['A balloon holds 2.5 L of helium at 1.0 atm. What will its volume be at 0.50 atm?', 5, 'L'],
    [
      'A gas occupies 3.00 L at 27 °C. At what temperature will it occupy 4.00 L at the same pressure?',
      (300.15 * 4) / 3,
      'K',
    ],
    [
      'A sealed can of gas at 1.00 atm and 20 °C is heated to 100 °C. What is the pressure inside?',
      373.15 / 293.15,
      'atm',
    ],
    [
      '5.00 L of gas at 1.00 atm and 300 K is changed to 2.00 atm and 350 K. What is the new volume?',
      (5 * 350) / (2 * 300),
      'L',
    ],
    ['How many moles of gas are in a 10.0 L tank at 202.6 kPa and 300 K?', (202_600 * 0.01) / (R * 300), 'mol'],
    ['what volume in mL does 0.0100 mol of gas occupy at 1.00 atm and 273 K', 0.01 * R_ATM * 273 * 1000, 'mL'],
    ['What volume will 16 g of oxygen occupy at STP?', (16 / O2) * R_ATM * 273.15, 'L'],
    ['P = 2.00 atm, V = ?, n = 0.500 mol, T = 300 K', (0.5 * R_ATM * 300) / 2, 'L'],
    ['At what temperature will 0.50 mol of gas occupy 12 L at 750 mmHg?', ((750 / 760) * 12) / (0.5 * R_ATM), 'K'],
  ] as const) {
    test(question, () => expectQuantity(question, value, unit));
  }
  test('the conversions and the gas constant are steps of their own', () => {
    const answer = solve('What volume does 0.5 mol of an ideal gas occupy at 25 °C and 200 kPa?');
    const steps = answer.steps.map((step) => step.explanation).join('\n');
    assert.match(steps, /25 °C = 25 \+ 273\.15 = 298\.15 K/);
    assert.match(steps, /200 kPa = 200 × 1000 = 200000 Pa/);
    assert.match(steps, /R = 8\.314 J\/\(mol·K\) \(the gas constant, a standard constant\)/);
  });
  test('STP as the second state of the combined gas law', () => {
    expectQuantity(
      'A gas occupies 2.0 L at 100 kPa and 25 °C. What is its volume at STP?',
      (2 * (100 / 101.325) * 273.15) / 298.15,
      'L',
    );
  });
  test('the state before the change is not answered backwards', () => {
    assert.equal(solve('What initial volume of gas at 1 atm becomes 5 L at 2 atm?').status, 'unsupported');
    assert.equal(solve('A gas is compressed to 5 L at 2 atm. What was its volume at 1 atm?').status, 'unsupported');
  });
  test('a gas volume through a reaction is refused rather than half-read', () => {
    assert.equal(solve('What volume of O2 at STP reacts with 2.0 g of H2?').status, 'unsupported');
  });
});

describe('moles and particles', () => {
  for (const [question, value, unit] of [
    ['how many molecules in 18 g of water', (18 / H2O) * NA, 'molecules'],
    ['how many atoms of H in 2 mol of H2O', 4 * NA, 'H atoms'],
    ['How many oxygen atoms are in 0.5 mol of CO2?', NA, 'O atoms'],
    ['How many moles are in 25.0 g of sodium chloride?', 25 / M(['Na', 1], ['Cl', 1]), 'mol'],
    ['What is the mass of 0.250 mol of sulfuric acid?', 0.25 * M(['H', 2], ['S', 1], ['O', 4]), 'g'],
    ['how many moles is 3.01 × 10^23 molecules of CO2', 3.01e23 / NA, 'mol'],
    ['mass of 1.204 x 10^24 molecules of ammonia', (1.204e24 / NA) * NH3, 'g'],
    ['how many moles of CO2 in 88 g?', 88 / CO2, 'mol'],
    ['convert 0.5 kg of water to moles', 500 / H2O, 'mol'],
    ['How many particles are in 2.5 moles of glucose?', 2.5 * NA, 'particles'],
  ] as const) {
    test(question, () => expectQuantity(question, value, unit));
  }
  test('"oxygen" alone is atoms or molecules: asked back, unless the question says which', () => {
    const answer = solve('How many moles in 16 g of oxygen?');
    assert.equal(answer.status, 'unsupported');
    assert.match(answer.reason!, /\bO\b.*\bO2\b/);
    expectQuantity('How many molecules are in 32 g of oxygen?', (32 / O2) * NA, 'molecules');
    expectQuantity('How many oxygen atoms are in 2 mol of oxygen gas?', 4 * NA, 'O atoms');
  });
  test("Avogadro's number is named as a standard constant", () => {
    const steps = solve('how many molecules in 18 g of water')
      .steps.map((step) => step.explanation)
      .join('\n');
    // The power of ten as a book prints it (issue #14: no calculator syntax in what a student reads).
    assert.match(steps, /N_A = 6\.022 × 10²³ \/mol \(Avogadro's number, a standard constant\)/);
  });
});

describe('honest rounding and plain refusals', () => {
  test("the answer starts with the precise value (4 significant figures), then the data's", () => {
    for (const question of [
      'How many moles are in 50 g of CaCO3?',
      'how many grams of water form when 4 g of hydrogen burns in oxygen',
      'What volume does 1 mol of gas occupy at STP?',
    ]) {
      const text = solve(question).answer!.text;
      const digits = firstQuantity(text).digits.replace('.', '').replace(/^0+/, '');
      assert.ok(digits.length >= 4, `${question}: ${text}`);
      assert.match(text, /\(≈ .* to the data's \d significant figures?\)$/, text);
    }
  });
  test('"I read this as": every answer restates the question as maths', () => {
    for (const [question, reading] of [
      [
        'how many grams of water form when 4 g of hydrogen burns in oxygen',
        /2\\,\\mathrm\{H_\{2\}\} \+ \\mathrm\{O_\{2\}\} \\rightarrow/,
      ],
      ['how many molecules in 18 g of water', /m\(\\mathrm\{H_\{2\}O\}\) = 18/],
      ['What volume does 0.5 mol of an ideal gas occupy at 25 °C and 200 kPa?', /V = \?$/],
      ['molar mass of calcium carbonate', /M\(\\mathrm\{CaCO_\{3\}\}\)/],
    ] as const) {
      assert.match(solve(question).question.latex, reading, question);
    }
  });
  test('other tools are named, with the question carried over', () => {
    const math = solve('solve x^2 - 4 = 0');
    assert.equal(math.status, 'unsupported');
    assert.deepEqual(math.suggestion, { text: 'solve x^2 - 4 = 0', tool: 'math-solver' });
    const physics = solve('A car accelerates from 0 to 20 m/s in 5 s. What is its acceleration?');
    assert.equal(physics.suggestion?.tool, 'physics-solver');
    assert.match(physics.reason!, /Physics Solver/);
  });
  test('what is not understood is refused in plain words, never a parser message', () => {
    for (const question of [
      'What is the pH of 0.1 M HCl?',
      'how many moles',
      'what is the density of water',
      'How many moles of atoms are in 1 mol of H2O?',
      'tell me about chemistry',
    ]) {
      const answer = solve(question);
      assert.notEqual(answer.status, 'solved', question);
      assert.doesNotMatch(answer.reason!, /unexpected|position|token|parse/i, question);
    }
  });
});

describe('grading and practice for moles and gas questions', () => {
  const { chemistryEngine: engine } = requireCompiled<typeof import('../src/chemistry/index.ts')>('chemistry/index');
  test("the precise value or the data's, in any unit of the same quantity", () => {
    const moles = 'How many moles are in 25.0 g of sodium chloride?';
    for (const ok of ['0.428 mol', '0.4278', '428 mmol']) assert.equal(engine.check(moles, ok).correct, true, ok);
    for (const bad of ['0.5 mol', '0.428 g']) assert.equal(engine.check(moles, bad).correct, false, bad);
    const gas = 'what volume does 2.00 mol of gas occupy at STP?';
    for (const ok of ['44.8 L', '44800 mL']) assert.equal(engine.check(gas, ok).correct, true, ok);
    assert.equal(engine.check(gas, '4.48 L').correct, false);
    assert.equal(engine.check('how many molecules in 18 g of water', '6.0 x 10^23').correct, true);
  });
  test('three checked practice questions with new numbers', () => {
    for (const question of [
      'how many molecules in 18 g of water',
      'A gas at 1.5 atm and 10 L is compressed to 5 L at constant temperature. What is the new pressure?',
    ]) {
      const practice = engine.practice(question);
      assert.equal(practice.length, 3, question);
      for (const one of practice) {
        assert.ok(one.verified);
        assert.equal(engine.check(one.question, one.answer).correct, true, one.question);
      }
    }
  });
});
