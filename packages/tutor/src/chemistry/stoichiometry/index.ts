/**
 * Stoichiometry: mass ↔ moles ↔ mass through a balanced equation, and the limiting reagent.
 *
 * The phrasings read (anything else is `unsupported`, never guessed):
 * - an amount is a number and a unit right before a formula: `4.0 g of H2`, `3.0 mol O2`, `2.5 kg CaCO3`
 *   (units g, kg, mg, mol, mmol; formulas, not names);
 * - the unknown: `how many grams|moles|kg|mg|mmol of X`, `what mass of X` (grams), `how many moles of X`;
 * - `limiting reagent` / `limiting reactant` asks which reactant runs out first (two or more amounts needed);
 * - `excess X`, `X in excess`: X never runs out;
 * - `to form X`, `producing X`: X is a product.
 * The reaction comes from an equation in the question (balanced here if it is not), otherwise from the species
 * named when they fit exactly one balanced reaction, otherwise from a short table of textbook reactions
 * (complete combustion to CO2 and H2O among them), which the steps state as an assumption.
 */
import {
  refusedAnswer,
  solvedAnswer,
  type Check,
  type CheckResult,
  type Step,
  type TutorAnswer,
} from '@studyease/contract';
import { equationChecks } from './balancing';
import { isElement } from './elements';
import { balance, hasArrow, parseEquation, writeEquation, type ParsedEquation } from './equation';
import { ChemError, formulaLatex, normalizeChemText, parseSpecies, speciesKey, type Species } from './formula';
import { molarMass } from './molar-mass';
import { halfUnitInLastPlace, roundToFigures, significantFigures } from './sigfigs';
import { trimTrailing } from '../trim-trailing';

export const STOICHIOMETRY_KIND = 'stoichiometry';
export const LIMITING_KIND = 'limiting-reagent';
const TOOL = 'chemistry-solver';

// A charge's digits only after `^`: digits before a bare sign are the formula's own (`Fe3+`), and letting either
// take them backtracks over every split of a long run of digits (quadratic). Same strings as `\^?\d*[+-]`.
const FORMULA = String.raw`[A-Z][A-Za-z0-9()\[\]·*]*(?:(?:\^\d*)?[+-](?![\dA-Za-z]))?`;
const UNIT = String.raw`kilograms?|kg|milligrams?|mg|grams?|g|millimoles?|mmol|moles?|mol`;
const NUMBER = String.raw`\d+(?:\.\d*)?|\.\d+`;

type Unit = 'g' | 'kg' | 'mg' | 'mol' | 'mmol';

function unitOf(word: string): Unit {
  const w = word.toLowerCase();
  if (w.startsWith('kilo') || w === 'kg') return 'kg';
  if (w.startsWith('milligram') || w === 'mg') return 'mg';
  if (w.startsWith('millimol') || w === 'mmol') return 'mmol';
  if (w.startsWith('mol')) return 'mol';
  return 'g';
}

/** Grams or moles per unit. */
const SCALE: Readonly<Record<Unit, number>> = { g: 1, kg: 1000, mg: 0.001, mol: 1, mmol: 0.001 };
const isMass = (unit: Unit): boolean => unit === 'g' || unit === 'kg' || unit === 'mg';

export interface Given {
  formula: string;
  key: string;
  written: string;
  value: number;
  unit: Unit;
  figures: number;
  /** Position of the number in the (normalized) question, for practice questions with new numbers. */
  index: number;
}

export interface StoichiometryProblem {
  text: string;
  equationText: string | undefined;
  givens: Given[];
  excess: string[];
  products: string[];
  target: { formula: string; unit: Unit; role: 'product' | 'reactant' | undefined } | undefined;
  asksLimiting: boolean;
}

function keyOf(formula: string): string | undefined {
  try {
    return speciesKey(parseSpecies(formula, isElement));
  } catch {
    return undefined;
  }
}

const cleanFormula = (formula: string): string => trimTrailing(formula, /[.,;:?!]/);

const LEADING_WORDS =
  /^(given|for|in|the|a|an|reaction|equation|balanced|consider|using|from|with|according|to|of|if)$/i;

