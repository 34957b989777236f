/**
 * Solution concentration (molarity): c = n / V, the moles or mass of solute in a volume of a given concentration,
 * and dilution c1·V1 = c2·V2. Read from text with single spaces and names already written as formulas; a question
 * whose amounts do not fit one of these exactly is refused, never guessed.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { refusedAnswer, solvedAnswer, type Step, type TutorAnswer } from '@studyease/contract';
import { isElement } from './elements';
import { parseSpecies, speciesKey } from './formula';
import { molarMass } from './molar-mass';
import { answerText, carry, fromThousandths } from './numbers';
import { significantFigures } from './sigfigs';

export const MOLARITY_KIND = 'molarity';
const TOOL = 'chemistry-solver';

type Kind = 'conc' | 'volume' | 'moles' | 'mass';
interface Quantity {
  kind: Kind;
  /** In mol/L, L, mol or g. */
  value: number;
  written: string;
  unit: string;
  figures: number;
  /** Where it starts and ends in the text, for "100 mL of 6 M" pairs. */
  start: number;
  end: number;
}

// One number and one unit, the unit tried longest first; the unit must end the word (`2 M HCl`, not `2 Mg`).
const QUANTITY =
  /(?<![\w.])(\d+(?:\.\d+)?|\.\d+) ?(mol\/L|mol\/l|mol\/dm3|mol\/dm³|mol dm-3|mol L-1|M|molar|mmol|moles|mole|mol|mL|ml|millilit(?:re|er)s?|L|lit(?:re|er)s?|dm3|dm³|cm3|cm³|kg|mg|grams|gram|g)(?![\w/])/g;

function quantityOf(written: string, unit: string, start: number, end: number): Quantity {
  const value = Number(written);
  const base = { written, unit, figures: significantFigures(written), start, end };
  if (/^(?:mol\/|mol [dL]|M$|molar)/.test(unit)) return { ...base, kind: 'conc', value };
  if (/^(?:mL|ml|milli|cm)/.test(unit)) return { ...base, kind: 'volume', value: value / 1000 };
  if (/^(?:L|lit|dm)/.test(unit)) return { ...base, kind: 'volume', value };
  if (unit === 'mmol') return { ...base, kind: 'moles', value: value / 1000 };
  if (unit.startsWith('mol')) return { ...base, kind: 'moles', value };
  if (unit === 'kg') return { ...base, kind: 'mass', value: value * 1000 };
  if (unit === 'mg') return { ...base, kind: 'mass', value: value / 1000 };
  return { ...base, kind: 'mass', value };
}

export interface MolarityProblem {
  quantities: Quantity[];
  asked: Kind;
  dilution: boolean;
  formula: string | undefined;
  /** The volume unit to answer in (the one written). */
  volumeUnit: 'L' | 'mL';
}

/** The formulas named (one key each), without unit letters and pronouns. */
function formulasIn(text: string): string[] {
  const found = new Map<string, string>();
  for (const match of text.matchAll(/(?<![\w.])[A-Z][A-Za-z0-9()]*/g)) {
    const word = match[0];
    if (/^(?:M|L|I|A|[A-Z][a-z]{2,})$/.test(word)) continue;
    try {
      const species = parseSpecies(word, isElement);
      if (!species.coefficient) found.set(speciesKey(species), word);
    } catch {
      // A word that is no formula.
    }
  }
  // Water named beside a solute is the solvent ("5.85 g NaCl in 100 mL of water").
  const waterKey = speciesKey(parseSpecies('H2O', isElement));
  if (found.size > 1) found.delete(waterKey);
  return [...found.values()];
}

