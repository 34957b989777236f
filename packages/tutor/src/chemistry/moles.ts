/**
 * Moles, mass and particles of one substance: "how many moles are in 18 g of water", "what is the mass of 2 mol of
 * H2SO4", "how many molecules in 18 g of water", "how many atoms of H in 2 mol of H2O", "how many moles in
 * 3.01 × 10^23 molecules of CO2". One substance only: a second one makes it stoichiometry (or unread).
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { refusedAnswer, solvedAnswer, type Step, type TutorAnswer } from '@studyease/contract';
import { atomicWeight, elementName, isElement } from './elements';
import { formulaLatex, parseSpecies, speciesKey, type Species } from './formula';
import { molarMass, type MolarMassResult } from './molar-mass';
import { AVOGADRO, answerText, carry, fromThousandths, numberLatex, scientific, toFigures, trimZeros } from './numbers';
import { significantFigures } from './sigfigs';
import { trimTrailing } from '../trim-trailing';

export const MOLES_KIND = 'moles';
const TOOL = 'chemistry-solver';

/** A number as students write it: `18`, `0.25`, `300.` (3 significant figures), `3.01 × 10^23`, `3.01e23`, `3.01 x 10^23`, `3.01*10^(23)`. */
// The optional brackets carry their own spaces (`(?:\(\s*)?`, not `\(?\s*`): two runs of spaces side by side would let a
// long run of spaces split between them in every way (quadratic).
export const SCI_NUMBER = String.raw`\d+(?:\.\d*)?(?:\s*[×xX*·]\s*10\s*\^\s*(?:\(\s*)?[-−]?\d+(?:\s*\))?|[eE][-−]?\d+)?|\.\d+`;

/** @returns the value and significant figures of a number matched by SCI_NUMBER */
export function readNumber(written: string): { value: number; figures: number } {
  const plain = written.replace(/−/g, '-').replace(/\s/g, '');
  const sci = /^([\d.]+)(?:[×xX*·]10\^\(?(-?\d+)\)?|[eE](-?\d+))$/.exec(plain);
  if (sci) {
    const mantissa = sci[1]!;
    const exponent = Number(sci[2] ?? sci[3]);
    return { value: Number(`${mantissa}e${exponent}`), figures: significantFigures(mantissa) };
  }
  return { value: Number(plain), figures: significantFigures(plain) };
}

const FORMULA = String.raw`[A-Z][A-Za-z0-9()\[\]·*]*`;
const MASS_UNIT = String.raw`kilograms?|kg|milligrams?|mg|grams?|g`;
const MOLE_UNIT = String.raw`millimoles?|mmol|moles?|mols?`;
const PARTICLE_UNIT = String.raw`molecules?|atoms?|particles?|formula\s+units?|ions?`;

type Amount =
  | { kind: 'mass'; grams: number; written: string; unit: string }
  | { kind: 'moles'; moles: number; written: string; unit: string }
  | { kind: 'particles'; count: number; written: string; word: string };

export interface MolesProblem {
  species: Species;
  given: Amount;
  figures: number;
  asked:
    | { kind: 'moles' }
    | { kind: 'mass' }
    | { kind: 'particles'; word: string }
    | { kind: 'atoms'; element: string | undefined };
}

const ELEMENT_BY_NAME = new Map<string, string>();
function elementSymbolOf(word: string): string | undefined {
  if (isElement(word)) return word;
  if (ELEMENT_BY_NAME.size === 0) {
    for (const symbol of [
      'H',
      'He',
      'Li',
      'C',
      'N',
      'O',
      'F',
      'Ne',
      'Na',
      'Mg',
      'Al',
      'Si',
      'P',
      'S',
      'Cl',
      'Ar',
      'K',
      'Ca',
      'Fe',
      'Cu',
      'Zn',
      'Ag',
      'Au',
      'Br',
      'I',
      'Pb',
    ])
      ELEMENT_BY_NAME.set(elementName(symbol).toLowerCase(), symbol);
    ELEMENT_BY_NAME.set('aluminum', 'Al');
    ELEMENT_BY_NAME.set('sulphur', 'S');
  }
  return ELEMENT_BY_NAME.get(word.toLowerCase());
}