/** Finds the equation in a question: the clause with the arrow, without the words around it. */
function equationClause(text: string): string | undefined {
  if (!hasArrow(text)) return undefined;
  const clauses = text.split(/[,;:?]|\.(?=\s|$)/);
  const clause = clauses.find((one) => hasArrow(one));
  if (!clause) return undefined;
  const tokens = clause.trim().split(/\s+/);
  const isWord = (token: string): boolean => {
    if (LEADING_WORDS.test(token)) return true;
    if (!/^[A-Za-z]+$/.test(token)) return false;
    try {
      parseSpecies(token, isElement);
      return false;
    } catch {
      return true;
    }
  };
  while (tokens.length && isWord(tokens[0]!)) tokens.shift();
  while (tokens.length && isWord(tokens[tokens.length - 1]!) && tokens[tokens.length - 1] !== 'e-') tokens.pop();
  return tokens.join(' ');
}

/** @returns the problem read from the question, or undefined when it is not a stoichiometry question */
export function readStoichiometry(question: string): StoichiometryProblem | undefined {
  const text = normalizeChemText(question).replace(/\s+/g, ' ').trim();
  const asksLimiting = /\blimiting\s+(reagent|reactant)s?\b/i.test(text);
  const targetMatch =
    new RegExp(String.raw`\bhow\s+many\s+(${UNIT})\s+(?:of\s+)?(${FORMULA})`, 'i').exec(text) ??
    new RegExp(String.raw`\bwhat\s+(mass|amount\s+in\s+moles|number\s+of\s+moles)\s+of\s+(${FORMULA})`, 'i').exec(text);
  const equationText = equationClause(text);
  const withoutEquation = equationText ? text.replace(equationText, ' ') : text;
  const givens: Given[] = [];
  const givenPattern = new RegExp(String.raw`(?<![\w.])(${NUMBER})\s*(${UNIT})\b\.?\s*(?:of\s+)?(${FORMULA})`, 'g');
  for (const match of withoutEquation.matchAll(givenPattern)) {
    const formula = cleanFormula(match[3]!);
    const key = keyOf(formula);
    if (!key) continue;
    const unit = unitOf(match[2]!);
    givens.push({
      formula,
      key,
      written: match[1]!,
      value: Number(match[1]) * SCALE[unit],
      unit,
      figures: significantFigures(match[1]!),
      index: text.indexOf(match[0]),
    });
  }
  if (!targetMatch && !asksLimiting) return undefined;
  if (givens.length === 0) return undefined;
  let target: StoichiometryProblem['target'];
  if (targetMatch) {
    const word = targetMatch[1]!.toLowerCase();
    const unit: Unit = word === 'mass' ? 'g' : word.includes('mole') ? 'mol' : unitOf(word);
    const formula = cleanFormula(targetMatch[2]!);
    const after = text.slice(targetMatch.index + targetMatch[0].length);
    const role =
      /^\s*(?:(?:are|is|will|would|can|could|must)\s*)?(?:be\s+)?(needed|required|necessary|used|consumed|react|reacts|reacted|burned|burnt)\b/i.test(
        after,
      )
        ? 'reactant'
        : /^\s*(?:(?:are|is|will|would|can|could)\s*)?(?:be\s+)?(form|formed|forms|produced|produce|obtained|made|generated|released|given off|yielded|result|created)\b/i.test(
              after,
            )
          ? 'product'
          : undefined;
    target = { formula, unit, role };
  }
  // `X in excess` read from the start of X's word (with a coefficient before it): tried from every letter of a long
  // word, it would be quadratic.
  const excess = [
    ...[...text.matchAll(new RegExp(String.raw`\bexcess\s+(?:of\s+)?(${FORMULA})`, 'g'))].map((m) =>
      cleanFormula(m[1]!),
    ),
    ...[
      ...text.matchAll(
        new RegExp(String.raw`(?<![A-Za-z0-9()\[\]·*])\d*(${FORMULA})\s+(?:is\s+|are\s+)?in\s+excess`, 'g'),
      ),
    ].map((m) => cleanFormula(m[1]!)),
  ];
  const products: string[] = [];
  for (const match of text.matchAll(
    new RegExp(
      String.raw`\b(?:to\s+(?:form|produce|give|make|yield)|forming|producing|yielding)\s+(${FORMULA}(?:\s*(?:and|\+)\s*${FORMULA})*)`,
      'g',
    ),
  )) {
    for (const one of match[1]!.split(/and|\+/)) products.push(cleanFormula(one.trim()));
  }
  return { text, equationText, givens, excess, products, target, asksLimiting };
}

