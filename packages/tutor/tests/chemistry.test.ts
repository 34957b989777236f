// The offline chemistry engine: balancing, molar mass, stoichiometry, checks, hints, practice, and a fuzz test
// graded by an atom counter written here, independent of the engine's parser.
/* eslint-disable @typescript-eslint/no-non-null-assertion -- a missing value fails the test where it is read */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as Chemistry from '../src/chemistry/index.ts';
import type { TutorAnswer } from '@studyease/contract';
import { requireCompiled } from './support/compiled.ts';

const { chemistryEngine: engine } = requireCompiled<typeof Chemistry>('chemistry/index');

const solve = (question: string): TutorAnswer => engine.solve(question);

function solved(question: string): TutorAnswer {
  const answer = solve(question);
  assert.equal(answer.status, 'solved', `${question}: ${answer.reason ?? ''}`);
  assert.equal(answer.tool, 'chemistry-solver');
  assert.equal(answer.source, 'engine');
  assert.ok(answer.verified, `${question} is not verified: ${JSON.stringify(answer.checks)}`);
  assert.ok(answer.steps.length >= 3, 'steps');
  assert.ok(answer.hints.length >= 3 && answer.hints.length <= 4, 'a ladder of 3–4 hints');
  assert.ok(answer.answer && answer.answer.latex.length > 0, 'latex');
  return answer;
}

// ---- An independent grader: its own formula reader (recursive, different code from the engine's). ----
function countAtoms(formula: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (map: Map<string, number>, symbol: string, n: number): void => {
    map.set(symbol, (map.get(symbol) ?? 0) + n);
  };
  for (const part of formula.split(/[·*]/)) {
    const lead = /^(\d*)(.*)$/.exec(part)!;
    const times = lead[1] ? Number(lead[1]) : 1;
    let i = 0;
    const body = lead[2]!;
    const group = (): Map<string, number> => {
      const inner = new Map<string, number>();
      while (i < body.length && !')]'.includes(body[i]!)) {
        let sub: Map<string, number>;
        if ('(['.includes(body[i]!)) {
          i++;
          sub = group();
          i++;
        } else {
          const symbol = /^[A-Z][a-z]?/.exec(body.slice(i))![0];
          i += symbol.length;
          sub = new Map([[symbol, 1]]);
        }
        const digits = /^\d*/.exec(body.slice(i))![0];
        i += digits.length;
        for (const [symbol, n] of sub) add(inner, symbol, n * (digits ? Number(digits) : 1));
      }
      return inner;
    };
    for (const [symbol, n] of group()) add(counts, symbol, n * times);
  }
  return counts;
}

interface Term {
  coefficient: number;
  formula: string;
  charge: number;
}

/** Reads `2 H2 + O2 -> 2 H2O` or `MnO4^- + 8 H^+ -> …` (the engine's answer format: caret charges, `e-`). */
function readTerms(side: string): Term[] {
  return side.split(' + ').map((raw) => {
    const match = /^(?:(\d+) )?(.+?)(?:\^(\d*)([+-]))?$/.exec(raw.trim().replace(/\((aq|s|l|g)\)$/, ''))!;
    const formula = match[2]!.replace(/\((aq|s|l|g)\)$/, '');
    const charge =
      formula === 'e-' ? -1 : match[4] ? (match[3] ? Number(match[3]) : 1) * (match[4] === '+' ? 1 : -1) : 0;
    return { coefficient: match[1] ? Number(match[1]) : 1, formula: formula === 'e-' ? '' : formula, charge };
  });
}