/**
 * Rewrites "hydrogen atoms" and "atoms of hydrogen" as "atoms of H" before names become formulas (hydrogen alone
 * becomes H2, the molecule).
 */
export function atomsOfElement(text: string): string {
  return text
    .replace(/\b([A-Za-z]+)\s+atoms\b/g, (whole, word: string) => {
      const symbol = /^(many|of|the|total|all|individual)$/i.test(word) ? undefined : elementSymbolOf(word);
      return symbol ? `atoms of ${symbol}` : whole;
    })
    .replace(/\batoms\s+of\s+([A-Za-z]+)\b/g, (whole, word: string) => {
      const symbol = elementSymbolOf(word);
      return symbol ? `atoms of ${symbol}` : whole;
    });
}

function readAmount(text: string): { amount: Amount; formula: string; figures: number } | 'several' | undefined {
  const pattern = new RegExp(
    String.raw`(?<![\w.])(${SCI_NUMBER})\s*(${MASS_UNIT}|${MOLE_UNIT}|${PARTICLE_UNIT})\b\s*(?:of\s+)?(${FORMULA})`,
    'g',
  );
  const found = [...text.matchAll(pattern)];
  if (found.length === 0) {
    // "how many moles of CO2 are in 88 g?": the substance named before a bare amount.
    const before = new RegExp(
      String.raw`\b(?:${MOLE_UNIT}|${PARTICLE_UNIT}|grams?|mass)\s+(?:of\s+)?(${FORMULA})\s+(?:(?:are|is)\s+)?(?:there\s+)?(?:in|is|are|make\s+up|weigh)\s+(${SCI_NUMBER})\s*(${MASS_UNIT}|${MOLE_UNIT}|${PARTICLE_UNIT})(?![A-Za-z])`,
      'i',
    ).exec(text);
    if (!before || !/^[A-Z]/.test(before[1]!)) return undefined;
    return amountOf(before[2]!, before[3]!, before[1]!);
  }
  if (found.length > 1) return 'several';
  const match = found[0]!;
  return amountOf(match[1]!, match[2]!, match[3]!);
}

function amountOf(
  written: string,
  unitWord: string,
  formulaWritten: string,
): { amount: Amount; formula: string; figures: number } {
  const { value, figures } = readNumber(written);
  const unit = unitWord.toLowerCase();
  const formula = trimTrailing(formulaWritten, /[.,;:?!]/);
  let amount: Amount;
  if (new RegExp(`^(?:${MASS_UNIT})$`).test(unit)) {
    const scale = unit.startsWith('k') ? 1000 : unit.startsWith('m') ? 0.001 : 1;
    amount = {
      kind: 'mass',
      grams: value * scale,
      written: written.trim(),
      unit: scale === 1 ? 'g' : unit.startsWith('k') ? 'kg' : 'mg',
    };
  } else if (new RegExp(`^(?:${MOLE_UNIT})$`).test(unit)) {
    const scale =
      unit.startsWith('m') && unit !== 'mol' && unit !== 'mole' && unit !== 'moles' && unit !== 'mols' ? 0.001 : 1;
    amount = { kind: 'moles', moles: value * scale, written: written.trim(), unit: scale === 1 ? 'mol' : 'mmol' };
  } else {
    amount = { kind: 'particles', count: value, written: written.trim(), word: unit.replace(/s$/, '') };
  }
  return { amount, formula, figures };
}