/** Textbook reactions used when the question names species but gives no equation (balanced by the engine). */
const KNOWN_REACTIONS = [
  'H2 + O2 -> H2O',
  'N2 + H2 -> NH3',
  'H2 + Cl2 -> HCl',
  'Na + Cl2 -> NaCl',
  'Mg + O2 -> MgO',
  'Al + O2 -> Al2O3',
  'Ca + O2 -> CaO',
  'Zn + HCl -> ZnCl2 + H2',
  'Mg + HCl -> MgCl2 + H2',
  'NaOH + HCl -> NaCl + H2O',
  'CaCO3 -> CaO + CO2',
  'KClO3 -> KCl + O2',
  'Fe2O3 + CO -> Fe + CO2',
  'Fe2O3 + Al -> Al2O3 + Fe',
  'H2O2 -> H2O + O2',
  'N2 + O2 -> NO',
];

interface Reaction {
  equation: ParsedEquation;
  coefficients: bigint[];
  how: string;
}

function tryReaction(text: string): Reaction | undefined {
  try {
    const equation = parseEquation(text);
    const result = balance(equation);
    return result.ok ? { equation, coefficients: result.coefficients, how: '' } : undefined;
  } catch {
    return undefined;
  }
}

/** @returns the balanced reaction for the problem, or the reason there is none */
function findReaction(problem: StoichiometryProblem): Reaction | { reason: string; status: 'invalid' | 'unsupported' } {
  if (problem.equationText) {
    let equation: ParsedEquation;
    try {
      equation = parseEquation(problem.equationText);
    } catch (error) {
      if (error instanceof ChemError) return { status: 'invalid', reason: error.message };
      throw error;
    }
    const result = balance(equation);
    if (!result.ok) return { status: result.status, reason: result.reason };
    const typed = [...equation.left, ...equation.right].map((one) => one.coefficient);
    const asTyped = typed.every(
      (c, index) => (c ? c.n / c.d : 1n) === result.coefficients[index] && (!c || c.d === 1n),
    );
    return {
      equation,
      coefficients: result.coefficients,
      how: asTyped
        ? 'The equation is balanced as given.'
        : 'Balance the equation first (only balanced coefficients give the mole ratio).',
    };
  }
  const reactants = [...problem.givens.map((g) => g.formula), ...problem.excess];
  const named = [...reactants, ...problem.products, ...(problem.target ? [problem.target.formula] : [])];
  const namedKeys = new Set(named.map(keyOf));
  if (namedKeys.has(undefined))
    return { status: 'invalid', reason: `One of ${named.join(', ')} is not a formula I can read.` };
  const products = [...problem.products, ...(problem.target?.role === 'product' ? [problem.target.formula] : [])];
  const unique = (list: string[]): string[] =>
    list.filter((one, index) => list.findIndex((other) => keyOf(other) === keyOf(one)) === index);
  if (products.length && problem.target?.role !== 'reactant') {
    const direct = tryReaction(`${unique(reactants).join(' + ')} -> ${unique(products).join(' + ')}`);
    if (direct) return { ...direct, how: 'No equation is given; the species named react in exactly one balanced way.' };
  }
  const matches: Reaction[] = [];
  for (const known of KNOWN_REACTIONS) {
    const reaction = tryReaction(known);
    if (!reaction) continue;
    const keys = [...reaction.equation.left, ...reaction.equation.right].map(speciesKey);
    if ([...namedKeys].every((key) => keys.includes(key!))) matches.push(reaction);
  }
  // Complete combustion of a compound of C, H (and O) in O2.
  const fuel = named.find((formula) => {
    try {
      const atoms = parseSpecies(formula, isElement).atoms;
      return (
        atoms.has('C') &&
        [...atoms.keys()].every((symbol) => ['C', 'H', 'O'].includes(symbol)) &&
        keyOf(formula) !== keyOf('CO2') &&
        keyOf(formula) !== keyOf('CO')
      );
    } catch {
      return false;
    }
  });
  // O2 counts as named when the question says the fuel burns.
  const burns = /\b(burn|burns|burned|burnt|burning|combustion|combusted)\b/i.test(problem.text);
  if (fuel && (namedKeys.has(keyOf('O2')) || burns)) {
    const hasH = parseSpecies(fuel, isElement).atoms.has('H');
    const combustion = tryReaction(`${fuel} + O2 -> CO2${hasH ? ' + H2O' : ''}`);
    const keys = combustion ? [...combustion.equation.left, ...combustion.equation.right].map(speciesKey) : [];
    if (
      combustion &&
      [...namedKeys].every((key) => keys.includes(key!)) &&
      !matches.some(
        (m) =>
          m.equation.left.length === combustion.equation.left.length &&
          writeEquation(m.equation, m.coefficients) === writeEquation(combustion.equation, combustion.coefficients),
      )
    ) {
      matches.push({
        ...combustion,
        how: `No equation is given; assuming complete combustion of ${fuel} to CO2${hasH ? ' and H2O' : ''}.`,
      });
    }
  }
  if (matches.length === 1) {
    const match = matches[0]!;
    return {
      ...match,
      how: match.how || 'No equation is given; assuming the usual reaction between the species named.',
    };
  }
  return {
    status: 'unsupported',
    reason: 'Please give the reaction equation (e.g. "2 H2 + O2 -> 2 H2O"): the species named do not fix one reaction.',
  };
}

