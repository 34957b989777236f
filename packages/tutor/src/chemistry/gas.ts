/**
 * Gas laws asked in a sentence: the ideal gas law PV = nRT (any one unknown) and the laws between two states of a
 * fixed amount of gas (Boyle, Charles, Gay-Lussac, combined), with STP. Every unit conversion is a step of its own,
 * and every calculation shown is computed from the numbers as shown.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { solvedAnswer, type Step, type TutorAnswer } from '@studyease/contract';
import { isElement } from './elements';
import { formulaLatex, parseSpecies } from './formula';
import { molarMass } from './molar-mass';
import { SCI_NUMBER, readNumber } from './moles';
import { GAS_CONSTANT_ATM, GAS_CONSTANT_SI, answerText, carry, fromThousandths, type Shown } from './numbers';

export const GAS_KIND = 'gas-law';
const TOOL = 'chemistry-solver';

type Kind = 'P' | 'V' | 'T' | 'n';

interface Value {
  kind: Kind;
  value: number;
  written: string;
  unit: string;
  figures: number;
  /** Written after "to" (a final state) or "from" (an initial one). */
  marker: 'to' | 'from' | undefined;
  /** Not data (STP): no significant figures of its own. */
  standard: boolean;
}

const UNITS: ReadonlyArray<readonly [RegExp, Kind, string]> = [
  [/^(?:atm|atmospheres?)$/i, 'P', 'atm'],
  [/^kpa$/i, 'P', 'kPa'],
  [/^(?:pa|pascals?)$/i, 'P', 'Pa'],
  [/^(?:mm\s*hg|torr)$/i, 'P', 'mmHg'],
  [/^bar$/i, 'P', 'bar'],
  [/^(?:ml|millilit(?:er|re)s?|cm3|cm³|cm\^3)$/i, 'V', 'mL'],
  [/^(?:l|lit(?:er|re)s?|dm3|dm³|dm\^3)$/i, 'V', 'L'],
  [/^(?:m3|m³|m\^3|cubic\s+met(?:er|re)s?)$/i, 'V', 'm³'],
  [/^(?:k|kelvins?)$/i, 'T', 'K'],
  [/^(?:°\s*c|º\s*c|degrees?\s+c(?:elsius)?|celsius)$/i, 'T', '°C'],
  [/^(?:mol|moles?|mols)$/i, 'n', 'mol'],
];

const UNIT_WORDS = String.raw`atmospheres?|atm|kPa|pascals?|Pa|mm\s*Hg|torr|bar|millilit(?:er|re)s?|mL|cm3|cm³|cm\^3|lit(?:er|re)s?|L|dm3|dm³|dm\^3|m3|m³|m\^3|cubic\s+met(?:er|re)s?|kelvins?|K|[°º]\s*C|degrees?\s+C(?:elsius)?|celsius|moles?|mols?`;

const PA_PER: Readonly<Record<string, number>> = { atm: 101325, kPa: 1000, Pa: 1, mmHg: 101325 / 760, bar: 100000 };
const ATM_PER: Readonly<Record<string, number>> = {
  atm: 1,
  kPa: 1 / 101.325,
  Pa: 1 / 101325,
  mmHg: 1 / 760,
  bar: 1 / 1.01325,
};
const L_PER: Readonly<Record<string, number>> = { L: 1, mL: 0.001, 'm³': 1000 };

export interface GasProblem {
  values: Value[];
  asked: Kind | undefined;
  /** The unit the answer is asked in ("in atm", "in mL"), when the question names one. */
  askedUnit: string | undefined;
  stp: boolean;
  mass: { grams: number; written: string; formula: string; figures: number } | undefined;
  /** The question asks for the state before the change ("initial volume", "what was the pressure"). */
  asksInitial: boolean;
}

const ASKING = /\b(?:what|find|calculate|determine|compute|work\s+out|how\s+(?:many|much)|solve\s+for|give)\b/i;
const ASKED_WORD = /\b(pressure|volume|temperature|moles|mol|amount)\b/i;