/** @returns the problem, or undefined when the question is not a one-substance conversion */
export function readMoles(text: string): MolesProblem | undefined {
  const read = readAmount(text);
  if (!read || read === 'several') return undefined;
  let species: Species;
  try {
    species = parseSpecies(read.formula, isElement);
  } catch {
    return undefined;
  }
  if (species.coefficient || species.electron) return undefined;
  // Another substance named makes it a reaction question.
  const others = [...text.matchAll(new RegExp(String.raw`(?<![\w.])${FORMULA}`, 'g'))]
    .map((m) => trimTrailing(m[0], /[.,;:?!]/))
    .filter((word) => {
      if (/^(?:I|A|[A-Z][a-z]+)$/.test(word) && !isElement(word)) return false;
      try {
        return speciesKey(parseSpecies(word, isElement)) !== speciesKey(species);
      } catch {
        return false;
      }
    });
  const atomsAsked = /\bhow\s+many\s+atoms\b(?:\s+of\s+([A-Z][a-z]?)\b)?/i.exec(text);
  const element = atomsAsked?.[1];
  if (others.some((word) => word !== element)) return undefined;
  if (/->|=|\b(react|reacts|produced?|forms?|formed|burn|burns|yield|limiting|excess)\b/i.test(text)) return undefined;
  let asked: MolesProblem['asked'] | undefined;
  if (atomsAsked) asked = { kind: 'atoms', element };
  else {
    const particle = new RegExp(String.raw`\b(?:how\s+many|number\s+of|into|to|in)\s+(${PARTICLE_UNIT})\b`, 'i').exec(
      text,
    );
    const word = particle?.[1]?.toLowerCase().replace(/s$/, '').replace(/\s+/, ' ');
    // "number of atoms in 2 g of H2": atoms, not molecules (molecules × atoms per molecule), when a unit has several.
    const atomsInUnit = [...species.atoms.values()].reduce((sum, count) => sum + count, 0);
    if (word === 'atom' && atomsInUnit > 1) asked = { kind: 'atoms', element: undefined };
    else if (word) asked = { kind: 'particles', word };
    else if (
      /\b(how\s+many\s+(?:moles?|mol)|number\s+of\s+moles|amount\s+(?:of\s+substance|in\s+moles)|(?:into|to|in)\s+(?:moles?|mol)\b|how\s+many\s+moles?)/i.test(
        text,
      ) ||
      // "moles of O2 in 64 g", "moles in 36 g of water": the short form, the unit asked first.
      /^(?:(?:find|calculate|what\s+are|what\s+is)\s+)?(?:the\s+)?(?:moles?|mols?|mmol|amount)\s+(?:of|in)\b/i.test(
        text,
      )
    )
      asked = { kind: 'moles' };
    else if (
      /\b(mass|how\s+many\s+(?:grams?|g)\b|(?:into|to|in)\s+grams\b|how\s+much\s+does|weigh|how\s+heavy)/i.test(text) ||
      /^(?:(?:find|calculate|what\s+are)\s+)?(?:the\s+)?(?:grams|kg)\s+(?:of|in)\b/i.test(text)
    )
      asked = { kind: 'mass' };
  }
  if (!asked) return undefined;
  if (asked.kind === read.amount.kind) return undefined;
  if (asked.kind === 'atoms' && asked.element && !species.atoms.has(asked.element)) return undefined;
  return { species, given: read.amount, figures: read.figures, asked };
}

const NON_METALS = new Set(['H', 'B', 'C', 'N', 'O', 'F', 'Si', 'P', 'S', 'Cl', 'Se', 'Br', 'I']);

const plural = (word: string, count: number): string => (count === 1 ? word : `${word}s`);