/** Intermediate values keep 4 significant figures (trailing zeros too: 2.000 mol), so rounding happens once. */
const show = (value: number): string => {
  const text = value.toPrecision(4);
  return text.includes('e') ? String(Number(text)) : text;
};

export interface StoichiometrySolution {
  answer: TutorAnswer;
  /** Exact (unrounded) target amount in the target unit, for grading. */
  exact: number | undefined;
  figures: number;
  limiting: Species | undefined;
  tie: boolean;
}

export function stoichiometryHints(problem: StoichiometryProblem | undefined): string[] {
  return [
    `This is a stoichiometry problem${problem?.asksLimiting ? ' with a limiting reagent' : ''}: amounts are compared in moles, through the balanced equation.`,
    'Balance the equation first; its coefficients give the mole ratio.',
    'Convert every given mass to moles (n = m / M, with M the molar mass).',
    problem?.asksLimiting
      ? "Divide each reactant's moles by its coefficient: the smallest result is the limiting reagent; then use the mole ratio and convert back to the unit asked, rounding to the data's significant figures."
      : "Multiply by the mole ratio (coefficient asked ÷ coefficient given), then convert to the unit asked and round to the data's significant figures.",
  ];
}

export function solveStoichiometryProblem(question: string, problem: StoichiometryProblem): StoichiometrySolution {
  const kind = problem.asksLimiting ? LIMITING_KIND : STOICHIOMETRY_KIND;
  const refuse = (status: 'invalid' | 'unsupported', reason: string): StoichiometrySolution => ({
    answer: refusedAnswer(TOOL, status, kind, question, reason),
    exact: undefined,
    figures: 0,
    limiting: undefined,
    tie: false,
  });
  const reaction = findReaction(problem);
  if (!('equation' in reaction)) return refuse(reaction.status, reaction.reason);
  const { equation, coefficients } = reaction;
  const all = [...equation.left, ...equation.right];
  const n = equation.left.length;
  const keys = all.map(speciesKey);
  const indexOf = (formula: string): number => keys.indexOf(keyOf(formula) ?? '');
  const masses: number[] = [];
  for (const one of all) {
    const result = molarMass(one.body);
    if (!result.ok) return refuse(result.status, result.reason);
    masses.push(result.value);
  }
  const givens = problem.givens.map((given) => ({ given, index: indexOf(given.formula) }));
  const stray = givens.find(({ index }) => index < 0);
  if (stray)
    return refuse('invalid', `${stray.given.formula} is not in the reaction ${writeEquation(equation, coefficients)}.`);
  const excessIndexes = problem.excess.map(indexOf);
  const usable = givens.filter(({ index }) => !excessIndexes.includes(index));
  if (usable.length === 0)
    return refuse('unsupported', 'Every amount given is in excess; nothing limits the reaction.');
  const sides = new Set(usable.map(({ index }) => index < n));
  if (sides.size > 1)
    return refuse(
      'unsupported',
      'Amounts are given on both sides of the equation; give the amounts of the reactants only.',
    );
  if (new Set(usable.map(({ index }) => index)).size !== usable.length)
    return refuse('unsupported', 'The same substance is given twice.');
  if (problem.asksLimiting && (usable.length < 2 || usable[0]!.index >= n)) {
    return refuse('unsupported', 'A limiting reagent needs the amounts of at least two reactants.');
  }
  let targetIndex = -1;
  if (problem.target) {
    targetIndex = indexOf(problem.target.formula);
    if (targetIndex < 0)
      return refuse(
        'invalid',
        `${problem.target.formula} is not in the reaction ${writeEquation(equation, coefficients)}.`,
      );
    if (usable.some(({ index }) => index === targetIndex))
      return refuse('unsupported', `The amount of ${problem.target.formula} is already given.`);
  }
  // Moles of each given, and the extent of reaction each would allow (moles ÷ coefficient).
  const moles = usable.map(({ given, index }) => (isMass(given.unit) ? given.value / masses[index]! : given.value));
  const extents = moles.map((value, i) => value / Number(coefficients[usable[i]!.index]!));
  const smallest = Math.min(...extents);
  const limitingAt = extents.indexOf(smallest);
  const tie = extents.filter((value) => Math.abs(value - smallest) <= 1e-9 * smallest).length > 1;
  const figures = Math.min(...usable.map(({ given }) => given.figures));
  const equationText = writeEquation(equation, coefficients);
  const formulaOf = (index: number): string => all[index]!.text;
  const steps: Step[] = [{ title: 'Balanced equation', explanation: `${reaction.how} ${equationText}.`.trim() }];
  const involved = [...new Set([...usable.map(({ index }) => index), ...(targetIndex >= 0 ? [targetIndex] : [])])];
  steps.push({
    title: 'Molar masses',
    explanation: involved.map((index) => `M(${formulaOf(index)}) = ${masses[index]!.toFixed(3)} g/mol`).join('; '),
  });
  steps.push({
    title: 'Convert to moles',
    explanation: usable
      .map(({ given, index }, i) =>
        isMass(given.unit)
          ? `n(${formulaOf(index)}) = ${show(given.value)} g ÷ ${masses[index]!.toFixed(3)} g/mol = ${show(moles[i]!)} mol`
          : `n(${formulaOf(index)}) = ${show(given.value)} mol`,
      )
      .join('; '),
  });
  if (usable.length > 1) {
    steps.push({
      title: 'Find the limiting reagent',
      explanation: `Divide each amount by its coefficient: ${usable
        .map(
          ({ index }, i) => `${formulaOf(index)}: ${show(moles[i]!)} ÷ ${coefficients[index]} = ${show(extents[i]!)}`,
        )
        .join(
          '; ',
        )}. ${tie ? 'They are equal: the reactants are in the exact ratio and both run out together.' : `The smallest is ${formulaOf(usable[limitingAt]!.index)}: it runs out first, so it is the limiting reagent.`}`,
    });
  }
  const checks: Check[] = equationChecks(equationText).filter((check) => check.kind !== 'smallest-coefficients');
  const limitingSpecies = usable.length > 1 && !tie ? all[usable[limitingAt]!.index] : undefined;
  if (usable.length > 1) {
    // The reaction run to the limiting extent must not use more of any reactant than is there.
    const fits = usable.every(({ index }, i) => smallest * Number(coefficients[index]!) <= moles[i]! * (1 + 1e-12));
    checks.push({
      kind: 'limiting-reagent',
      passed: fits,
      detail: fits
        ? `At the limiting amount the reaction uses ${usable.map(({ index }) => `${show(smallest * Number(coefficients[index]!))} mol ${formulaOf(index)}`).join(', ')}: no more than is available.`
        : 'The chosen limiting reagent would use more of another reactant than is available.',
    });
  }
  let exact: number | undefined;
  let amountText: string | undefined;
  if (problem.target && targetIndex >= 0) {
    const targetMoles = smallest * Number(coefficients[targetIndex]!);
    const unit = problem.target.unit;
    const inUnit = (isMass(unit) ? targetMoles * masses[targetIndex]! : targetMoles) / SCALE[unit];
    exact = inUnit;
    amountText = `${roundToFigures(inUnit, figures)} ${unit}`;
    const source = usable[limitingAt]!;
    steps.push({
      title: 'Use the mole ratio',
      explanation: `n(${formulaOf(targetIndex)}) = ${show(moles[limitingAt]!)} mol ${formulaOf(source.index)} × ${coefficients[targetIndex]}/${coefficients[source.index]} = ${show(targetMoles)} mol.`,
    });
    if (isMass(unit)) {
      steps.push({
        title: 'Convert to mass',
        explanation: `m(${formulaOf(targetIndex)}) = ${show(targetMoles)} mol × ${masses[targetIndex]!.toFixed(3)} g/mol = ${show(targetMoles * masses[targetIndex]!)} g${unit !== 'g' ? ` = ${show(inUnit)} ${unit}` : ''}.`,
      });
    }
    steps.push({
      title: 'Round to the data',
      explanation: `The data has ${figures} significant figure${figures === 1 ? '' : 's'}, so the answer is ${amountText}.`,
    });
    // Second path: conservation of mass at this extent, and the answer recomputed as one chain of factors.
    const reactantMass = all
      .slice(0, n)
      .reduce((sum, _one, index) => sum + smallest * Number(coefficients[index]!) * masses[index]!, 0);
    const productMass = all
      .slice(n)
      .reduce((sum, _one, index) => sum + smallest * Number(coefficients[index + n]!) * masses[index + n]!, 0);
    const conserved = Math.abs(reactantMass - productMass) <= 1e-9 * Math.max(reactantMass, productMass);
    checks.push({
      kind: 'mass-conservation',
      passed: conserved,
      detail: `Mass of reactants used ${show(reactantMass)} g, mass of products ${show(productMass)} g.`,
    });
    const givenAmount = source.given.value;
    const chain =
      ((isMass(source.given.unit) ? givenAmount / masses[source.index]! : givenAmount) *
        (Number(coefficients[targetIndex]!) / Number(coefficients[source.index]!)) *
        (isMass(unit) ? masses[targetIndex]! : 1)) /
      SCALE[unit];
    const rounded = Number(roundToFigures(inUnit, figures));
    const agrees = Math.abs(chain - rounded) <= halfUnitInLastPlace(roundToFigures(inUnit, figures)) + 1e-12;
    checks.push({
      kind: 'recomputed',
      passed: agrees,
      detail: `One chain of factors gives ${show(chain)} ${unit}, which rounds to ${roundToFigures(chain, figures)} ${unit}.`,
    });
  }
  if (tie && problem.asksLimiting) {
    return refuse(
      'unsupported',
      'The reactants are in the exact ratio of the equation: neither is limiting (both run out together).',
    );
  }
  const parts: string[] = [];
  const latexParts: string[] = [];
  if (problem.asksLimiting && limitingSpecies) {
    parts.push(limitingSpecies.text);
    latexParts.push(formulaLatex(limitingSpecies.text));
  }
  if (amountText) {
    parts.push(amountText);
    const [number = '', unit = ''] = amountText.split(' ');
    latexParts.push(`${number}\\ \\mathrm{${unit}}`);
  }
  if (parts.length === 0)
    return refuse('unsupported', 'I could not tell what the question asks for (an amount, or the limiting reagent).');
  const text = parts.join('; ');
  const latex = latexParts.join(';\\ ');
  return {
    answer: solvedAnswer({
      tool: TOOL,
      kind,
      question: { text: question, latex: '' },
      answer: { text, latex },
      steps,
      checks,
      hints: stoichiometryHints(problem),
    }),
    exact,
    figures,
    limiting: limitingSpecies,
    tie,
  };
}