/** @returns the problem when the question is about a solution's concentration, undefined otherwise */
export function readMolarity(text: string): MolarityProblem | undefined {
  const quantities = [...text.matchAll(QUANTITY)].map((m) => quantityOf(m[1]!, m[2]!, m.index, m.index + m[0].length));
  const concs = quantities.filter((q) => q.kind === 'conc');
  const volumes = quantities.filter((q) => q.kind === 'volume');
  const solutionWords = /\b(molarity|concentration|molar|dilut\w*|solution|dissolved?)\b/i.test(text);
  if (volumes.length === 0 || (concs.length === 0 && !solutionWords)) return undefined;
  if (/\b(atm|kPa|mmHg|torr|STP|pressure|temperature|gas)\b/i.test(text)) return undefined;
  const lower = text.toLowerCase();
  const dilution = /\bdilut/.test(lower) || concs.length === 2;
  let asked: Kind | undefined;
  if (/\b(molarity|concentration|how concentrated)\b/.test(lower) && !/\bconcentration of \d/.test(lower))
    asked = 'conc';
  if (/\b(?:what|which|find|final|new|total) volume\b|\bvolume\?|\bvolume (?:needed|required)\b/.test(lower))
    asked = 'volume';
  if (/\b(?:how many|number of) (?:moles|mol|mmol)\b|^(?:the )?moles\b/.test(lower)) asked = 'moles';
  if (/\b(?:what mass|mass of|how many grams|how much \w+ (?:is|must|should)|grams of)\b/.test(lower)) asked = 'mass';
  if (!asked && /\b(?:molarity|concentration)\b/.test(lower)) asked = 'conc';
  if (!asked) return undefined;
  const formulas = formulasIn(text);
  return {
    quantities,
    asked,
    dilution,
    formula: formulas.length === 1 ? formulas[0] : undefined,
    volumeUnit: volumes.some((v) => /^(?:mL|ml|milli|cm)/.test(v.unit)) ? 'mL' : 'L',
  };
}

const plainWords = (reason: string): { refused: string } => ({ refused: reason });

const shownNumber = (value: number): string => carry(value).text;

interface Solved {
  value: number;
  unit: string;
  steps: Step[];
  /** The answer put back into the relation, as a second path. */
  check: { passed: boolean; detail: string };
}

function volumeText(q: Quantity): string {
  return `${q.written} ${q.unit}`;
}

function litres(q: Quantity, steps: Step[]): string {
  if (q.value === Number(q.written)) return q.written;
  const text = shownNumber(q.value);
  steps.push({ title: 'Volume in litres', explanation: `V = ${volumeText(q)} = ${q.written} / 1000 = ${text} L.` });
  return text;
}

export function solveMolarity(question: string, text: string, problem: MolarityProblem): TutorAnswer {
  const solved = problem.dilution ? dilution(text, problem) : direct(text, problem);
  if ('refused' in solved) return refusedAnswer(TOOL, 'unsupported', MOLARITY_KIND, question, solved.refused);
  const figures = Math.min(...problem.quantities.map((q) => q.figures));
  const unit = solved.unit;
  const answer = answerText(solved.value, unit, figures);
  return solvedAnswer({
    tool: TOOL,
    kind: MOLARITY_KIND,
    question: { text: question, latex: readingLatex(problem) },
    answer: { text: answer.text, latex: answer.latex },
    steps: [
      ...solved.steps,
      {
        title: 'Round to the data',
        explanation: `The data has ${figures} significant figure${figures === 1 ? '' : 's'}: ${answer.rounded} ${unit}${answer.text.includes('(') ? ` (the precise value is ${answer.precise} ${unit})` : ''}.`,
      },
    ],
    checks: [{ kind: 'recomputed', ...solved.check }],
    hints: [
      'Molarity is moles of solute per litre of solution: c = n / V.',
      'Convert millilitres to litres (divide by 1000) and grams to moles (n = m / M) first.',
      'When a solution is diluted the moles of solute stay the same: c1 × V1 = c2 × V2.',
    ],
  });
}

function readingLatex(problem: MolarityProblem): string {
  const symbol: Record<Kind, string> = { conc: 'c', volume: 'V', moles: 'n', mass: 'm' };
  const given = problem.quantities.map((q) => `${symbol[q.kind]} = ${q.written}\\ \\mathrm{${q.unit}}`);
  return `${given.join(',\\ ')};\\quad ${symbol[problem.asked]} = ?`;
}