/** Solves the conversion; every calculation shown is computed from the numbers as shown. */
export function solveMoles(question: string, problem: MolesProblem, mass?: MolarMassResult): TutorAnswer {
  const { species, given, figures, asked } = problem;
  const molar = mass ?? molarMass(species.body);
  const f = species.text;
  const steps: Step[] = [];
  const needsMass = given.kind === 'mass' || asked.kind === 'mass';
  let M = 0;
  if (needsMass) {
    if (!molar.ok) {
      return refusedAnswer(TOOL, molar.status, MOLES_KIND, question, molar.reason);
    }
    M = molar.value;
    const sum = molar.contributions
      .map(({ count, thousandths }) =>
        count === 1 ? fromThousandths(thousandths) : `${count} × ${fromThousandths(thousandths)}`,
      )
      .join(' + ');
    steps.push({
      title: 'Molar mass',
      explanation: `M(${f}) = ${sum} = ${fromThousandths(molar.thousandths)} g/mol (standard atomic weights ${molar.contributions
        .map(({ symbol, thousandths }) => `${symbol} ${fromThousandths(thousandths)}`)
        .join(', ')}).`,
    });
  }
  // 1. To moles.
  let moles: { text: string; value: number };
  const last = (value: number, unit: string, fig: number): ReturnType<typeof answerText> =>
    answerText(value, unit, fig);
  const givenText =
    given.kind === 'particles' ? trimZeros(scientific(given.count, Math.max(1, figures))) : given.written;
  if (given.kind === 'mass') {
    const grams = given.unit === 'g' ? given.written : toFigures(given.grams, Math.max(figures, 1));
    const unitNote = given.unit === 'g' ? '' : ` (${given.written} ${given.unit} = ${grams} g)`;
    moles = carry(Number(grams) / M);
    if (asked.kind !== 'moles')
      steps.push({
        title: 'Convert the mass to moles',
        explanation: `n = m / M${unitNote} = ${grams} / ${fromThousandths(molar.ok ? molar.thousandths : 0)} = ${moles.text} mol of ${f}.`,
      });
    else {
      const answer = last(Number(grams) / M, 'mol', figures);
      steps.push({
        title: 'Divide the mass by the molar mass',
        explanation: `n = m / M${unitNote} = ${grams} / ${fromThousandths(molar.ok ? molar.thousandths : 0)} = ${answer.precise} mol of ${f}.`,
      });
      return finish(question, problem, answer, steps, Number(grams) / (molar.ok ? molarMassExact(molar) : M), figures);
    }
  } else if (given.kind === 'moles') {
    moles = {
      text: given.unit === 'mol' ? given.written : toFigures(given.moles, Math.max(figures, 1)),
      value: given.moles,
    };
    if (given.unit !== 'mol')
      steps.push({
        title: 'Millimoles to moles',
        explanation: `${given.written} mmol = ${given.written} / 1000 = ${moles.text} mol.`,
      });
  } else {
    const answerValue = given.count / AVOGADRO.value;
    moles = carry(answerValue);
    const text = `n = N / N_A = ${givenText} / ${AVOGADRO.text}`;
    if (asked.kind === 'moles') {
      const answer = last(answerValue, 'mol', figures);
      steps.push({
        title: "Divide by Avogadro's number",
        explanation: `N_A = ${AVOGADRO.text} /mol (Avogadro's number, a standard constant). ${text} = ${answer.precise} mol of ${f}.`,
      });
      return finish(question, problem, answer, steps, given.count / 6.02214076e23, figures);
    }
    steps.push({
      title: "Divide by Avogadro's number",
      explanation: `N_A = ${AVOGADRO.text} /mol (Avogadro's number, a standard constant). ${text} = ${moles.text} mol of ${f}.`,
    });
  }
  // 2. From moles to what is asked.
  if (asked.kind === 'mass') {
    const value = moles.value * M;
    const answer = last(value, 'g', figures);
    steps.push({
      title: 'Multiply the moles by the molar mass',
      explanation: `m = n × M = ${moles.text} × ${fromThousandths(molar.ok ? molar.thousandths : 0)} = ${answer.precise} g of ${f}.`,
    });
    const exact =
      (given.kind === 'moles' ? given.moles : given.kind === 'particles' ? given.count / 6.02214076e23 : 0) *
      (molar.ok ? molarMassExact(molar) : M);
    return finish(question, problem, answer, steps, exact, figures);
  }
  // Particles or atoms.
  let perUnit = 1;
  let word = asked.kind === 'particles' ? asked.word : 'atom';
  if (asked.kind === 'atoms') {
    if (asked.element) {
      perUnit = species.atoms.get(asked.element) ?? 0;
      word = `${asked.element} atom`;
    } else perUnit = [...species.atoms.values()].reduce((sum, count) => sum + count, 0);
  }
  // Only non-metals: a molecule (H2, H2O, CO2); with a metal, an ionic formula unit (NaCl).
  const molecular = [...species.atoms.keys()].every((symbol) => NON_METALS.has(symbol));
  const unitsWord =
    species.atoms.size === 1 && [...species.atoms.values()][0] === 1 ? 'atom' : molecular ? 'molecule' : 'formula unit';
  const particles = carry(moles.value * AVOGADRO.value, 6);
  const countValue = particles.value * perUnit;
  const fixed = particleAnswer(countValue, plural(word, 2), figures);
  const precise = fixed.precise;
  steps.push({
    title: "Multiply by Avogadro's number",
    explanation: `N_A = ${AVOGADRO.text} /mol (Avogadro's number, a standard constant). N = n × N_A = ${moles.text} × ${AVOGADRO.text} = ${perUnit === 1 ? precise : particles.text} ${perUnit === 1 ? plural(word, 2) : `${plural(unitsWord, 2)} of ${f}`}.`,
  });
  if (perUnit !== 1 || asked.kind === 'atoms') {
    const describe = [...species.atoms].map(([symbol, count]) => `${count} ${symbol}`).join(' + ');
    steps.push({
      title: `Count the atoms in each ${unitsWord}`,
      explanation:
        asked.kind === 'atoms' && asked.element
          ? `Each ${f} has ${perUnit} ${plural(`${asked.element} atom`, perUnit)}: ${particles.text} × ${perUnit} = ${precise} ${plural(word, 2)}.`
          : `Each ${f} ${unitsWord} has ${perUnit} ${plural('atom', perUnit)} (${describe}), so atoms = ${plural(unitsWord, 2)} × atoms per ${unitsWord}: ${particles.text} × ${perUnit} = ${precise} atoms.`,
    });
  }
  const molesExact =
    given.kind === 'moles'
      ? given.moles
      : given.kind === 'mass'
        ? given.grams / (molar.ok ? molarMassExact(molar) : M)
        : 0;
  return finish(question, problem, fixed, steps, molesExact * 6.02214076e23 * perUnit, figures);
}