/** Grades an amount (`36 g`, `35.7 g`, `0.036 kg`) and/or a limiting reagent (`O2`). */
export function checkStoichiometry(
  question: string,
  problem: StoichiometryProblem,
  studentAnswer: string,
): CheckResult {
  const solution = solveStoichiometryProblem(question, problem);
  if (solution.answer.status !== 'solved')
    return { correct: false, differences: [solution.answer.reason ?? 'Not solvable.'] };
  const answer = normalizeChemText(studentAnswer);
  const differences: string[] = [];
  if (problem.asksLimiting && solution.limiting) {
    const formulas = [...answer.matchAll(new RegExp(`(?<![\\d.])${FORMULA}`, 'g'))].map((m) => cleanFormula(m[0]));
    const wanted = speciesKey(solution.limiting);
    const named = formulas.map(keyOf).filter((key) => key !== undefined);
    if (named.length === 0) differences.push('Name the limiting reagent by its formula (e.g. O2).');
    else if (!named.includes(wanted)) {
      differences.push(
        `The limiting reagent is not ${formulas[0]}: compare moles ÷ coefficient for each reactant (the smallest runs out first).`,
      );
    }
  }
  if (problem.target && solution.exact !== undefined) {
    const match = new RegExp(String.raw`(?<![\d.])(${NUMBER})\s*(${UNIT})?\b`, 'i').exec(
      answer.replace(/^[^\d.]*?(?=\d|\.\d)/, ''),
    );
    if (!match) differences.push('Give the amount as a number with its unit, e.g. 36 g.');
    else {
      const unit = match[2] ? unitOf(match[2]) : problem.target.unit;
      if (isMass(unit) !== isMass(problem.target.unit)) {
        differences.push(
          `The question asks for ${isMass(problem.target.unit) ? 'a mass (g)' : 'an amount in moles (mol)'}.`,
        );
      } else {
        const value = (Number(match[1]) * SCALE[unit]) / SCALE[problem.target.unit];
        const tolerance =
          (halfUnitInLastPlace(match[1]!) * SCALE[unit]) / SCALE[problem.target.unit] +
          0.002 * Math.abs(solution.exact);
        if (Math.abs(value - solution.exact) > tolerance) {
          differences.push(
            `${match[1]} ${unit} is not right: the expected amount is ${solution.answer.answer?.text.split('; ').pop()} (check the mole ratio ${writeEquationHint(solution.answer)}).`,
          );
        } else if (
          significantFigures(match[1]!) < solution.figures &&
          Math.abs(Number(roundToFigures(value, solution.figures)) - value) > 1e-12 * value
        ) {
          differences.push(`Right value, but give ${solution.figures} significant figures, like the data.`);
        }
      }
    }
  }
  return { correct: differences.length === 0, differences };
}

