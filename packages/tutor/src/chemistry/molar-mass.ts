/** "Molar mass of CuSO4·5H2O": the sum of standard atomic weights, element by element. */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { refusedAnswer, solvedAnswer, type CheckResult, type TutorAnswer } from '@studyease/contract';
import { atomicWeight, elementName, isElement } from './elements';
import { fromThousandths, weightThousandths } from './numbers';
import { ChemError, countAtomsIndependently, formulaLatex, parseSpecies, type Species } from './formula';
import { halfUnitInLastPlace } from './sigfigs';
import { wrongAmount } from '../mistake';

export const MOLAR_MASS_KIND = 'molar-mass';
const TOOL = 'chemistry-solver';

// Both read trimmed text (and QUESTION without its final ?, . or !): a `\s*…\s*$` tail after `(.+?)` backtracks
// over every split of a long run of spaces. For the same reason the optional "of"/":" carries its own spaces, and a
// final "weigh" after ONE_MOLE's substance is taken off by `withoutWeigh`, not by a `(\S.*?)(?:\s+weigh)?$` tail.
const QUESTION =
  /^(?:(?:what\s+is|what'?s|whats|find|calculate|compute|determine|give|work\s+out|get)\s+(?:me\s+)?)?(?:the\s+)?(?:molar|molecular|formula|gram\s+formula|gram\s+molecular)\s+(?:mass|weight)(?:\s*(?:of|for|:))?\s+(\S.*)$/i;
const SHORT = /^M\s*\(\s*(\S.*)\)\s*[?=]?$/;
const ONE_MOLE =
  /^(?:(?:what\s+is|what'?s|find|calculate|give)\s+)?(?:how\s+(?:heavy|much)\s+is|how\s+much\s+does|(?:the\s+)?mass\s+of|what\s+does|how\s+many\s+grams\s+(?:does|is|are\s+in|in))\s+(?:one|1|a)\s+mole\s+of\s+(\S.*)$/i;
// Words a student adds after the question ("pls", "please", "in g/mol"), taken off one at a time from the end: one
// pattern with `\s*(?:,?\s*…)+\s*$` tried every split of a long run of spaces (cubic on hostile text).
const TAIL_WORD = /(?:^|[\s,])(?:pls|plz|please|thanks|thank\s+you|in\s+g\s*\/\s*mol|in\s+grams\s+per\s+mole)$/i;
const HEAD = /^\s*(?:(?:hi|hey|hello)\s*[,!]?\s*)?(?:(?:please|pls|can\s+you|could\s+you|help\s+me)\s+)*/i;

/** "NaCl weigh" → "NaCl": a final "weigh" after spaces, when something comes before it. */
function withoutWeigh(substance: string): string {
  const end = substance.length - 'weigh'.length;
  if (end < 1 || substance.slice(end).toLowerCase() !== 'weigh' || !/\s/.test(substance.charAt(end - 1)))
    return substance;
  return substance.slice(0, end).trimEnd();
}

/** @returns the formula a molar-mass question asks about, or undefined when it is not one */
export function molarMassFormula(question: string): string | undefined {
  let text = question.trim();
  for (let i = 0; i < 3 && /[?.!]$/.test(text); i++) text = text.slice(0, -1).trimEnd();
  for (let i = 0; i < 4; i++) {
    const tail = TAIL_WORD.exec(text);
    if (!tail) break;
    text = text.slice(0, tail.index).trimEnd();
    if (text.endsWith(',')) text = text.slice(0, -1).trimEnd();
  }
  text = text.replace(HEAD, '');
  const match = QUESTION.exec(text) ?? SHORT.exec(text);
  if (match) return match[1]?.trim();
  const oneMole = ONE_MOLE.exec(text)?.[1];
  return oneMole === undefined ? undefined : withoutWeigh(oneMole).trim();
}

// "Mr of NaCl", "what's the relative formula mass of H2O": Mr is the molar mass's number, without its unit. A pattern
// of its own (the words differ) with one run of spaces between words, so it stays linear.
const RELATIVE =
  /^(?:(?:what\s+is|what'?s|whats|find|calculate|compute|determine|give|work\s+out|get)\s+)?(?:the\s+)?(?:Mr|M_r|M\(r\)|RFM|relative\s+(?:formula|molecular|atomic)\s+mass)(?:\s+(?:of|for)|\s*:)?\s+(\S.*)$/i;

/** @returns the formula a relative-formula-mass (Mr) question asks about, or undefined when it is not one */
export function relativeMassFormula(question: string): string | undefined {
  let text = question.trim();
  for (let i = 0; i < 3 && /[?.!]$/.test(text); i++) text = text.slice(0, -1).trimEnd();
  text = text.replace(HEAD, '');
  const match = RELATIVE.exec(text);
  return match?.[1]?.trim();
}

export type MolarMassResult =
  | {
      ok: true;
      species: Species;
      /** The molar mass from the atomic weights as shown (3 decimals): what every later step computes with. */
      value: number;
      /** The same in thousandths of g/mol (exact). */
      thousandths: number;
      contributions: { symbol: string; count: number; weight: number; thousandths: number }[];
    }
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
  const contributions: { symbol: string; count: number; weight: number; thousandths: number }[] = [];
  for (const [symbol, count] of species.atoms) {
    const weight = weightThousandths(symbol);
    if (weight === undefined) {
      return {
        ok: false,
        status: 'unsupported',
        reason: `${elementName(symbol)} (${symbol}) has no standard atomic weight (it has no stable isotopes), so its molar mass depends on the isotope.`,
      };
    }
    contributions.push({ symbol, count, weight: weight / 1000, thousandths: weight });
  }
  const thousandths = contributions.reduce((sum, item) => sum + item.count * item.thousandths, 0);
  return { ok: true, species, value: thousandths / 1000, thousandths, contributions };
}

/**
 * The molar mass to 2 decimals (3 below 10 g/mol, so it keeps 4 significant figures), rounded half up from the
 * exact sum of the shown contributions.
 */
export function molarMassText(thousandths: number): string {
  if (thousandths < 10_000) return fromThousandths(thousandths);
  const hundredths = Math.round(thousandths / 10);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

export const formatMolarMass = (value: number): string => `${molarMassText(Math.round(value * 1000))} g/mol`;

export function molarMassHints(formula: string | undefined): string[] {
  return [
    'This is a molar mass question: add up the atomic weights of every atom in the formula.',
    'Count each element in the formula; a number after brackets multiplies everything inside, and a hydrate part (·5H2O) is added 5 times.',
    "Look up each element's atomic weight in g/mol and multiply it by its count.",
    `Add the contributions${formula ? ` for ${formula}` : ''} and round to 2 decimals.`,
  ];
}

export function solveMolarMass(question: string, formula: string, relative = false): TutorAnswer {
  const answer = solveMolarMassInGrams(question, formula);
  if (!relative || answer.status !== 'solved' || !answer.answer) return answer;
  // Mr is the same number as the molar mass in g/mol, without a unit (a ratio to 1/12 of a carbon-12 atom's mass).
  const number = answer.answer.text.replace(/ g\/mol$/, '');
  return {
    ...answer,
    answer: { text: number, latex: number },
    steps: [
      ...answer.steps,
      {
        title: 'Relative formula mass',
        explanation: `Mr has no unit: it is the molar mass's number without g/mol, so Mr = ${number}.`,
      },
    ],
  };
}

function solveMolarMassInGrams(question: string, formula: string): TutorAnswer {
  const result = molarMass(formula);
  if (!result.ok) return refusedAnswer(TOOL, result.status, MOLAR_MASS_KIND, question, result.reason);
  const { species, value, thousandths, contributions } = result;
  // Second path: expand the formula with the independent counter and add the atoms one element at a time, from
  // the full-precision weights; it must round to the same value.
  const recount = countAtomsIndependently(species.body);
  let second = 0;
  for (const [symbol, count] of recount) second += (atomicWeight(symbol) ?? Number.NaN) * count;
  const shownText = molarMassText(thousandths);
  const agree =
    recount.size === species.atoms.size &&
    Math.abs(second - value) <= 0.0005 * species.atoms.size * Math.max(...recount.values()) + 1e-9;
  // Every product and the sum are computed from the weights as shown (3 decimals), in exact thousandths.
  const lines = contributions.map(
    ({ symbol, count, thousandths: weight }) =>
      `${symbol}: ${count} × ${fromThousandths(weight)} = ${fromThousandths(count * weight)} g/mol`,
  );
  const text = `${shownText} g/mol`;
  const rounds = fromThousandths(thousandths) === shownText ? '' : `, which rounds to ${text}`;
  return solvedAnswer({
    tool: TOOL,
    kind: MOLAR_MASS_KIND,
    question: { text: question, latex: `M(${formulaLatex(species.text)})` },
    answer: { text, latex: `${shownText}\\ \\mathrm{g/mol}` },
    steps: [
      {
        title: 'Count the atoms',
        explanation: `${species.text} contains ${contributions.map(({ symbol, count }) => `${count} ${symbol}`).join(', ')}.`,
      },
      {
        title: 'Multiply each atomic weight by its count',
        explanation: `Standard atomic weights in g/mol, to 3 decimals. ${lines.join('; ')}`,
        latex: contributions
          .map(
            ({ symbol, count, thousandths: weight }) =>
              `${count}\\times ${fromThousandths(weight)}\\ (\\mathrm{${symbol}})`,
          )
          .join(' + '),
      },
      {
        title: 'Add the contributions',
        explanation:
          contributions.length > 1
            ? `${contributions.map(({ count, thousandths: weight }) => fromThousandths(count * weight)).join(' + ')} = ${fromThousandths(thousandths)} g/mol${rounds}.`
            : `Only one element: M = ${fromThousandths(thousandths)} g/mol${rounds}.`,
      },
    ],
    checks: [
      {
        kind: 'recomputed',
        passed: agree,
        detail: agree
          ? `Counting the atoms again independently and adding the unrounded atomic weights gives ${second.toFixed(4)} g/mol, the same to the 3 decimals shown.`
          : `A second count gives ${second.toFixed(3)} g/mol instead of ${fromThousandths(thousandths)} g/mol.`,
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
      // Where it went wrong, not the molar mass itself (issue #14).
      wrongAmount(
        `${String(read.value)} g/mol`,
        read.value,
        result.value,
        `recount the atoms of each element (${result.contributions.map(({ symbol }) => symbol).join(', ')}) and check each atomic weight`,
      ),
    ],
  };
}