function sideTotals(terms: Term[]): { atoms: Map<string, number>; charge: number } {
  const atoms = new Map<string, number>();
  let charge = 0;
  for (const term of terms) {
    for (const [symbol, n] of countAtoms(term.formula))
      atoms.set(symbol, (atoms.get(symbol) ?? 0) + n * term.coefficient);
    charge += term.charge * term.coefficient;
  }
  return { atoms, charge };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Independent grading: atoms and charge equal, coefficients positive whole numbers in lowest terms. */
function assertBalanced(equation: string): void {
  const [left, right] = equation.split(/ -> | <=> /);
  const l = readTerms(left!);
  const r = readTerms(right!);
  const a = sideTotals(l);
  const b = sideTotals(r);
  assert.deepEqual([...a.atoms].sort(), [...b.atoms].sort(), `atoms differ in ${equation}`);
  assert.equal(a.charge, b.charge, `charge differs in ${equation}`);
  const coefficients = [...l, ...r].map((term) => term.coefficient);
  assert.ok(coefficients.every((c) => Number.isInteger(c) && c > 0));
  assert.equal(coefficients.reduce(gcd), 1, `not in lowest terms: ${equation}`);
}

describe('chemistry engine: balancing', () => {
  const cases: [string, string][] = [
    ['H2 + O2 -> H2O', '2 H2 + O2 -> 2 H2O'],
    ['balance Fe + O2 -> Fe2O3', '4 Fe + 3 O2 -> 2 Fe2O3'],
    ['Balance the equation: CH4 + O2 = CO2 + H2O', 'CH4 + 2 O2 -> CO2 + 2 H2O'],
    ['C3H8 + O2 → CO2 + H2O', 'C3H8 + 5 O2 -> 3 CO2 + 4 H2O'],
    ['KClO3 -> KCl + O2', '2 KClO3 -> 2 KCl + 3 O2'],
    ['N2 + H2 <=> NH3', 'N2 + 3 H2 <=> 2 NH3'],
    ['C6H12O6 + O2 -> CO2 + H2O', 'C6H12O6 + 6 O2 -> 6 CO2 + 6 H2O'],
    ['H2(g) + O2(g) -> H2O(l)', '2 H2(g) + O2(g) -> 2 H2O(l)'],
    ['H2+O2->H2O', '2 H2 + O2 -> 2 H2O'],
  ];
  for (const [question, expected] of cases) {
    test(`${question} → ${expected}`, () => {
      const answer = solved(question);
      assert.equal(answer.kind, 'balance-equation');
      assert.equal(answer.answer!.text, expected);
      assertBalanced(expected);
    });
  }

  test('parentheses: Ca(OH)2 and Al2(SO4)3', () => {
    assert.equal(solved('Ca(OH)2 + H3PO4 -> Ca3(PO4)2 + H2O').answer!.text, '3 Ca(OH)2 + 2 H3PO4 -> Ca3(PO4)2 + 6 H2O');
    assert.equal(solved('Al(OH)3 + H2SO4 -> Al2(SO4)3 + H2O').answer!.text, '2 Al(OH)3 + 3 H2SO4 -> Al2(SO4)3 + 6 H2O');
  });

  test('hydrates with ·, * and . keep the typed formula', () => {
    assert.equal(solved('CuSO4·5H2O -> CuSO4 + H2O').answer!.text, 'CuSO4·5H2O -> CuSO4 + 5 H2O');
    assert.equal(solved('CuSO4*5H2O -> CuSO4 + H2O').answer!.text, 'CuSO4*5H2O -> CuSO4 + 5 H2O');
    assert.equal(solved('Na2CO3.10H2O -> Na2CO3 + H2O').answer!.text, 'Na2CO3.10H2O -> Na2CO3 + 10 H2O');
  });

  test('complexes with brackets', () => {
    assert.equal(
      solved('K4[Fe(CN)6] + H2SO4 + H2O -> K2SO4 + FeSO4 + (NH4)2SO4 + CO').answer!.text,
      'K4[Fe(CN)6] + 6 H2SO4 + 6 H2O -> 2 K2SO4 + FeSO4 + 3 (NH4)2SO4 + 6 CO',
    );
    assert.equal(
      solved('FeCl3 + K4[Fe(CN)6] -> Fe4[Fe(CN)6]3 + KCl').answer!.text,
      '4 FeCl3 + 3 K4[Fe(CN)6] -> Fe4[Fe(CN)6]3 + 12 KCl',
    );
  });

  test('ions: charge is balanced too, in every charge syntax', () => {
    const answer = solved('Fe^3+ + e- -> Fe^2+');
    assert.equal(answer.answer!.text, 'Fe^3+ + e- -> Fe^2+');
    assert.ok(answer.checks.some((check) => check.kind === 'charge' && check.passed));
    assert.equal(solved('Fe3+ + e- -> Fe2+').answer!.text, 'Fe3+ + e- -> Fe2+');
    assert.equal(solved('Fe³⁺ + Cu -> Fe²⁺ + Cu²⁺').answer!.text, '2 Fe^3+ + Cu -> 2 Fe^2+ + Cu^2+');
    assert.equal(solved('Ag+ + Cu -> Ag + Cu2+').answer!.text, '2 Ag+ + Cu -> 2 Ag + Cu2+');
    assert.equal(solved('Ba^2+ + SO4^2- -> BaSO4').answer!.text, 'Ba^2+ + SO4^2- -> BaSO4');
    assert.equal(solved('NH4+ + OH- -> NH3 + H2O').answer!.text, 'NH4+ + OH- -> NH3 + H2O');
  });

  test('redox with charge: permanganate and dichromate', () => {
    const mn = solved('MnO4^- + Fe^2+ + H^+ -> Mn^2+ + Fe^3+ + H2O');
    assert.equal(mn.answer!.text, 'MnO4^- + 5 Fe^2+ + 8 H^+ -> Mn^2+ + 5 Fe^3+ + 4 H2O');
    assertBalanced(mn.answer!.text);
    const cr = solved('Cr2O7^2- + Fe^2+ + H^+ -> Cr^3+ + Fe^3+ + H2O');
    assert.equal(cr.answer!.text, 'Cr2O7^2- + 6 Fe^2+ + 14 H^+ -> 2 Cr^3+ + 6 Fe^3+ + 7 H2O');
    assertBalanced(cr.answer!.text);
    assert.equal(solved('MnO4^- + H^+ + e- -> Mn^2+ + H2O').answer!.text, 'MnO4^- + 8 H^+ + 5 e- -> Mn^2+ + 4 H2O');
  });

  test('steps show one equation per element and the solution', () => {
    const answer = solved('H2 + O2 -> H2O');
    const text = answer.steps.map((step) => step.explanation).join('\n');
    // The element equations are the step's typeset latex, element symbols upright (issue #14: maths shown once).
    const working = answer.steps.map((step) => step.latex ?? '').join('\n');
    assert.match(working, /\\mathrm\{H\}:\\ & 2a = 2c/);
    assert.match(working, /\\mathrm\{O\}:\\ & 2b = c/);
    assert.match(text, /one equation for each of H and O/);
    assert.match(text, /a = 2, b = 1, c = 2/);
    assert.ok(answer.checks.some((check) => check.kind === 'atoms' && check.passed));
  });

  test('equations that cannot be balanced are invalid, with the reason', () => {
    const missing = solve('H2O -> H2');
    assert.equal(missing.status, 'invalid');
    assert.match(missing.reason!, /O appears only on the left/);
    assert.equal(missing.verified, false);
    assert.equal(missing.answer, null);
    const impossible = solve('NO2 -> NO + N2O5 + O3 + N2O4 + H2');
    assert.notEqual(impossible.status, 'solved');
    const noSolution = solve('CO -> C2O');
    assert.equal(noSolution.status, 'invalid');
    assert.match(noSolution.reason!, /cannot be balanced/);
    const charge = solve('Fe^3+ -> Fe^2+');
    assert.equal(charge.status, 'invalid');
    assert.match(charge.reason!, /charge/);
  });

  test('unknown element symbols are invalid and named', () => {
    const answer = solve('Xy + O2 -> XyO');
    assert.equal(answer.status, 'invalid');
    assert.match(answer.reason!, /"Xy".*not an element/);
    assert.equal(solve('molar mass of HQ2').status, 'invalid');
  });

  test('ambiguous input is refused, never guessed', () => {
    const two = solve('H2 + O2 -> H2O + H2O2');
    assert.equal(two.status, 'unsupported');
    assert.match(two.reason!, /2 independent ways/);
    const charge = solve('Ba2+ + SO42- -> BaSO4');
    assert.equal(charge.status, 'invalid');
    assert.match(charge.reason!, /SO4\^2-/);
    assert.equal(solve('H2 + O2 -> H2O -> H2O2').status, 'invalid');
    assert.equal(solve('H2 + (O2 -> H2O').status, 'invalid');
  });
});

describe('chemistry engine: molar mass', () => {
  // Hand-checked with IUPAC standard atomic weights (H 1.008, C 12.011, N 14.007, O 15.999, Na 22.990,
  // S 32.06, Cl 35.45, K 39.098, Ca 40.078, Fe 55.845, Cu 63.546).
  const cases: [string, string][] = [
    ['molar mass of NaCl', '58.44 g/mol'], // 22.990 + 35.453
    ['What is the molar mass of H2O?', '18.02 g/mol'], // 2(1.008) + 15.999 = 18.015
    ['Calculate the molar mass of CO2', '44.01 g/mol'], // 12.011 + 31.998
    ['molar mass of H2SO4', '98.08 g/mol'], // 2.016 + 32.06 + 63.996 = 98.07(2–9)
    ['molar mass of Ca(OH)2', '74.09 g/mol'], // 40.078 + 2(17.007)
    ['molecular weight of C6H12O6', '180.16 g/mol'], // 72.066 + 12.096 + 95.994
    // 156.392 + 55.845 + 72.066 + 84.042 = 368.345 from the weights as shown (3 decimals), which rounds half up
    // to 368.35 (issue #13: the shown arithmetic adds up; the unrounded weights give 368.3435).
    ['M(K4[Fe(CN)6])', '368.35 g/mol'],
    ['molar mass of Al2(SO4)3', '342.15 g/mol'], // 53.963 + 96.19 + 191.99
  ];
  for (const [question, expected] of cases) {
    test(`${question} → ${expected}`, () => {
      const answer = solved(question);
      assert.equal(answer.kind, 'molar-mass');
      assert.equal(answer.answer!.text, expected);
      assert.ok(answer.checks.some((check) => check.kind === 'recomputed' && check.passed));
      assert.match(answer.steps.map((s) => s.explanation).join(' '), /Na|H|C|K|Al/);
    });
  }

  test('hydrates in both spellings give the same mass (about 249.69 g/mol by hand)', () => {
    const dot = solved('molar mass of CuSO4·5H2O').answer!.text;
    assert.equal(solved('molar mass of CuSO4*5H2O').answer!.text, dot);
    assert.equal(solved('molar mass of CuSO₄·5H₂O').answer!.text, dot);
    assert.ok(Math.abs(Number.parseFloat(dot) - 249.685) < 0.011, dot);
  });

  test('no standard atomic weight → unsupported, a leading coefficient → invalid', () => {
    assert.equal(solve('molar mass of Tc2O7').status, 'unsupported');
    assert.equal(solve('molar mass of 2H2O').status, 'invalid');
  });
});

describe('chemistry engine: stoichiometry', () => {
  test('mass → mass with excess: 4.0 g H2 → 36 g H2O (2 significant figures)', () => {
    const answer = solved('How many grams of H2O form from 4.0 g of H2 with excess O2?');
    assert.equal(answer.kind, 'stoichiometry');
    // Issue #13: the precise value first, then the value to the data's significant figures.
    assert.equal(answer.answer!.text, "35.74 g (≈ 36 g to the data's 2 significant figures)");
    assert.ok(answer.checks.some((check) => check.kind === 'mass-conservation' && check.passed));
  });

  test('limiting reagent: 10.0 g H2 and 64.0 g O2 → O2', () => {
    const answer = solved('10.0 g H2 and 64.0 g O2: limiting reagent?');
    assert.equal(answer.kind, 'limiting-reagent');
    assert.equal(answer.answer!.text, 'O2');
  });

  test('limiting reagent and product mass: 2.000 mol O2 → 4.000 mol H2O → 72.1 g', () => {
    const answer = solved(
      '10.0 g of H2 and 64.0 g of O2 react. Which is the limiting reagent, and how many grams of H2O form?',
    );
    assert.equal(answer.answer!.text, "O2; 72.06 g (≈ 72.1 g to the data's 3 significant figures)");
  });

  test('moles with a given equation, and a reactant needed', () => {
    assert.equal(
      solved('For 2 H2 + O2 -> 2 H2O, how many moles of O2 are needed to react with 3.0 mol of H2?').answer!.text,
      '1.5 mol',
    );
    // 8.00 g CH4 = 0.4987 mol; ×2 O2 × 31.998 g/mol = 31.91 g
    assert.equal(
      solved('How many grams of O2 are needed to burn 8.00 g of CH4?').answer!.text,
      "31.91 g (≈ 31.9 g to the data's 3 significant figures)",
    );
  });

  test('the equation is balanced first when given unbalanced', () => {
    // N2 + 3 H2 -> 2 NH3: 28.0 g N2 = 0.9995 mol → 1.999 mol NH3 × 17.031 = 34.05 g → 34.0 g
    const answer = solved('Given N2 + H2 -> NH3, how many grams of NH3 are produced from 28.0 g of N2 with excess H2?');
    assert.equal(answer.answer!.text, "34.04 g (≈ 34.0 g to the data's 3 significant figures)");
    assert.match(answer.steps[0]!.explanation, /N2 \+ 3 H2 -> 2 NH3/);
  });

  test('combustion without an equation, kilograms and significant figures', () => {
    // 16.0 g CH4 = 0.99730 mol → CO2 × 44.009 = 43.89 g
    assert.equal(
      solved('How many grams of CO2 are produced from 16.0 g of CH4 with excess O2?').answer!.text,
      "43.89 g (≈ 43.9 g to the data's 3 significant figures)",
    );
    assert.equal(
      solved('How many kg of CO2 are produced from 16.0 kg of CH4 with excess O2?').answer!.text,
      "43.89 kg (≈ 43.9 kg to the data's 3 significant figures)",
    );
    // CaCO3 -> CaO + CO2: 50.0 g / 100.086 = 0.49957 mol → CaO 56.077 g/mol → 28.01 g
    assert.equal(
      solved('How many grams of CaO are produced from 50.0 g of CaCO3?').answer!.text,
      "28.01 g (≈ 28.0 g to the data's 3 significant figures)",
    );
  });

  test('what it cannot read is unsupported', () => {
    // Without O2 or "burn", the reaction is not fixed; with "burns", complete combustion is stated as assumed.
    assert.equal(solve('How many grams of CO2 form from 16 g of CH4?').status, 'unsupported');
    const burns = solved('How many grams of CO2 are produced when 16 g of CH4 burns?');
    assert.equal(burns.answer!.text, "43.89 g (≈ 44 g to the data's 2 significant figures)");
    assert.match(burns.steps[0]!.explanation, /complete combustion/);
    assert.equal(solve('How many grams of XeF4 form from 1.0 g of Xe?').status, 'unsupported');
    assert.equal(solve('What volume of O2 at STP reacts with 2.0 g of H2?').status, 'unsupported');
    assert.equal(solve('What is the pH of 0.1 M HCl?').status, 'unsupported');
    assert.equal(solve('1.0 g of H2 with excess O2: limiting reagent?').status, 'unsupported');
  });
});

describe('chemistry engine: check()', () => {
  test('balanced equations: order, spacing and coefficient lists count', () => {
    const q = 'H2 + O2 -> H2O';
    for (const ok of [
      '2 H2 + O2 -> 2 H2O',
      '2H2+O2->2H2O',
      'O2 + 2 H2 = 2 H2O',
      '2 H2(g) + O2(g) → 2 H2O(l)',
      '2, 1, 2',
      '1O2 + 2H2 -> 2H2O',
    ]) {
      assert.deepEqual(engine.check(q, ok), { correct: true, differences: [] }, ok);
    }
  });

  test('a changed coefficient fails and says where', () => {
    const wrong = engine.check('H2 + O2 -> H2O', '2 H2 + O2 -> H2O');
    assert.equal(wrong.correct, false);
    assert.ok(wrong.differences.includes('O: 2 on the left, 1 on the right'), wrong.differences.join('|'));
    const scaled = engine.check('H2 + O2 -> H2O', '4 H2 + 2 O2 -> 4 H2O');
    assert.equal(scaled.correct, false);
    assert.match(scaled.differences[0]!, /lowest terms/);
    assert.equal(engine.check('H2 + O2 -> H2O', '2 H2 + O2 -> 2 H2O2').correct, false);
    const charge = engine.check('Fe^3+ + Cu -> Fe^2+ + Cu^2+', 'Fe^3+ + Cu -> Fe^2+ + Cu^2+');
    assert.equal(charge.correct, false);
    assert.ok(charge.differences.some((line) => line.startsWith('charge:')));
  });

  test('molar mass: units optional, tolerance by the digits written', () => {
    const q = 'molar mass of NaCl';
    for (const ok of ['58.44', '58.44 g/mol', '58.4 g/mol', '58.443 g mol^-1', '0.05844 kg/mol']) {
      assert.equal(engine.check(q, ok).correct, true, ok);
    }
    for (const bad of ['58.0', '60 g/mol', '74.5', 'salt']) {
      const result = engine.check(q, bad);
      assert.equal(result.correct, false, bad);
      assert.ok(result.differences.length > 0);
    }
  });

  test('stoichiometry: sig-fig tolerance and the limiting reagent', () => {
    const q = 'How many grams of H2O form from 4.0 g of H2 with excess O2?';
    for (const ok of ['36 g', '35.7 g', '36', '0.036 kg', '35.75 grams'])
      assert.equal(engine.check(q, ok).correct, true, ok);
    for (const bad of ['40 g', '18 g', '36 mol', '72 g']) assert.equal(engine.check(q, bad).correct, false, bad);
    const limiting = '10.0 g H2 and 64.0 g O2: limiting reagent?';
    assert.equal(engine.check(limiting, 'O2').correct, true);
    assert.equal(engine.check(limiting, 'H2').correct, false);
  });
});

describe('chemistry engine: hints and practice', () => {
  test('hints go from the kind of problem to the last step', () => {
    const hints = solved('H2 + O2 -> H2O').hints;
    assert.match(hints[0]!, /balancing/i);
    assert.match(hints.at(-1)!, /smallest/);
  });

  for (const question of [
    'H2 + O2 -> H2O',
    'CuSO4·5H2O -> CuSO4 + H2O',
    'MnO4^- + Fe^2+ + H^+ -> Mn^2+ + Fe^3+ + H2O',
    'K4[Fe(CN)6] + H2SO4 + H2O -> K2SO4 + FeSO4 + (NH4)2SO4 + CO',
    'molar mass of Ca(OH)2',
    'molar mass of CuSO4·5H2O',
    'How many grams of H2O form from 4.0 g of H2 with excess O2?',
    '10.0 g H2 and 64.0 g O2: limiting reagent?',
  ]) {
    test(`three verified practice questions for: ${question}`, () => {
      const list = engine.practice(question);
      assert.equal(list.length, 3);
      const kind = solve(question).kind;
      for (const item of list) {
        assert.notEqual(item.question, question);
        assert.equal(item.verified, true);
        const again = solved(item.question);
        assert.equal(again.kind, kind);
        assert.equal(again.answer!.text, item.answer);
        assert.equal(engine.check(item.question, item.answer).correct, true);
      }
      assert.equal(new Set(list.map((item) => item.question)).size, 3);
    });
  }
});

describe('chemistry engine: fuzz', () => {
  // Known balanced reactions (smallest coefficients), checked by hand and by the grader above.
  const known: [string, number][][] = [
    [
      ['H2', 2],
      ['O2', 1],
      ['->', 0],
      ['H2O', 2],
    ],
    [
      ['C3H8', 1],
      ['O2', 5],
      ['->', 0],
      ['CO2', 3],
      ['H2O', 4],
    ],
    [
      ['Fe2O3', 1],
      ['CO', 3],
      ['->', 0],
      ['Fe', 2],
      ['CO2', 3],
    ],
    [
      ['Ca(OH)2', 3],
      ['H3PO4', 2],
      ['->', 0],
      ['Ca3(PO4)2', 1],
      ['H2O', 6],
    ],
    [
      ['CuSO4·5H2O', 1],
      ['->', 0],
      ['CuSO4', 1],
      ['H2O', 5],
    ],
    [
      ['K4[Fe(CN)6]', 1],
      ['H2SO4', 6],
      ['H2O', 6],
      ['->', 0],
      ['K2SO4', 2],
      ['FeSO4', 1],
      ['(NH4)2SO4', 3],
      ['CO', 6],
    ],
    [
      ['MnO4^-', 1],
      ['Fe^2+', 5],
      ['H^+', 8],
      ['->', 0],
      ['Mn^2+', 1],
      ['Fe^3+', 5],
      ['H2O', 4],
    ],
    [
      ['Cu', 3],
      ['HNO3', 8],
      ['->', 0],
      ['Cu(NO3)2', 3],
      ['NO', 2],
      ['H2O', 4],
    ],
    [
      ['C2H5OH', 1],
      ['O2', 3],
      ['->', 0],
      ['CO2', 2],
      ['H2O', 3],
    ],
    [
      ['NH3', 4],
      ['O2', 5],
      ['->', 0],
      ['NO', 4],
      ['H2O', 6],
    ],
  ];

  let seed = 12345;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const shuffle = <T>(list: T[]): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = random(i + 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };

  test('300 random scaled and reordered reactions: every answer balanced and in lowest terms', () => {
    for (let round = 0; round < 300; round++) {
      const reaction = known[random(known.length)]!;
      const arrow = reaction.findIndex(([formula]) => formula === '->');
      const scale = 1 + random(4);
      const write = (terms: [string, number][], withCoefficients: boolean): string =>
        shuffle(terms)
          .map(([formula, c]) => (withCoefficients ? `${c * scale} ${formula}` : formula))
          .join(random(2) ? ' + ' : '+');
      const coefficients = random(2) === 0;
      const question = `${write(reaction.slice(0, arrow), coefficients)} ${['->', '=', '→'][random(3)]} ${write(reaction.slice(arrow + 1), coefficients)}`;
      const answer = solved(question);
      assertBalanced(answer.answer!.text);
      // Same coefficients as the known smallest balance, whatever the order or scale of the question.
      for (const [formula, c] of reaction) {
        if (formula === '->') continue;
        const term = readTerms(answer.answer!.text.split(' -> ').join(' + ')).find(
          (t) => t.formula === formula.replace(/\^.*$/, ''),
        );
        assert.equal(term?.coefficient, c, `${formula} in ${answer.answer!.text}`);
      }
      assert.equal(engine.check(question, answer.answer!.text).correct, true);
      // Perturb one coefficient: the check must fail every time.
      const terms = answer.answer!.text.split(' ');
      const numbers = terms.map((t, i) => (/^\d+$/.test(t) ? i : -1)).filter((i) => i >= 0);
      const perturbed = [...terms];
      if (numbers.length) {
        const at = numbers[random(numbers.length)]!;
        perturbed[at] = String(Number(perturbed[at]) + 1 + random(3));
      } else {
        perturbed.unshift('2');
      }
      assert.equal(engine.check(question, perturbed.join(' ')).correct, false, perturbed.join(' '));
    }
  });

  test('random stoichiometry amounts: answers match a hand-written mole calculation', () => {
    const weights: Record<string, number> = { H: 1.00794, O: 15.9994, C: 12.0107, N: 14.0067 };
    const molar = (formula: string): number =>
      [...countAtoms(formula)].reduce((sum, [symbol, n]) => sum + weights[symbol]! * n, 0);
    for (let round = 0; round < 60; round++) {
      const grams = (1 + random(900)) / 10 + 0.05; // e.g. 12.35: four significant figures
      const written = grams.toFixed(2);
      const answer = solved(`How many grams of CO2 form from ${written} g of C3H8 with excess O2?`);
      const expected = (Number(written) / molar('C3H8')) * 3 * molar('CO2');
      const value = Number.parseFloat(answer.answer!.text);
      assert.ok(
        Math.abs(value - expected) / expected < 0.001,
        `${written} g → ${answer.answer!.text}, expected ${expected}`,
      );
      assert.equal(
        engine.check(
          `How many grams of CO2 form from ${written} g of C3H8 with excess O2?`,
          `${(value * 1.05).toPrecision(4)} g`,
        ).correct,
        false,
      );
    }
  });
});