function writeEquationHint(answer: TutorAnswer): string {
  const first = answer.steps[0]?.explanation ?? '';
  // The last sentence, found by lastIndexOf: `/([^.]*(?:->|<=>)[^.]*)\.?$/` backtracks over every split of it.
  const text = first.endsWith('.') ? first.slice(0, -1) : first;
  const sentence = text.slice(text.lastIndexOf('.') + 1);
  return /->|<=>/.test(sentence) ? `from ${sentence.trim()}` : 'from the balanced equation';
}

/** Same problem, new numbers (same significant figures). */
export function practiceVariants(problem: StoichiometryProblem, seed: number): string[] {
  const factors = [1.5, 2.5, 0.6, 3, 0.75, 1.25, 4, 0.8, 1.8, 2.2];
  const variants: string[] = [];
  for (let k = 0; k < factors.length; k++) {
    let text = problem.text;
    // Replace from the end so earlier positions stay valid.
    const givens = [...problem.givens].sort((a, b) => b.index - a.index);
    givens.forEach((given, i) => {
      const factor = factors[(seed + k + i * 3) % factors.length]!;
      const value = Number(given.written) * factor;
      const figures = Math.max(given.figures, 2);
      const written = roundToFigures(value, figures);
      const at = text.indexOf(given.written, given.index);
      if (at >= 0) text = text.slice(0, at) + written + text.slice(at + given.written.length);
    });
    if (text !== problem.text && !variants.includes(text)) variants.push(text);
  }
  return variants;
}