/** c = n / V and its rearrangements, one solution (no dilution). */
function direct(text: string, problem: MolarityProblem): Solved | { refused: string } {
  const water = /\b(?:mL|ml|L|litres?|liters?|dm3|cm3) of water\b/.test(text);
  const { quantities, asked } = problem;
  const one = (kind: Kind): Quantity | undefined | 'several' => {
    const found = quantities.filter((q) => q.kind === kind);
    return found.length > 1 ? 'several' : found[0];
  };
  const c = one('conc');
  const V = one('volume');
  const n = one('moles');
  const m = one('mass');
  if (c === 'several' || V === 'several' || n === 'several' || m === 'several' || !V || V.kind !== 'volume')
    return plainWords(
      'I could not tell which amounts belong to the solution: give one volume with its concentration, moles or mass (for example "0.5 mol NaCl in 2 L of solution: concentration?").',
    );
  const steps: Step[] = [];
  const needsMass = asked === 'mass' || (m !== undefined && asked !== 'moles');
  let M = 0;
  if (needsMass || (m && asked === 'moles')) {
    if (!problem.formula)
      return plainWords('To go between grams and moles I need the formula of the solute (for example "10 g of NaOH").');
    const molar = molarMass(problem.formula);
    if (!molar.ok) return plainWords(molar.reason);
    M = molar.value;
    steps.push({
      title: 'Molar mass',
      explanation: `M(${problem.formula}) = ${fromThousandths(molar.thousandths)} g/mol (from the standard atomic weights).`,
    });
  }
  const vText = litres(V, steps);
  const vShown = Number(vText);
  if (asked === 'conc') {
    if (c) return plainWords('The concentration is already given; say which amount you want.');
    let nText: string;
    let nValue: number;
    if (n) {
      nText = n.unit === 'mmol' ? shownNumber(n.value) : n.written;
      nValue = Number(nText);
    } else if (m) {
      const moles = carry(Number(m.value === Number(m.written) ? m.written : shownNumber(m.value)) / M);
      steps.push({
        title: 'Moles of solute',
        explanation: `n = m / M = ${shownNumber(m.value)} / ${fromThousandths(Math.round(M * 1000))} = ${moles.text} mol.`,
      });
      nText = moles.text;
      nValue = moles.value;
    } else return plainWords('Give the moles or the mass of solute as well as the volume.');
    const value = nValue / vShown;
    steps.push({
      title: 'Concentration',
      explanation: `c = n / V = ${nText} / ${vText} = ${answerText(value, 'mol/L', 4).precise} mol/L (M, moles per litre).${water ? ' The volume of water is taken as the volume of the solution (the usual textbook assumption).' : ''}`,
    });
    return {
      value,
      unit: 'mol/L',
      steps,
      check: {
        passed: Math.abs(value * V.value - (n ? n.value : (m?.value ?? 0) / M)) <= 1e-3 * value * V.value,
        detail: `Put back: c × V = ${value.toPrecision(6)} × ${V.value} = ${(value * V.value).toPrecision(5)} mol, the moles of solute.`,
      },
    };
  }
  if (!c) return plainWords('Give the concentration of the solution (for example "2 M") as well as its volume.');
  const moles = carry(c.value * vShown);
  if (asked === 'moles') {
    steps.push({ title: 'Moles of solute', explanation: `n = c × V = ${c.written} × ${vText} = ${moles.text} mol.` });
    const value = c.value * vShown;
    return {
      value,
      unit: 'mol',
      steps,
      check: {
        passed: Math.abs(value / V.value - c.value) <= 1e-9 * c.value,
        detail: `Put back: n / V = ${value} / ${V.value} = ${value / V.value} mol/L, the concentration given.`,
      },
    };
  }
  if (asked === 'mass') {
    steps.push({ title: 'Moles of solute', explanation: `n = c × V = ${c.written} × ${vText} = ${moles.text} mol.` });
    const value = moles.value * M;
    steps.push({
      title: 'Mass of solute',
      explanation: `m = n × M = ${moles.text} × ${fromThousandths(Math.round(M * 1000))} = ${answerText(value, 'g', 4).precise} g.`,
    });
    return {
      value,
      unit: 'g',
      steps,
      check: {
        passed: Math.abs(value / M / V.value - c.value) <= 1e-3 * c.value,
        detail: `Put back: (m / M) / V = (${value.toPrecision(6)} / ${M}) / ${V.value} = ${(value / M / V.value).toPrecision(5)} mol/L, the concentration given.`,
      },
    };
  }
  return plainWords('Say which amount you want: the concentration, the moles or the mass of solute.');
}