/**
 * A count of particles: the precise value to 5 significant figures (the product of the numbers shown, exactly),
 * then the value to the data's significant figures.
 */
function particleAnswer(
  value: number,
  word: string,
  figures: number,
): { text: string; latex: string; precise: string; rounded: string } {
  const precise = trimZeros(scientific(value, Math.max(5, figures)));
  const rounded = scientific(value, figures);
  const latex = (text: string): string => `${numberLatex(text)}\\ \\text{${word}}`;
  // The answer line writes `3.011×10^23` without spaces, so it reads as one number wherever it is copied.
  const tight = (text: string): string => text.replace(' × ', '×');
  if (Number(precise.replace(' × 10^', 'e')) === Number(rounded.replace(' × 10^', 'e')))
    return { text: `${tight(rounded)} ${word}`, latex: latex(rounded), precise: rounded, rounded };
  return {
    text: `${tight(precise)} ${word} (≈ ${tight(rounded)} ${word} to the data's ${figures} significant figure${figures === 1 ? '' : 's'})`,
    latex: `${latex(precise)}\\ (\\approx ${latex(rounded)})`,
    precise,
    rounded,
  };
}

/** The molar mass from the unrounded atomic weights (for the independent check). */
function molarMassExact(result: Extract<MolarMassResult, { ok: true }>): number {
  return result.contributions.reduce((sum, { symbol, count }) => sum + count * (atomicWeight(symbol) ?? Number.NaN), 0);
}

/** "I read this as": the amount given and what is asked, e.g. `m(H2O) = 18 g; N = ?`. */
function readingLatex(problem: MolesProblem): string {
  const f = formulaLatex(problem.species.text);
  const { given, asked } = problem;
  const left =
    given.kind === 'mass'
      ? `m(${f}) = ${given.written}\\ \\mathrm{${given.unit}}`
      : given.kind === 'moles'
        ? `n(${f}) = ${given.written}\\ \\mathrm{${given.unit}}`
        : // Starts only right after the mantissa: a leading `\s*` tried from every space of a long run is quadratic.
          `N(${f}) = ${numberLatex(given.written.replace(/(?<=[\d.])\s*[×xX*·]\s*10\s*\^\s*(?:\(\s*)?(-?\d+)(?:\s*\))?/, ' × 10^$1'))}`;
  const right =
    asked.kind === 'mass'
      ? `m(${f}) = ?`
      : asked.kind === 'moles'
        ? `n(${f}) = ?`
        : asked.kind === 'atoms'
          ? asked.element
            ? `N(\\mathrm{${asked.element}}) = ?`
            : 'N(\\text{atoms}) = ?'
          : `N(${f}) = ?`;
  return `${left};\\quad ${right}`;
}