/**
 * "What is the pressure …", "find the volume": the first quantity named after the first asking word of a sentence.
 * Sentence by sentence with two patterns: one `\b(?:what|…)\b[^.?!]*?\b(pressure|…)\b` pattern reads to the end of
 * the sentence from every asking word (quadratic on a long sentence of them).
 */
function askedQuantity(text: string): string | undefined {
  for (const sentence of text.split(/[.?!]/)) {
    const asking = ASKING.exec(sentence);
    const word = asking ? ASKED_WORD.exec(sentence.slice(asking.index + asking[0].length))?.[1] : undefined;
    if (word) return word;
  }
  return undefined;
}

/** @returns the gas problem of a question, or undefined when it is not one */
export function readGas(text: string): GasProblem | undefined {
  // A reaction makes it stoichiometry with gases, which is not read here (refused rather than half-read).
  if (
    /->|<=>|\b(react|reacts|reacted|reacting|produced?|produces|forms?|formed|burns?|burned|burnt|yields?|decompos\w*)\b/i.test(
      text,
    )
  )
    return undefined;
  const stp = /\b(?:at\s+)?(?:STP|s\.t\.p\.?|standard\s+temperature\s+and\s+pressure)\b/i.test(text);
  const values: Value[] = [];
  const pattern = new RegExp(String.raw`(?<![\w.])(${SCI_NUMBER})\s*(${UNIT_WORDS})(?![A-Za-z0-9])`, 'gi');
  for (const match of text.matchAll(pattern)) {
    const unitWord = match[2]!;
    // `L` and `K` only as units (upper case), `mL` as written: `l` could be a state, `k` a typo.
    if (/^[lk]$/.test(unitWord)) continue;
    const unit = UNITS.find(([re]) => re.test(unitWord.replace(/\s+/g, ' ')));
    if (!unit) continue;
    const { value, figures } = readNumber(match[1]!);
    const before = text.slice(Math.max(0, match.index - 30), match.index);
    // "P1 = 100 kPa", "V2 = 5 L": the state is in the symbol's subscript.
    const label = /\b[PVTn]([12]) ?=$/.exec(before.trimEnd())?.[1];
    const marker =
      label === '1'
        ? 'from'
        : label === '2'
          ? 'to'
          : /\b(?:to|becomes?|until|reaches?|into)\s+(?:(?:a|an|the)\s+)?(?:(?:new|final)\s+)?(?:(?:pressure|volume|temperature)\s+(?:of\s+)?)?$/i.test(
                before,
              )
            ? 'to'
            : /\b(?:from|initially|originally)\s+(?:(?:pressure|volume|temperature)\s+(?:of\s+)?)?$/i.test(before)
              ? 'from'
              : undefined;
    values.push({ kind: unit[1], value, written: match[1]!.trim(), unit: unit[2], figures, marker, standard: false });
  }
  const massMatch = new RegExp(
    String.raw`(?<![\w.])(${SCI_NUMBER})\s*(?:g|grams?)\s+(?:of\s+)?([A-Z][A-Za-z0-9()]*)`,
  ).exec(text);
  let mass: GasProblem['mass'];
  if (massMatch) {
    try {
      parseSpecies(massMatch[2]!, isElement);
      const { value, figures } = readNumber(massMatch[1]!);
      mass = { grams: value, written: massMatch[1]!.trim(), formula: massMatch[2]!, figures };
    } catch {
      return undefined;
    }
  }
  // A second substance named (other than the gas whose mass is given) is not a one-gas question.
  const rest = text.replace(pattern, ' ');
  // `P = …`, `V = ?`: the quantities' own letters, not formulas.
  const formulas = [...rest.replace(/\b[PVTn][12]?\s*=/g, ' ').matchAll(/(?<![\w.])([A-Z][A-Za-z0-9()]*)/g)]
    .map((m) => m[1]!)
    .filter(
      (word) =>
        !/^(?:K|L|Pa|STP|A|An|The|What|How|If|At|In|It|Find|Calculate|Determine|Compute|Give|Work|Gas|Use|Assume|Given|Some|This|When)$/.test(
          word,
        ) && !/^[A-Z][a-z]{2,}$/.test(word),
    );
  const distinct = new Set(formulas);
  if (mass ? formulas.some((word) => word !== mass.formula) : distinct.size > 1) return undefined;
  const gasWords =
    /\b[PVT][12] ?=/.test(text) ||
    /\b(gas|gases|pressure|volume|temperature|STP|ideal|balloon|container|cylinder|tank|compressed|expands?|heated|cooled|occupy|occupies)\b/i.test(
      text,
    ) ||
    new Set(values.map((v) => v.kind)).size >= 3;
  const kinds = new Set(values.map((v) => v.kind));
  if (!gasWords || kinds.size + (mass ? 1 : 0) + (stp ? 2 : 0) < 2) return undefined;
  if (!values.some((v) => v.kind === 'P' || v.kind === 'V') && !stp) return undefined;
  const askedMatch = askedQuantity(text) ?? /\b(?:new|final)\s+(pressure|volume|temperature)\b/i.exec(text)?.[1];
  // "V2 = ?", "find V2", "what is T2", "P2?": the symbol asked.
  const symbolAsked =
    /\b([PVTn])2?\s*=\s*\?/.exec(text)?.[1] ??
    /\b(?:find|calculate|determine|compute|what is|what's|solve for|work out|give) (?:the )?([PVT])2\b/i
      .exec(text)?.[1]
      ?.toUpperCase() ??
    /\b([PVT])2 ?\?/.exec(text)?.[1];
  const word =
    askedMatch?.toLowerCase() ??
    { P: 'pressure', V: 'volume', T: 'temperature', n: 'moles' }[symbolAsked ?? ''] ??
    undefined;
  const asked: Kind | undefined =
    word === 'pressure' ? 'P' : word === 'volume' ? 'V' : word === 'temperature' ? 'T' : word ? 'n' : undefined;
  const unitWord = new RegExp(String.raw`\b(?:in|into)\s+(?:units\s+of\s+)?(${UNIT_WORDS})(?![A-Za-z0-9])`, 'i').exec(
    text,
  )?.[1];
  const askedUnit = unitWord ? UNITS.find(([re]) => re.test(unitWord.replace(/\s+/g, ' ')))?.[2] : undefined;
  const asksInitial =
    /\b(?:initial|original|starting|first|old)\s+(?:pressure|volume|temperature)\b|\bwhat\s+was\b|\boriginally\b/i.test(
      text,
    );
  return { values, asked, askedUnit, stp, mass, asksInitial };
}

const refusal = (reason: string): { refused: string } => ({ refused: reason });

function kelvin(value: Value, steps: string[]): Shown {
  if (value.unit === 'K') return { text: value.written, value: value.value };
  const shown = carry(value.value + 273.15, 8);
  steps.push(`${value.written} °C = ${value.written} + 273.15 = ${shown.text} K`);
  return shown;
}

function convert(value: Value, to: string, factor: number, steps: string[]): Shown {
  if (value.unit === to) return { text: value.written, value: value.value };
  const shown = carry(value.value * factor, 6);
  const op = factor >= 1 ? `× ${carry(factor, 6).text}` : `/ ${carry(1 / factor, 6).text}`;
  steps.push(`${value.written} ${value.unit} = ${value.written} ${op} = ${shown.text} ${to}`);
  return shown;
}

/**
 * The result in the unit the question asks for: the calculation to show, and the value. Undefined when the unit is
 * the same or does not fit the quantity.
 */
function expressIn(
  kind: Kind,
  value: number,
  from: string,
  to: string | undefined,
): { shown: Shown; value: number; operation: string } | undefined {
  if (!to || to === from) return undefined;
  const shown = carry(value);
  if (kind === 'T') {
    if (from === 'K' && to === '°C') return { shown, value: shown.value - 273.15, operation: '− 273.15' };
    return undefined;
  }
  const table = kind === 'P' ? PA_PER : kind === 'V' ? L_PER : undefined;
  const a = table?.[from];
  const b = table?.[to];
  if (a === undefined || b === undefined) return undefined;
  const factor = a / b;
  return factor >= 1
    ? { shown, value: shown.value * carry(factor, 6).value, operation: `× ${carry(factor, 6).text}` }
    : { shown, value: shown.value / carry(1 / factor, 6).value, operation: `/ ${carry(1 / factor, 6).text}` };
}

const NAMES: Readonly<Record<Kind, string>> = { P: 'pressure', V: 'volume', T: 'temperature', n: 'amount' };

/** Solves a gas problem, or says in plain words why it cannot. */
export function solveGas(question: string, given: GasProblem): TutorAnswer | { refused: string } {
  let problem = given;
  const count = (kind: Kind): number => problem.values.filter((v) => v.kind === kind).length;
  // "2.0 L at 100 kPa and 25 °C: what is its volume at STP?": STP is the second state (0 °C and 1 atm).
  if (problem.stp && count('P') === 1 && count('T') === 1 && count('V') === 1 && count('n') === 0) {
    const standard = { figures: 99, marker: 'to' as const, standard: true };
    problem = {
      ...problem,
      stp: false,
      values: [
        ...problem.values,
        { kind: 'P', value: 1, written: '1', unit: 'atm', ...standard },
        { kind: 'T', value: 273.15, written: '273.15', unit: 'K', ...standard },
      ],
    };
  }
  const byKind = (kind: Kind): Value[] => problem.values.filter((v) => v.kind === kind);
  const twoState = (['P', 'V', 'T'] as const).some((kind) => byKind(kind).length === 2);
  if ((['P', 'V', 'T', 'n'] as const).some((kind) => byKind(kind).length > 2))
    return refusal('I found more than two values of the same quantity, so I cannot tell the states of the gas apart.');
  return twoState ? solveTwoStates(question, problem, byKind) : solveIdeal(question, problem, byKind);
}

function solveTwoStates(
  question: string,
  problem: GasProblem,
  byKind: (kind: Kind) => Value[],
): TutorAnswer | { refused: string } {
  const asked = problem.asked;
  if (!asked || asked === 'n') return refusal('Say which quantity you want: the new pressure, volume or temperature.');
  if (byKind(asked).length !== 1)
    return refusal(`I need one ${NAMES[asked]} (the first state) to find the other; I found ${byKind(asked).length}.`);
  // The one value of the quantity asked must be the first state: "… becomes 5 L; what was the initial volume?"
  // asks the other way round, which is refused rather than answered backwards.
  if (byKind(asked)[0]!.marker === 'to' || problem.asksInitial)
    return refusal(
      `This asks for the ${NAMES[asked]} before the change. I find the ${NAMES[asked]} after it: give the starting ${NAMES[asked]} and ask for the new one.`,
    );
  if (byKind('n').length > 1) return refusal('The amount of gas changes too: that is not one of the gas laws I solve.');
  const variables = (['P', 'V', 'T'] as const).filter((kind) => kind === asked || byKind(kind).length === 2);
  const lawName =
    variables.length === 3
      ? 'the combined gas law'
      : variables.includes('T') && variables.includes('V')
        ? "Charles's law"
        : variables.includes('T')
          ? "Gay-Lussac's law"
          : "Boyle's law";
  const conversions: string[] = [];
  const states = new Map<Kind, [Value, Value | undefined]>();
  for (const kind of variables) {
    const list = byKind(kind);
    if (kind === asked) states.set(kind, [list[0]!, undefined]);
    else {
      let [first, second] = [list[0]!, list[1]!];
      if (first.marker === 'to' || second.marker === 'from') [first, second] = [second, first];
      states.set(kind, [first, second]);
    }
  }
  if (problem.values.some((v) => v.standard))
    conversions.push('STP is 0 °C (273.15 K) and 1 atm (the usual textbook definition)');
  const shown = new Map<string, Shown>();
  for (const kind of variables) {
    const [one, two] = states.get(kind)!;
    if (kind === 'T') {
      shown.set('T1', kelvin(one, conversions));
      if (two) shown.set('T2', kelvin(two, conversions));
    } else {
      shown.set(`${kind}1`, { text: one.written, value: one.value });
      if (two) {
        const table = kind === 'P' ? PA_PER : L_PER;
        shown.set(
          `${kind}2`,
          two.unit === one.unit
            ? { text: two.written, value: two.value }
            : convert(two, one.unit, table[two.unit]! / table[one.unit]!, conversions),
        );
      }
    }
  }
  for (const kind of ['P', 'V', 'T'] as const) {
    if (!variables.includes(kind) && byKind(kind).length === 1)
      conversions.push(`the ${NAMES[kind]} stays ${byKind(kind)[0]!.written} ${byKind(kind)[0]!.unit}, so it cancels`);
  }
  // X2 = X1 × (other1 / other2) for P and V, × (T2 / T1) for T; T2 = T1 × (P2 / P1) × (V2 / V1).
  const x = asked;
  const numerator: string[] = [`${x}1`];
  const denominator: string[] = [];
  for (const kind of variables) {
    if (kind === x) continue;
    if (x === 'T') {
      numerator.push(`${kind}2`);
      denominator.push(`${kind}1`);
    } else if (kind === 'T') {
      numerator.push('T2');
      denominator.push('T1');
    } else {
      numerator.push(`${kind}1`);
      denominator.push(`${kind}2`);
    }
  }
  const product = (names: string[]): number => names.reduce((acc, name) => acc * shown.get(name)!.value, 1);
  const value = product(numerator) / product(denominator);
  const unit = x === 'T' ? 'K' : states.get(x)![0].unit;
  const data = problem.values.filter((v) => (variables as readonly Kind[]).includes(v.kind) && !v.standard);
  const figures = Math.min(...data.map((v) => v.figures));
  const converted = expressIn(x, value, unit, problem.askedUnit);
  const answer = answerText(converted ? converted.value : value, converted ? problem.askedUnit! : unit, figures);
  const formula = `${x}2 = ${numerator.join(' × ')} / ${denominator.length > 1 ? `(${denominator.join(' × ')})` : denominator[0]}`;
  const numbers = `${numerator.map((n) => shown.get(n)!.text).join(' × ')} / ${denominator.length > 1 ? `(${denominator.map((n) => shown.get(n)!.text).join(' × ')})` : shown.get(denominator[0]!)!.text}`;
  const lawText =
    lawName === "Boyle's law"
      ? 'P1 × V1 = P2 × V2 (temperature and amount constant)'
      : lawName === "Charles's law"
        ? 'V1 / T1 = V2 / T2 (pressure and amount constant, T in kelvin)'
        : lawName === "Gay-Lussac's law"
          ? 'P1 / T1 = P2 / T2 (volume and amount constant, T in kelvin)'
          : 'P1 × V1 / T1 = P2 × V2 / T2 (amount constant, T in kelvin)';
  const steps: Step[] = [
    {
      title: 'Choose the gas law',
      explanation: `The ${variables
        .filter((k) => k !== x)
        .map((k) => NAMES[k])
        .join(
          ' and ',
        )} change${variables.length === 2 ? 's' : ''} and the ${NAMES[x]} is asked: ${lawName}, ${lawText}.`,
    },
  ];
  const knowns = [...shown.entries()].map(
    ([name, v]) => `${name} = ${v.text} ${name.startsWith('T') ? 'K' : states.get(name[0] as Kind)![0].unit}`,
  );
  steps.push({
    title: 'List the values',
    explanation: `${conversions.length ? `${conversions.join('; ')}. ` : ''}${knowns.join(', ')}.`,
  });
  if (converted) {
    const to = problem.askedUnit!;
    steps.push({ title: `Solve for ${x}2`, explanation: `${formula} = ${numbers} = ${converted.shown.text} ${unit}.` });
    steps.push({
      title: `In ${to}`,
      explanation: `${converted.shown.text} ${unit} = ${converted.shown.text} ${converted.operation} = ${answer.precise} ${to}.`,
    });
  } else steps.push({ title: `Solve for ${x}2`, explanation: `${formula} = ${numbers} = ${answer.precise} ${unit}.` });
  if (x === 'T' && !converted)
    steps.push({
      title: 'In degrees Celsius',
      explanation: `${answer.precise} K − 273.15 = ${carry(Number(answer.precise) - 273.15, 6).text} °C.`,
    });
  steps.push(roundStep(answer, figures));
  // Second path: the law's invariant (P·V/T) must be the same in both states with the unrounded answer.
  const full = new Map([...shown].map(([name, v]) => [name, v.value]));
  full.set(`${x}2`, value);
  const side = (i: 1 | 2): number =>
    variables.reduce((acc, kind) => (kind === 'T' ? acc / full.get(`T${i}`)! : acc * full.get(`${kind}${i}`)!), 1);
  const same = Math.abs(side(1) - side(2)) <= 1e-9 * Math.abs(side(1));
  return solvedAnswer({
    tool: TOOL,
    kind: GAS_KIND,
    question: { text: question, latex: readingLatex(problem, x, true) },
    answer: { text: answer.text, latex: answer.latex },
    steps,
    checks: [
      {
        kind: 'substitution',
        passed: same && value > 0,
        detail: `Put back into ${lawText.split(' (')[0]}: ${carry(side(1), 6).text} on both sides.`,
      },
    ],
    hints: gasHints(lawName),
  });
}

const UNIT_LATEX: Readonly<Record<string, string>> = { '°C': '^\\circ\\mathrm{C}', 'm³': '\\mathrm{m^3}' };

/** "I read this as": the values given (P₁, V₁, … for two states) and the one asked. */
function readingLatex(problem: GasProblem, asked: Kind, twoStates: boolean): string {
  const seen = new Map<Kind, number>();
  const parts = problem.values
    .filter((v) => !v.standard)
    .map((v) => {
      const index = (seen.get(v.kind) ?? 0) + 1;
      seen.set(v.kind, index);
      const name = twoStates && v.kind !== 'n' ? `${v.kind}_${index}` : v.kind;
      return `${name} = ${v.written}\\ ${UNIT_LATEX[v.unit] ?? `\\mathrm{${v.unit}}`}`;
    });
  if (problem.mass) parts.push(`m = ${problem.mass.written}\\ \\mathrm{g}\\ ${formulaLatex(problem.mass.formula)}`);
  if (problem.stp || problem.values.some((v) => v.standard)) parts.push('\\text{STP}');
  return `${parts.join(',\\ ')};\\quad ${twoStates ? `${asked}_2` : asked} = ?`;
}

function roundStep(answer: ReturnType<typeof answerText>, figures: number): Step {
  return {
    title: 'Round to the data',
    explanation: `The least precise value has ${figures} significant figure${figures === 1 ? '' : 's'}: ${answer.rounded}${answer.text.includes('(') ? ` (the precise value is ${answer.precise})` : ''}.`,
  };
}

function gasHints(law: string): string[] {
  return [
    `This is a gas law problem: ${law}.`,
    'Convert temperatures to kelvin (add 273.15 to °C) and keep pressures and volumes in matching units.',
    'Write the law, rearrange it for the unknown, then substitute.',
    "Round to the data's significant figures.",
  ];
}

function solveIdeal(
  question: string,
  problem: GasProblem,
  byKind: (kind: Kind) => Value[],
): TutorAnswer | { refused: string } {
  const values = [...problem.values];
  if (problem.stp) {
    if (byKind('T').length === 0)
      values.push({
        kind: 'T',
        value: 273.15,
        written: '273.15',
        unit: 'K',
        figures: 99,
        marker: undefined,
        standard: true,
      });
    if (byKind('P').length === 0)
      values.push({ kind: 'P', value: 1, written: '1', unit: 'atm', figures: 99, marker: undefined, standard: true });
  }
  const get = (kind: Kind): Value | undefined => values.find((v) => v.kind === kind);
  const conversions: string[] = [];
  if (problem.stp) conversions.push('STP is 0 °C (273.15 K) and 1 atm (the usual textbook definition)');
  let nShown: Shown | undefined;
  let nFigures = 99;
  const nValue = get('n');
  if (nValue) {
    nShown = { text: nValue.written, value: nValue.value };
    nFigures = nValue.figures;
  } else if (problem.mass) {
    const molar = molarMass(problem.mass.formula);
    if (!molar.ok) return refusal(molar.reason);
    nShown = carry(problem.mass.grams / molar.value);
    nFigures = problem.mass.figures;
    conversions.push(
      `n = m / M = ${problem.mass.written} / ${fromThousandths(molar.thousandths)} = ${nShown.text} mol (M(${problem.mass.formula}) = ${fromThousandths(molar.thousandths)} g/mol)`,
    );
  }
  const known = (['P', 'V', 'T', 'n'] as const).filter((kind) =>
    kind === 'n' ? nShown !== undefined : get(kind) !== undefined,
  );
  const missing = (['P', 'V', 'T', 'n'] as const).filter((kind) => !known.includes(kind));
  if (missing.length !== 1) {
    return refusal(
      missing.length === 0
        ? 'All four of pressure, volume, temperature and amount are given, so there is nothing to find with PV = nRT.'
        : `PV = nRT needs three of pressure, volume, temperature and amount (moles); I found only ${known.map((k) => NAMES[k]).join(', ') || 'none'}.`,
    );
  }
  const x = missing[0]!;
  if (problem.asked && problem.asked !== x)
    return refusal(
      `The question asks for the ${NAMES[problem.asked]}, but the ${NAMES[x]} is not given: I need it too.`,
    );
  // Litres and atmospheres with R = 0.08206 when the pressure is in atm or mmHg (or not given); SI otherwise.
  const P = get('P');
  const useAtm = P ? P.unit === 'atm' || P.unit === 'mmHg' : get('V')?.unit !== 'm³';
  const shown = new Map<Kind, Shown>();
  if (nShown) shown.set('n', nShown);
  const T = get('T');
  if (T) shown.set('T', kelvin(T, conversions));
  if (P)
    shown.set(
      'P',
      useAtm ? convert(P, 'atm', ATM_PER[P.unit]!, conversions) : convert(P, 'Pa', PA_PER[P.unit]!, conversions),
    );
  const V = get('V');
  if (V)
    shown.set(
      'V',
      useAtm ? convert(V, 'L', L_PER[V.unit]!, conversions) : convert(V, 'm³', L_PER[V.unit]! / 1000, conversions),
    );
  const R = useAtm ? GAS_CONSTANT_ATM : GAS_CONSTANT_SI;
  const units: Record<Kind, string> = { P: useAtm ? 'atm' : 'Pa', V: useAtm ? 'L' : 'm³', T: 'K', n: 'mol' };
  const s = (kind: Kind): Shown => shown.get(kind)!;
  let formula: string;
  let numbers: string;
  let value: number;
  if (x === 'V') {
    formula = 'V = n × R × T / P';
    numbers = `${s('n').text} × ${R.text} × ${s('T').text} / ${s('P').text}`;
    value = (s('n').value * R.value * s('T').value) / s('P').value;
  } else if (x === 'P') {
    formula = 'P = n × R × T / V';
    numbers = `${s('n').text} × ${R.text} × ${s('T').text} / ${s('V').text}`;
    value = (s('n').value * R.value * s('T').value) / s('V').value;
  } else if (x === 'T') {
    formula = 'T = P × V / (n × R)';
    numbers = `${s('P').text} × ${s('V').text} / (${s('n').text} × ${R.text})`;
    value = (s('P').value * s('V').value) / (s('n').value * R.value);
  } else {
    formula = 'n = P × V / (R × T)';
    numbers = `${s('P').text} × ${s('V').text} / (${R.text} × ${s('T').text})`;
    value = (s('P').value * s('V').value) / (R.value * s('T').value);
  }
  const data = values.filter((v) => !v.standard);
  const figures = Math.min(nFigures, ...data.map((v) => v.figures));
  const steps: Step[] = [
    {
      title: 'Use the ideal gas law',
      explanation: `PV = nRT, with R = ${R.text} ${R.unit} (the gas constant, a standard constant)${useAtm ? ', so pressures in atm and volumes in L' : ', so SI units: pressures in Pa and volumes in m³'}.`,
    },
    {
      title: 'List the values in those units',
      explanation: `${conversions.length ? `${conversions.join('; ')}. ` : ''}${[...shown.entries()].map(([k, v]) => `${k} = ${v.text} ${units[k]}`).join(', ')}.`,
    },
  ];
  // Without a unit asked: a volume in m³ is given in litres, a pressure in Pa in kPa (what a chemistry student
  // expects).
  const wanted = problem.askedUnit ?? (x === 'V' && !useAtm ? 'L' : x === 'P' && !useAtm ? 'kPa' : undefined);
  const converted = expressIn(x, value, units[x], wanted);
  const answerUnit = converted ? wanted! : units[x];
  const answer = answerText(converted ? converted.value : value, answerUnit, figures);
  if (!converted) {
    steps.push({ title: `Solve for ${x}`, explanation: `${formula} = ${numbers} = ${answer.precise} ${answerUnit}.` });
  } else {
    steps.push({
      title: `Solve for ${x}`,
      explanation: `${formula} = ${numbers} = ${converted.shown.text} ${units[x]}.`,
    });
    steps.push({
      title: `In ${answerUnit}`,
      explanation: `${converted.shown.text} ${units[x]} = ${converted.shown.text} ${converted.operation} = ${answer.precise} ${answerUnit}.`,
    });
  }
  steps.push(roundStep(answer, figures));
  // Second path: PV and nRT in SI units with the exact SI gas constant must agree.
  const si = (kind: Kind, v: number): number =>
    kind === 'P' ? (useAtm ? v * 101325 : v) : kind === 'V' ? (useAtm ? v / 1000 : v) : v;
  const all = new Map<Kind, number>([...shown].map(([k, v]) => [k, si(k, v.value)]));
  all.set(x, si(x, value));
  const pv = all.get('P')! * all.get('V')!;
  const nrt = all.get('n')! * 8.314462618 * all.get('T')!;
  const agrees = Math.abs(pv - nrt) <= 2e-4 * Math.abs(nrt) && value > 0;
  return solvedAnswer({
    tool: TOOL,
    kind: GAS_KIND,
    question: { text: question, latex: readingLatex(problem, x, false) },
    answer: { text: answer.text, latex: answer.latex },
    steps,
    checks: [
      {
        kind: 'substitution',
        passed: agrees,
        detail: `In SI units with R = 8.314462618 J/(mol·K): PV = ${carry(pv, 6).text} J and nRT = ${carry(nrt, 6).text} J.`,
      },
    ],
    hints: gasHints('the ideal gas law, PV = nRT'),
  });
}