/** c1·V1 = c2·V2 with one unknown, the known volume paired with the concentration written next to it. */
function dilution(text: string, problem: MolarityProblem): Solved | { refused: string } {
  const concs = problem.quantities.filter((q) => q.kind === 'conc');
  const volumes = problem.quantities.filter((q) => q.kind === 'volume');
  const refuse = plainWords(
    'For a dilution I need three of c1, V1, c2, V2, each volume written with its concentration (for example "25 mL of 2 M HCl is diluted to 500 mL: new concentration?").',
  );
  if (
    /\b(add|adds|adding|added)\b/i.test(text) ||
    problem.quantities.some((q) => q.kind === 'mass' || q.kind === 'moles')
  )
    return refuse;
  if (concs.length + volumes.length !== 3 || concs.length === 0 || volumes.length === 0) return refuse;
  // "100 mL of 6 M": a volume followed by "of" (and maybe "a") and a concentration.
  const pairedWith = (v: Quantity): Quantity | undefined =>
    concs.find((c) => /^ of (?:an? |the )?$/.test(text.slice(v.end, c.start)));
  const pairs = volumes.map((v) => [v, pairedWith(v)] as const).filter((p) => p[1]);
  if (pairs.length !== 1) return refuse;
  const [v1, c1] = pairs[0] as readonly [Quantity, Quantity];
  const other = problem.quantities.find((q) => q !== v1 && q !== c1)!;
  const unit = problem.volumeUnit;
  const inUnit = (q: Quantity): string => (unit === 'mL' ? String(q.value * 1000) : String(q.value));
  const steps: Step[] = [
    {
      title: 'The moles of solute stay the same',
      explanation: 'Diluting adds solvent only, so c1 × V1 = c2 × V2 (any volume unit, the same on both sides).',
    },
  ];
  const product = carry(c1.value * Number(inUnit(v1)));
  if (other.kind === 'conc') {
    const value = product.value / other.value;
    steps.push({
      title: 'Solve for the other volume',
      explanation: `c1 × V1 = ${c1.written} × ${inUnit(v1)} = ${product.text}; V = c1 × V1 / c2 = ${product.text} / ${other.written} = ${answerText(value, unit, 4).precise} ${unit}.`,
    });
    const exact = (c1.value * v1.value) / other.value;
    return {
      value,
      unit,
      steps,
      check: {
        passed:
          Math.abs(other.value * exact - c1.value * v1.value) <= 1e-9 &&
          Math.abs((unit === 'mL' ? exact * 1000 : exact) - value) <= 1e-3 * value,
        detail: `Put back: c2 × V2 = ${other.written} × ${value.toPrecision(6)} = ${(other.value * value).toPrecision(5)}, the same as c1 × V1 = ${product.text}.`,
      },
    };
  }
  const value = (c1.value * v1.value) / other.value;
  steps.push({
    title: 'Solve for the new concentration',
    explanation: `c1 × V1 = ${c1.written} × ${inUnit(v1)} = ${product.text}; c2 = c1 × V1 / V2 = ${product.text} / ${inUnit(other)} = ${answerText(value, 'mol/L', 4).precise} mol/L.`,
  });
  return {
    value,
    unit: 'mol/L',
    steps,
    check: {
      passed: Math.abs(value * other.value - c1.value * v1.value) <= 1e-9 * c1.value * v1.value + 1e-12,
      detail: `Put back: c2 × V2 = ${value.toPrecision(6)} × ${inUnit(other)} = ${(value * Number(inUnit(other))).toPrecision(5)}, the same as c1 × V1 = ${product.text}.`,
    },
  };
}