function finish(
  question: string,
  problem: MolesProblem,
  answer: { text: string; latex: string; precise: string; rounded: string },
  steps: Step[],
  exact: number,
  figures: number,
): TutorAnswer {
  const shown = Number(answer.precise.replace(' × 10^', 'e'));
  // Second path: the same conversion from the unrounded atomic weights and the exact (SI) Avogadro constant; the
  // shown value must agree to the precision of the constants used (4 significant figures).
  const agrees = Number.isFinite(exact) && Math.abs(shown - exact) <= 5e-4 * Math.abs(exact);
  steps.push({
    title: 'Round to the data',
    explanation: `The data has ${figures} significant figure${figures === 1 ? '' : 's'}: ${answer.rounded}${answer.text.includes('(') ? ` (the precise value is ${answer.precise})` : ''}.`,
  });
  return solvedAnswer({
    tool: TOOL,
    kind: MOLES_KIND,
    question: { text: question, latex: readingLatex(problem) },
    answer: { text: answer.text, latex: answer.latex },
    steps,
    checks: [
      {
        kind: 'recomputed',
        passed: agrees,
        detail: `Recomputed from the unrounded atomic weights and N_A = 6.02214076 × 10^23 /mol: ${toFigures(exact, 6)}, which agrees with ${answer.precise}.`,
      },
    ],
    hints: [
      'This is a mole conversion: moles are the bridge between mass and number of particles.',
      'n = m / M turns a mass into moles (M is the molar mass, the sum of the atomic weights).',
      "N = n × N_A turns moles into particles (N_A = 6.022 × 10²³ per mole, Avogadro's number).",
      "Round the result to the data's significant figures.",
    ],
  });
}

/**
 * "how many moles is 3.011e23 molecules": particles to moles needs no substance (n = N / N_A), so none is asked for.
 * @returns the answer, or undefined when the question is not that
 */
export function solveParticlesToMoles(question: string, text: string): TutorAnswer | undefined {
  const match = new RegExp(
    String.raw`^(?:how many (?:moles?|mols?)(?: (?:is|are|in|of|make up))?|(?:convert )?(?:the )?(?:moles?|mols?|amount) (?:in|of)) (\d+(?:\.\d*)?(?:e\d+| ?[×xX*·] ?10 ?\^ ?\d+)?) (molecules|atoms|particles|formula units|ions)(?: (?:to|into|in) (?:moles?|mol))?`,
    'i',
  ).exec(trimTrailing(text, /[\s.?!]/));
  if (!match || trimTrailing(text, /[\s.?!]/).length !== match[0].length) return undefined;
  const { value: count, figures } = readNumber(match[1]!);
  const word = match[2]!.toLowerCase();
  const answer = answerText(count / AVOGADRO.value, 'mol', figures);
  const exact = count / 6.02214076e23;
  const shown = Number(answer.precise.replace(' × 10^', 'e'));
  const agrees = Math.abs(shown - exact) <= 5e-4 * Math.abs(exact);
  const countText = trimZeros(scientific(count, Math.max(1, figures)));
  return solvedAnswer({
    tool: TOOL,
    kind: MOLES_KIND,
    question: { text: question, latex: `N = ${numberLatex(countText)}\\ \\text{${word}};\\quad n = ?` },
    answer: { text: answer.text, latex: answer.latex },
    steps: [
      {
        title: "Divide by Avogadro's number",
        explanation: `One mole is ${AVOGADRO.text} ${word} (Avogadro's number, a standard constant), whatever the substance. n = N / N_A = ${countText} / ${AVOGADRO.text} = ${answer.precise} mol.`,
      },
      {
        title: 'Round to the data',
        explanation: `The data has ${figures} significant figure${figures === 1 ? '' : 's'}: ${answer.rounded} mol${answer.text.includes('(') ? ` (the precise value is ${answer.precise} mol)` : ''}.`,
      },
    ],
    checks: [
      {
        kind: 'recomputed',
        passed: agrees,
        detail: `Recomputed with N_A = 6.02214076 × 10^23 /mol: ${toFigures(exact, 6)} mol, which agrees with ${answer.precise} mol.`,
      },
    ],
    hints: [
      "N = n × N_A links particles and moles (N_A = 6.022 × 10²³ per mole, Avogadro's number).",
      'Divide the number of particles by N_A to get moles.',
    ],
  });
}
