// Issue #13, red-team patterns in chemistry: an amount asked after a written equation is solved (or refused), never
// answered with the balanced equation alone; atoms of a molecule are molecules × atoms per molecule. Sentences of
// our own; expected values from a hand-written table of standard atomic weights and the exact Avogadro constant.
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
  C: 12.011,
  N: 14.007,
  O: 15.999,
  Na: 22.99,
  Cl: 35.45,
  Ca: 40.078,
  Fe: 55.845,
};
const NA = 6.022_140_76e23;
/** Molar mass from a list of [element, count]: no formula parser here. */
const M = (...parts: Array<[string, number]>): number => parts.reduce((sum, [el, n]) => sum + WEIGHT[el]! * n, 0);

/** The first value of an answer ("35.74 g (≈ …)", "1.1948×10^24 atoms") and the unit after it. */
function firstQuantity(text: string): { value: number; unit: string } {
  const match = /^(-?\d+(?:\.\d+)?)(?:×10\^(-?\d+))?\s*([^(]*?)\s*(?:\(|$)/.exec(text);
  assert.ok(match, `no value in "${text}"`);
  return { value: Number(`${match[1]!}e${match[2] ?? '0'}`), unit: match[3]! };
}

function expectQuantity(question: string, value: number, unit: string): TutorAnswer {
  const answer = solve(question);
  assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
  assert.ok(answer.verified, `${question}: not checked`);
  const got = firstQuantity(answer.answer!.text);
  assert.ok(
    Math.abs(got.value - value) <= 1e-3 * Math.abs(value),
    `${question}: ${answer.answer!.text}, expected ${String(value)} ${unit}`,
  );
  assert.equal(got.unit, unit, `${question}: unit of ${answer.answer!.text}`);
  return answer;
}

/** Refused in plain words: not solved, not checked, no parser language. */
function expectRefused(question: string): TutorAnswer {
  const answer = solve(question);
  assert.notEqual(answer.status, 'solved', `${question}: answered ${answer.answer?.text ?? ''}`);
  assert.equal(answer.verified, false, question);
  assert.ok(answer.reason, question);
  assert.doesNotMatch(answer.reason, /unexpected|position|token|parse|empty part/i, question);
  return answer;
}

describe('an amount asked after a written equation', () => {
  const Fe2O3 = M(['Fe', 2], ['O', 3]);
  const NaCl = M(['Na', 1], ['Cl', 1]);
  for (const [question, value, unit] of [
    ['4Fe + 3O2 -> 2Fe2O3. mass of Fe2O3 from 11.2 g of iron', (11.2 / WEIGHT.Fe!) * 0.5 * Fe2O3, 'g'],
    ['2Na + Cl2 → 2NaCl; mass of NaCl from 4.6 g Na', (4.6 / WEIGHT.Na!) * NaCl, 'g'],
    ['CH4 + 2O2 -> CO2 + 2H2O, moles of water from 0.5 mol CH4', 1, 'mol'],
    [
      'CaCO3 -> CaO + CO2. the mass of CO2 from 25 g of CaCO3',
      (25 / M(['Ca', 1], ['C', 1], ['O', 3])) * M(['C', 1], ['O', 2]),
      'g',
    ],
    ['2H2 + O2 -> 2H2O: grams of water from 6 g of hydrogen gas', (6 / M(['H', 2])) * M(['H', 2], ['O', 1]), 'g'],
  ] as const) {
    test(question, () => {
      const answer = expectQuantity(question, value, unit);
      assert.doesNotMatch(answer.answer!.text, /->|→/);
    });
  }
  test('an amount question it cannot read is refused, not answered with the balanced equation', () => {
    for (const question of [
      '2H2 + O2 -> 2H2O. volume of steam from 4 g H2',
      'N2 + 3H2 -> 2NH3 and I have 28 g N2 so what mass NH3',
      'C3H8 + 5O2 -> 3CO2 + 4H2O, number of CO2 molecules from 2 mol of propane',
    ]) {
      const answer = expectRefused(question);
      assert.notEqual(answer.kind, 'balance-equation', question);
    }
  });
  test('an equation alone is still balanced', () => {
    for (const [question, balanced] of [
      ['2Mg + O2 -> 2MgO', '2 Mg + O2 -> 2 MgO'],
      ['balance Na + Cl2 -> NaCl', '2 Na + Cl2 -> 2 NaCl'],
    ] as const) {
      const answer = solve(question);
      assert.equal(answer.status, 'solved', question);
      assert.equal(answer.answer!.text, balanced);
    }
  });
});

describe('atoms in a molecule named in words', () => {
  const H2 = M(['H', 2]);
  const N2 = M(['N', 2]);
  for (const [question, value] of [
    ['number of atoms in 2 g of hydrogen gas', (2 / H2) * NA * 2],
    ['number of atoms in 4 g of hydrogen gas', (4 / H2) * NA * 2],
    ['convert 28 g of nitrogen gas to atoms', (28 / N2) * NA * 2],
    ['total number of atoms in 0.5 mol of carbon dioxide', 0.5 * NA * 3],
    ['how many atoms are in 1.5 mol of O2', 1.5 * NA * 2],
  ] as const) {
    test(question, () => {
      const answer = expectQuantity(question, value, 'atoms');
      const step = answer.steps.find((one) => /atoms per molecule/.test(one.explanation));
      assert.ok(step, `${question}: no step saying atoms = molecules × atoms per molecule`);
    });
  }
  test('atoms of a one-atom element are the particle count, with no step that multiplies by 1', () => {
    const answer = expectQuantity('number of atoms in 56 g of Fe', (56 / WEIGHT.Fe!) * NA, 'atoms');
    assert.ok(!answer.steps.some((one) => /× 1 =/.test(one.explanation)));
  });
  test('molecules stay molecules', () => {
    expectQuantity('number of molecules in 2 g of hydrogen gas', (2 / H2) * NA, 'molecules');
  });
});

describe('relative formula mass (Mr)', () => {
  const { chemistryEngine: engine } = requireCompiled<typeof import('../src/chemistry/index.ts')>('chemistry/index');
  for (const [question, value] of [
    ['Mr of KCl', 39.098 + WEIGHT.Cl!],
    ["what's the Mr of CO2", M(['C', 1], ['O', 2])],
    ['relative formula mass of CaCO3?', M(['Ca', 1], ['C', 1], ['O', 3])],
    ['calculate the relative molecular mass of NH3', M(['N', 1], ['H', 3])],
    ['find the Mr for Na2O', M(['Na', 2], ['O', 1])],
  ] as const) {
    test(question, () => {
      const answer = solve(question);
      assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
      assert.ok(answer.verified);
      // Mr has no unit: the number alone, the molar mass's value in g/mol.
      assert.match(answer.answer!.text, /^\d+\.\d\d$/);
      assert.ok(Math.abs(Number(answer.answer!.text) - value) < 0.006, `${answer.answer!.text} vs ${String(value)}`);
      assert.ok(answer.steps.some((one) => /no unit/.test(one.explanation)));
      assert.equal(engine.check(question, value.toFixed(2)).correct, true);
    });
  }
});

describe('moles in the short form, and particles to moles with no substance', () => {
  const { chemistryEngine: engine } = requireCompiled<typeof import('../src/chemistry/index.ts')>('chemistry/index');
  for (const [question, value, unit] of [
    ['moles of CO2 in 22 g', 22 / M(['C', 1], ['O', 2]), 'mol'],
    ['moles in 9 g of water', 9 / M(['H', 2], ['O', 1]), 'mol'],
    ['the moles of NaOH in 20 g', 20 / M(['Na', 1], ['O', 1], ['H', 1]), 'mol'],
    ['grams in 0.5 moles of CH4', 0.5 * M(['C', 1], ['H', 4]), 'g'],
    ['how many moles is 1.5055e23 molecules', 1.5055e23 / NA, 'mol'],
    ['how many moles are 9.033 x 10^23 atoms?', 9.033e23 / NA, 'mol'],
    ['how many mol in 3.0e24 particles', 3.0e24 / NA, 'mol'],
  ] as const) {
    test(question, () => {
      expectQuantity(question, value, unit);
    });
  }
  test('graded like the other amounts', () => {
    assert.equal(engine.check('how many moles is 1.5055e23 molecules', '0.25 mol').correct, true);
    assert.equal(engine.check('how many moles is 1.5055e23 molecules', '0.5 mol').correct, false);
  });
});

describe('molarity: c = n / V, the solute in a volume, dilution', () => {
  const { chemistryEngine: engine } = requireCompiled<typeof import('../src/chemistry/index.ts')>('chemistry/index');
  const KOH = 39.098 + WEIGHT.O! + WEIGHT.H!;
  for (const [question, value, unit] of [
    ['0.3 mol of KCl dissolved in 1.5 L, what is the concentration', 0.2, 'mol/L'],
    ['find the molarity of 20 g NaOH in 500 mL of solution', 20 / M(['Na', 1], ['O', 1], ['H', 1]) / 0.5, 'mol/L'],
    ['concentration of 2.925 g of NaCl in 250 mL of water', 2.925 / M(['Na', 1], ['Cl', 1]) / 0.25, 'mol/L'],
    ['how many moles are in 250 mL of 0.2 M HCl', 0.05, 'mol'],
    ['how many grams of KOH are needed for 100 mL of 0.5 M solution', 0.05 * KOH, 'g'],
    ['50 mL of 3 M HCl is diluted to 600 mL. new concentration?', 0.25, 'mol/L'],
    ['dilute 20 mL of 5 M NaOH to 0.5 M: final volume?', 200, 'mL'],
    ['what volume of 10 M HCl do I need to make 250 mL of 2 M HCl', 50, 'mL'],
  ] as const) {
    test(question, () => {
      expectQuantity(question, value, unit);
    });
  }
  test('graded in M or mol/L', () => {
    const question = '0.3 mol of KCl dissolved in 1.5 L, what is the concentration';
    for (const ok of ['0.2 M', '0.20 mol/L', '0.2 mol dm-3'])
      assert.equal(engine.check(question, ok).correct, true, ok);
    assert.equal(engine.check(question, '0.45 M').correct, false);
  });
  test('a solution question it cannot pair up is refused in plain words', () => {
    expectRefused('2 M HCl is diluted by adding 100 mL of water to 50 mL, new concentration?');
    expectRefused('what mass of solute is in 200 mL of 0.5 M solution');
  });
});

describe('stoichiometry sentences with no written equation (textbook reactions)', () => {
  const C3H8 = M(['C', 3], ['H', 8]);
  const CaCO3 = M(['Ca', 1], ['C', 1], ['O', 3]);
  const H2 = M(['H', 2]);
  const O2 = M(['O', 2]);
  const H2O = M(['H', 2], ['O', 1]);
  for (const [question, value, unit] of [
    ['how much oxygen gas is needed to burn 22 g of C3H8', (22 / C3H8) * 5 * O2, 'g'],
    ['what mass of CO2 forms when 50 g of CaCO3 decomposes', (50 / CaCO3) * M(['C', 1], ['O', 2]), 'g'],
    [
      'when 25 g of calcium carbonate decomposes, what mass of CaO is produced',
      (25 / CaCO3) * M(['Ca', 1], ['O', 1]),
      'g',
    ],
    ['2 g of hydrogen gas and 32 g of oxygen gas react, how many grams of water form', (2 / H2) * H2O, 'g'],
  ] as const) {
    test(question, () => {
      expectQuantity(question, value, unit);
    });
  }
  test('the limiting reagent of two amounts', () => {
    const answer = solve('6 g of hydrogen gas and 32 g of oxygen gas react. which is the limiting reagent?');
    assert.equal(answer.status, 'solved', answer.reason ?? '');
    assert.match(answer.answer!.text, /^O2\b/);
  });
});

describe('percent yield: actual / theoretical × 100', () => {
  const CaCO3 = M(['Ca', 1], ['C', 1], ['O', 3]);
  const CaO = M(['Ca', 1], ['O', 1]);
  const NaCl = M(['Na', 1], ['Cl', 1]);
  for (const [question, value] of [
    ['the actual yield was 12 g and the theoretical yield 16 g. what is the percent yield', 75],
    ['heating 20 g of CaCO3 gave 9.0 g of CaO, what is the percentage yield?', (9 / ((20 / CaCO3) * CaO)) * 100],
    ['2Na + Cl2 -> 2NaCl. 2.3 g of Na produced 5.0 g of NaCl. % yield?', (5 / ((2.3 / WEIGHT.Na!) * NaCl)) * 100],
    ['percent yield when 3.0 g of CaO is obtained from 10 g of CaCO3', (3 / ((10 / CaCO3) * CaO)) * 100],
  ] as const) {
    test(question, () => {
      expectQuantity(question, value, '%');
    });
  }
  test('not sent to the Math Solver; unreadable yields are refused', () => {
    const answer = expectRefused('what is the percent yield of the reaction');
    assert.equal(answer.suggestion, undefined);
    expectRefused('percent yield: 10 g of CaCO3 and 4 g of CaO');
  });
});

describe('balancing a reaction written in words with "gives", "makes", "forms", "produces"', () => {
  for (const [question, balanced] of [
    ['balance sodium + chlorine gives sodium chloride', '2 Na + Cl2 -> 2 NaCl'],
    ['balance: hydrogen + oxygen makes water', '2 H2 + O2 -> 2 H2O'],
    ['balance the equation aluminium + oxygen forms aluminium oxide', '4 Al + 3 O2 -> 2 Al2O3'],
    ['balance methane and oxygen produces carbon dioxide and water', 'CH4 + 2 O2 -> CO2 + 2 H2O'],
  ] as const) {
    test(question, () => {
      const answer = solve(question);
      assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
      assert.ok(answer.verified);
      assert.equal(answer.answer!.text, balanced);
    });
  }
  test('a substance not known by name is refused', () => {
    expectRefused('balance magnesium + unobtainium gives stuff');
  });
});

describe('gas laws written with subscripts (P1 = …, V2 = ?)', () => {
  for (const [question, value, unit] of [
    ['P1 = 120 kPa, V1 = 5 L, T1 = 300 K, P2 = 100 kPa, T2 = 350 K, V2 = ?', (120 * 5 * 350) / (300 * 100), 'L'],
    ['P1 = 100 kPa, V1 = 3 L, T1 = 300 K, P2 = 150 kPa, T2 = 400 K, find V2', (100 * 3 * 400) / (300 * 150), 'L'],
    ['T2 = 450 K, V1 = 6 L, T1 = 300 K. what is V2', 9, 'L'],
    ['P1 = 2.0 atm, V1 = 4.0 L, V2 = 8.0 L, P2?', 1, 'atm'],
    ['P1 = 1.0 atm, T1 = 27 °C, T2 = 127 °C, calculate P2', 400.15 / 300.15, 'atm'],
  ] as const) {
    test(question, () => {
      expectQuantity(question, value, unit);
    });
  }
  test('the state before the change is not answered backwards', () => {
    expectRefused('P2 = 2 atm, V2 = 3 L, P1 = 1 atm, V1 = ?');
  });
});
