// Issue #13, finding 5: every calculation a chemistry step shows ("a × b = c", "a + b = c", "a / b = c") must be
// right when recomputed from the numbers as shown, to the last shown digit. This reads the steps of every chemistry
// answer of the phrasing corpus, of bench/problems.json and of extra phrasings, with its own scanner (not the
// engine's, and not the model-answer scanner) and mathjs to evaluate.
/* eslint-disable @typescript-eslint/no-non-null-assertion -- a missing value fails the test where it is read */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import type * as Solve from '../src/solve.ts';
import { buildCorpus } from '../../../bench/phrasing/corpus.ts';
import { requireCompiled } from './support/compiled.ts';

const { solveLocally } = requireCompiled<typeof Solve>('solve');
const math = createRequire(import.meta.url)('mathjs') as typeof import('mathjs');

interface Statement {
  text: string;
  computed: number;
  stated: number;
  decimals: number;
}

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?: × 10\^-?\d+)?`;

/** `6.022 × 10^23` as one number (the power of ten binds to its mantissa). */
const asNumbers = (text: string): string => text.replace(/(\d+(?:\.\d+)?) × 10\^(-?\d+)/g, '($1e$2)');

/** Superscript powers of ten as the steps print them (`10²³`, issue #14) in the caret form read below (`10^23`). */
const withCarets = (text: string): string =>
  text.replace(/10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)/g, (_, power: string) => {
    // eslint-disable-next-line @typescript-eslint/no-misused-spread -- a run of superscripts, one code point each
    const plain = [...power].map((char) => (char === '⁻' ? '-' : String('⁰¹²³⁴⁵⁶⁷⁸⁹'.indexOf(char)))).join('');
    return `10^${plain}`;
  });

/**
 * Every "left = number" of a text whose left side has at least two numbers and an operator; words and units around
 * the numbers are left out (`4 g ÷ 2.016 g/mol` is `4 ÷ 2.016`).
 */
function statements(text: string): Statement[] {
  const found: Statement[] = [];
  const clauses = withCarets(text)
    .replace(/−/g, '-')
    .split(/;\s|:\s|\.\s+(?=[A-Z])|\.$/);
  for (const clause of clauses) {
    const parts = clause.split(/\s=\s/);
    for (let i = 0; i + 1 < parts.length; i++) {
      const right = new RegExp(`^\\s*(${NUMBER})(?![\\d.]*\\d)`).exec(parts[i + 1]!);
      if (!right) continue;
      const left = parts[i]!.split(/\s+/)
        .filter((token) => token !== '' && !/[A-Za-z°]/.test(token))
        .join(' ');
      const numbers = asNumbers(left).match(/\d+(?:\.\d+)?(?:e-?\d+)?/g) ?? [];
      if (numbers.length < 2 || !/[×÷/+*]|\s-\s/.test(left)) continue;
      const expression = asNumbers(left).replace(/×/g, '*').replace(/÷/g, '/');
      let computed: number;
      try {
        computed = Number(math.evaluate(expression));
      } catch {
        computed = Number.NaN;
      }
      const [mantissa = '', exponent = '0'] = right[1]!.split(' × 10^');
      const decimals = (mantissa.split('.')[1] ?? '').length - Number(exponent);
      found.push({
        text: `${left} = ${right[1]}`,
        computed,
        stated: Number(`${mantissa}e${exponent}`),
        decimals,
      });
    }
  }
  return found;
}

const agrees = ({ computed, stated, decimals }: Statement): boolean =>
  Number.isFinite(computed) && Math.abs(computed - stated) <= 0.5 * 10 ** -decimals + 1e-9 * Math.abs(stated);

const EXTRA = [
  'molar mass of H2SO4',
  'what is the molar mass of glucose',
  'molar mass of Ca(OH)2 pls',
  'find the molar mass of K4[Fe(CN)6]',
  'molar mass of CuSO4·5H2O',
  '2 H2 + O2 -> 2 H2O: how many grams of H2O from 4 g H2?',
  'how many grams of water form when 4 g of hydrogen burns in oxygen',
  '10.0 g H2 and 64.0 g O2: how many grams of H2O form? limiting reagent?',
  'How many kg of CO2 are produced from 16.0 kg of CH4 with excess O2?',
  'In the reaction 2 Al + 3 Cl2 -> 2 AlCl3, how many grams of AlCl3 form from 2.70 g of Al and 7.10 g of Cl2?',
  'how many molecules in 18 g of water',
  'how many atoms of H in 2 mol of H2O',
  'How many atoms are in 0.25 mol of CO2?',
  'how many moles is 3.01 × 10^23 molecules of CO2',
  'what is the mass of 1.2e24 molecules of water',
  'What volume does 0.5 mol of an ideal gas occupy at 25 °C and 200 kPa?',
  'A gas at 760 mmHg and 10 L is compressed to 5 L at constant temperature. What is the new pressure in atm?',
  'what volume does 2.00 mol of gas occupy at STP?',
  'How many moles of gas are in a 10.0 L tank at 2.00 atm and 300 K?',
  'A 2.50 L balloon at 25.0 °C is heated to 50.0 °C at constant pressure. What is its new volume in mL?',
  'A gas has a pressure of 1.20 atm at 300. K. What is the pressure at 450. K if the volume is constant?',
  'A 5.00 L sample of gas at 1.00 atm and 300 K is changed to 2.00 atm and 350 K. What is the new volume?',
  'What temperature is 16.0 g of O2 at if it occupies 11.2 L at 1.00 atm?',
  'what pressure does 0.200 mol of gas exert in 500 mL at 27 °C?',
  // Red-team patterns (issue #13): short forms after an equation, atoms of a molecule, Mr, molarity, yield, P1/V2.
  'Fe2O3 + 3CO -> 2Fe + 3CO2. mass of Fe from 100 g Fe2O3',
  'number of atoms in 2 g of hydrogen gas',
  'Mr of CaCO3',
  'how many moles is 3.011e23 molecules',
  'molarity of 10 g NaOH dissolved to make 250 mL',
  'what mass of NaCl is needed for 500 mL of 0.1 M solution',
  'concentration of 5.85 g NaCl in 100 mL of water',
  'dilute 100 mL of 6 M HCl to 1.5 M, final volume?',
  '25 mL of 2.0 M HCl is diluted to 500 mL. what is the new concentration',
  'heating 10 g of CaCO3 gives 4 g of CaO. what is the percent yield',
  'actual yield 15 g, theoretical yield 20 g, percent yield?',
  'P1 = 100 kPa, V1 = 3 L, T1 = 300 K, P2 = 150 kPa, T2 = 400 K, find V2',
];

function chemistryQuestions(): string[] {
  const corpus = buildCorpus(60)
    .filter((problem) => problem.tool === 'chemistry-solver')
    .map((problem) => problem.question);
  const bench = (
    JSON.parse(readFileSync(new URL('../../../bench/problems.json', import.meta.url), 'utf8')) as Array<{
      tool: string;
      question: string;
    }>
  )
    .filter((problem) => problem.tool === 'chemistry-solver')
    .map((problem) => problem.question);
  return [...corpus, ...bench, ...EXTRA];
}

test('every calculation shown in a chemistry step adds up from the numbers as shown', () => {
  const wrong: string[] = [];
  let checked = 0;
  let solved = 0;
  const unscanned: string[] = [];
  for (const question of chemistryQuestions()) {
    const answer = solveLocally('chemistry-solver', question);
    if (answer.status !== 'solved') continue;
    solved += 1;
    let here = 0;
    for (const step of answer.steps) {
      for (const statement of statements(step.explanation)) {
        here += 1;
        if (!agrees(statement))
          wrong.push(`${question}: "${statement.text}" recomputes to ${String(statement.computed)}`);
      }
    }
    // Balancing shows no arithmetic; every other answer calculates, and the scan must find it (not pass on none).
    if (answer.kind !== 'balance-equation' && here === 0) unscanned.push(question);
    checked += here;
  }
  assert.deepEqual(wrong, []);
  assert.deepEqual(unscanned, []);
  assert.ok(solved > 250, `${String(solved)} answers solved`);
  assert.ok(checked > 500, `${String(checked)} calculations recomputed in ${String(solved)} answers`);
});

test('the molar mass steps multiply and add the atomic weights exactly as shown', () => {
  for (const [question, shown] of [
    ['molar mass of H2SO4', ['2 × 1.008 = 2.016', '4 × 15.999 = 63.996', '2.016 + 32.065 + 63.996 = 98.077']],
    ['molar mass of C6H12O6', ['6 × 12.011 = 72.066', '12 × 1.008 = 12.096', '72.066 + 12.096 + 95.994 = 180.156']],
  ] as const) {
    const steps = solveLocally('chemistry-solver', question)
      .steps.map((step) => step.explanation)
      .join('\n');
    for (const one of shown) assert.ok(steps.includes(one), `${question}: ${one} in\n${steps}`);
  }
});

test('the scanner itself catches a wrong last digit', () => {
  assert.equal(statements('O: 4 × 15.999 = 63.998 g/mol').every(agrees), false);
  assert.equal(statements('n = 4 g ÷ 2.016 g/mol = 1.9841 mol').every(agrees), true);
  assert.equal(statements('0.99917 × 6.022 × 10^23 = 6.018 × 10^23 molecules').every(agrees), false);
  assert.equal(statements('2.00 × 10.0 / (0.08206 × 300) = 0.8124 mol').every(agrees), true);
});
