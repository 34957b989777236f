/** "Molar mass of CuSO4·5H2O": the sum of standard atomic weights, element by element. */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { refusedAnswer, solvedAnswer, type CheckResult, type TutorAnswer } from '@studyease/contract';
import { atomicWeight, elementName, isElement } from './elements';
import { ChemError, countAtomsIndependently, formulaLatex, parseSpecies, type Species } from './formula';
import { halfUnitInLastPlace } from './sigfigs';

export const MOLAR_MASS_KIND = 'molar-mass';
const TOOL = 'chemistry-solver';

// Both read trimmed text (and QUESTION without its final ?, . or !): a `\s*…\s*$` tail after `(.+?)` backtracks
// over every split of a long run of spaces.
const QUESTION =
  /^(?:(?:what\s+is|find|calculate|compute|determine|give)\s+)?(?:the\s+)?(?:molar|molecular|formula|molecular)\s+(?:mass|weight)\s+(?:of\s+)?(\S.*)$/i;
const SHORT = /^M\s*\(\s*(\S.*)\)\s*[?=]?$/;

/** @returns the formula a molar-mass question asks about, or undefined when it is not one */
export function molarMassFormula(question: string): string | undefined {
  const text = question.trim();
  const match = QUESTION.exec(/[?.!]$/.test(text) ? text.slice(0, -1).trimEnd() : text) ?? SHORT.exec(text);
  return match?.[1]?.trim();
}

export type MolarMassResult =
  | { ok: true; species: Species; value: number; contributions: { symbol: string; count: number; weight: number }[] }
  | { ok: false; status: 'invalid' | 'unsupported'; reason: string };

/** @returns the molar mass of a formula in g/mol with each element's contribution, or why it has none */
export function molarMass(formula: string): MolarMassResult {
  let species: Species;
  try {
    species = parseSpecies(formula, isElement);
  } catch (error) {
    if (error instanceof ChemError) return { ok: false, status: 'invalid', reason: error.message };
    throw error;
  }
  if (species.coefficient) {
    return {
      ok: false,
      status: 'invalid',
      reason: `"${formula}" starts with a number; give the formula alone (e.g. H2O, not 2H2O).`,
    };
  }
  if (species.electron)
    return { ok: false, status: 'unsupported', reason: 'The electron has no molar mass in this sense.' };
  const contributions: { symbol: string; count: number; weight: number }[] = [];
  for (const [symbol, count] of species.atoms) {
    const weight = atomicWeight(symbol);
    if (weight === undefined) {
      return {
        ok: false,
        status: 'unsupported',
        reason: `${elementName(symbol)} (${symbol}) has no standard atomic weight (it has no stable isotopes), so its molar mass depends on the isotope.`,
      };
    }
    contributions.push({ symbol, count, weight });
  }
  const value = contributions.reduce((sum, item) => sum + item.count * item.weight, 0);
  return { ok: true, species, value, contributions };
}

export const formatMolarMass = (value: number): string => `${value.toFixed(2)} g/mol`;

export function molarMassHints(formula: string | undefined): string[] {
  return [
    'This is a molar mass question: add up the atomic weights of every atom in the formula.',
    'Count each element in the formula; a number after brackets multiplies everything inside, and a hydrate part (·5H2O) is added 5 times.',
    "Look up each element's atomic weight in g/mol and multiply it by its count.",
    `Add the contributions${formula ? ` for ${formula}` : ''} and round to 2 decimals.`,
  ];
}

export function solveMolarMass(question: string, formula: string): TutorAnswer {
  const result = molarMass(formula);
  if (!result.ok) return refusedAnswer(TOOL, result.status, MOLAR_MASS_KIND, question, result.reason);
  const { species, value, contributions } = result;
  // Second path: expand the formula with the independent counter and add the atoms one element at a time.
  const recount = countAtomsIndependently(species.body);
  let second = 0;
  for (const [symbol, count] of recount) second += (atomicWeight(symbol) ?? Number.NaN) * count;
  const agree = Math.abs(second - value) <= 1e-9 * value && recount.size === species.atoms.size;
  const lines = contributions.map(
    ({ symbol, count, weight }) => `${symbol}: ${count} × ${weight.toFixed(3)} = ${(count * weight).toFixed(3)} g/mol`,
  );
  const text = formatMolarMass(value);
  return solvedAnswer({
    tool: TOOL,
    kind: MOLAR_MASS_KIND,
    question: { text: question, latex: `M(${formulaLatex(species.text)})` },
    answer: { text, latex: `${value.toFixed(2)}\\ \\mathrm{g/mol}` },
    steps: [
      {
        title: 'Count the atoms',
        explanation: `${species.text} contains ${contributions.map(({ symbol, count }) => `${count} ${symbol}`).join(', ')}.`,
      },
      {
        title: 'Multiply each atomic weight by its count',
        explanation: lines.join('; '),
        latex: contributions
          .map(({ symbol, count, weight }) => `${count}\\times ${weight.toFixed(3)}\\ (\\mathrm{${symbol}})`)
          .join(' + '),
      },
      {
        title: 'Add the contributions',
        explanation: `${contributions.map(({ count, weight }) => (count * weight).toFixed(3)).join(' + ')} = ${value.toFixed(3)} g/mol, which rounds to ${text}.`,
      },
    ],
    checks: [
      {
        kind: 'recomputed',
        passed: agree,
        detail: agree
          ? `Counting the atoms again independently and adding them gives ${second.toFixed(3)} g/mol as well.`
          : `A second count gives ${second.toFixed(3)} g/mol instead of ${value.toFixed(3)} g/mol.`,
      },
    ],
    hints: molarMassHints(species.text),
  });
}

/** Reads `58.44`, `58.44 g/mol`, `58.44 g mol^-1`, `0.05844 kg/mol`; undefined when it is none of those. */
export function readMolarMassAnswer(answer: string): { value: number; written: string; scale: number } | undefined {
  const match =
    /^([+-]?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)\s*(g\s*\/\s*mol|g\s*(?:[·*]\s*)?mol\s*(?:\^\s*)?-\s*1|g\/mole|grams?\s+per\s+mole?|kg\s*\/\s*mol|u|amu|Da|g)?$/i.exec(
      answer.replace('−', '-').replace('⁻¹', '^-1').trim(),
    );
  if (!match) return undefined;
  const scale = /^kg/i.test(match[2] ?? '') ? 1000 : 1;
  return { value: Number(match[1]) * scale, written: match[1]!, scale };
}

export function checkMolarMass(_question: string, formula: string, studentAnswer: string): CheckResult {
  const result = molarMass(formula);
  if (!result.ok) return { correct: false, differences: [result.reason] };
  const read = readMolarMassAnswer(studentAnswer);
  if (!read)
    return {
      correct: false,
      differences: [`"${studentAnswer}" is not a molar mass (a number, optionally with g/mol).`],
    };
  // Tolerance by the student's own precision (half a unit in their last digit), plus a little for tables that
  // round atomic weights differently (O = 16.00, H = 1.008).
  const tolerance = halfUnitInLastPlace(read.written) * read.scale + 0.0005 * result.value;
  const difference = read.value - result.value;
  if (Math.abs(difference) <= tolerance) return { correct: true, differences: [] };
  return {
    correct: false,
    differences: [
      `${read.value} g/mol differs from ${formatMolarMass(result.value)} by ${Math.abs(difference).toFixed(2)} g/mol: recount the atoms (${result.contributions
        .map(({ symbol, count }) => `${symbol} ${count}`)
        .join(', ')}).`,
    ],
  };
}
