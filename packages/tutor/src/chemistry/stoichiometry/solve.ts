/**
 * Solves a stoichiometry problem in the textbook's order, one named step each: find the reaction, check the amounts
 * against it (prepare), convert to moles and find the limiting extent (runToLimit), show the working
 * (workingSteps), then the amount asked with its two independent checks (targetAmount) and the answer line.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { refusedAnswer, solvedAnswer, type Check, type Step, type TutorAnswer } from '@studyease/contract';
import { equationChecks } from '../balancing';
import { writeEquation } from '../equation';
import { formulaLatex, speciesKey, type Species } from '../formula';
import { molarMass } from '../molar-mass';
import { answerText, carry } from '../numbers';
import {
  type Given,
  LIMITING_KIND,
  SCALE,
  STOICHIOMETRY_KIND,
  type StoichiometryProblem,
  TOOL,
  isMass,
  keyOf,
} from './problem';
import { type Reaction, findReaction } from './reactions';

/**
 * Intermediate values are shown to 5 significant figures and the next step computes with the value as shown, so
 * every calculation in the steps can be redone on a calculator from the numbers on the page.
 */
const show = (value: number): string => carry(value).text;
const shown = (value: number): number => carry(value).value;

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

interface Refusal {
  status: 'invalid' | 'unsupported';
  reason: string;
}

/** The reaction's species with their molar masses, the amounts that limit it, and where the unknown is. */
interface Setup {
  all: Species[];
  /** Species before this index are reactants. */
  n: number;
  masses: number[];
  /** The amounts given that are not in excess, with their species' index. */
  usable: Array<{ given: Given; index: number }>;
  /** Index of the species asked for, -1 when only the limiting reagent is asked. */
  targetIndex: number;
}

/** Molar masses, and every amount given placed in the reaction; the reason when the amounts do not fit it. */
function prepare(problem: StoichiometryProblem, reaction: Reaction): Setup | Refusal {
  const { equation, coefficients } = reaction;
  const all = [...equation.left, ...equation.right];
  const n = equation.left.length;
  const keys = all.map(speciesKey);
  const indexOf = (formula: string): number => keys.indexOf(keyOf(formula) ?? '');
  const masses: number[] = [];
  for (const one of all) {
    const result = molarMass(one.body);
    if (!result.ok) return { status: result.status, reason: result.reason };
    masses.push(result.value);
  }
  const givens = problem.givens.map((given) => ({ given, index: indexOf(given.formula) }));
  const stray = givens.find(({ index }) => index < 0);
  if (stray)
    return {
      status: 'invalid',
      reason: `${stray.given.formula} is not in the reaction ${writeEquation(equation, coefficients)}.`,
    };
  const excessIndexes = problem.excess.map(indexOf);
  const usable = givens.filter(({ index }) => !excessIndexes.includes(index));
  if (usable.length === 0)
    return { status: 'unsupported', reason: 'Every amount given is in excess; nothing limits the reaction.' };
  const sides = new Set(usable.map(({ index }) => index < n));
  if (sides.size > 1)
    return {
      status: 'unsupported',
      reason: 'Amounts are given on both sides of the equation; give the amounts of the reactants only.',
    };
  if (new Set(usable.map(({ index }) => index)).size !== usable.length)
    return { status: 'unsupported', reason: 'The same substance is given twice.' };
  if (problem.asksLimiting && (usable.length < 2 || usable[0]!.index >= n)) {
    return { status: 'unsupported', reason: 'A limiting reagent needs the amounts of at least two reactants.' };
  }
  let targetIndex = -1;
  if (problem.target) {
    targetIndex = indexOf(problem.target.formula);
    if (targetIndex < 0)
      return {
        status: 'invalid',
        reason: `${problem.target.formula} is not in the reaction ${writeEquation(equation, coefficients)}.`,
      };
    if (usable.some(({ index }) => index === targetIndex))
      return { status: 'unsupported', reason: `The amount of ${problem.target.formula} is already given.` };
  }
  return { all, n, masses, usable, targetIndex };
}

/** Moles of each amount given, and the extent of reaction each would allow. */
interface Extent {
  moles: number[];
  /** Moles ÷ coefficient, per amount given. */
  extents: number[];
  /** The smallest extent: how far the reaction runs. */
  smallest: number;
  /** Which amount given limits it. */
  limitingAt: number;
  /** Two or more amounts allow the same smallest extent (they run out together). */
  tie: boolean;
}

function runToLimit(setup: Setup, coefficients: readonly bigint[]): Extent {
  const { masses, usable } = setup;
  const moles = usable.map(({ given, index }) =>
    isMass(given.unit) ? shown(given.value / masses[index]!) : given.value,
  );
  const extents = moles.map((value, i) => shown(value / Number(coefficients[usable[i]!.index]!)));
  const smallest = Math.min(...extents);
  const limitingAt = extents.indexOf(smallest);
  const tie = extents.filter((value) => Math.abs(value - smallest) <= 1e-9 * smallest).length > 1;
  return { moles, extents, smallest, limitingAt, tie };
}

/** The steps up to the limiting reagent: balanced equation, molar masses, moles, and the extents compared. */
function workingSteps(setup: Setup, reaction: Reaction, extent: Extent, equationText: string): Step[] {
  const { all, masses, usable, targetIndex } = setup;
  const { coefficients } = reaction;
  const { moles, extents, limitingAt, tie } = extent;
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
          ? `n(${formulaOf(index)}) = ${given.unit === 'g' ? given.written : show(given.value)} g ÷ ${masses[index]!.toFixed(3)} g/mol = ${show(moles[i]!)} mol`
          : `n(${formulaOf(index)}) = ${given.unit === 'mol' ? given.written : show(given.value)} mol`,
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
  return steps;
}

/** The reaction run to the limiting extent must not use more of any reactant than is there. */
function limitingCheck(setup: Setup, coefficients: readonly bigint[], extent: Extent): Check {
  const { all, usable } = setup;
  const { moles, smallest } = extent;
  const formulaOf = (index: number): string => all[index]!.text;
  const fits = usable.every(({ index }, i) => smallest * Number(coefficients[index]!) <= moles[i]! * (1 + 1e-12));
  return {
    kind: 'limiting-reagent',
    passed: fits,
    detail: fits
      ? `At the limiting amount the reaction uses ${usable.map(({ index }) => `${show(smallest * Number(coefficients[index]!))} mol ${formulaOf(index)}`).join(', ')}: no more than is available.`
      : 'The chosen limiting reagent would use more of another reactant than is available.',
  };
}

/**
 * The amount asked for: mole ratio, mass, rounding to the data; checked by conservation of mass at this extent and
 * by the answer recomputed as one chain of factors.
 */
function targetAmount(
  target: NonNullable<StoichiometryProblem['target']>,
  setup: Setup,
  coefficients: readonly bigint[],
  extent: Extent,
  figures: number,
): { exact: number; amountText: string; amountLatex: string; steps: Step[]; checks: Check[] } {
  const { all, n, masses, usable, targetIndex } = setup;
  const { moles, smallest, limitingAt } = extent;
  const formulaOf = (index: number): string => all[index]!.text;
  const steps: Step[] = [];
  const checks: Check[] = [];
  const source = usable[limitingAt]!;
  const ratio = `${coefficients[targetIndex]}/${coefficients[source.index]}`;
  const targetMoles = shown(
    (moles[limitingAt]! * Number(coefficients[targetIndex]!)) / Number(coefficients[source.index]!),
  );
  const unit = target.unit;
  const grams = isMass(unit) ? shown(targetMoles * masses[targetIndex]!) : targetMoles;
  const inUnit = isMass(unit)
    ? unit === 'g'
      ? targetMoles * masses[targetIndex]!
      : grams / SCALE[unit]
    : targetMoles / SCALE[unit];
  const exact = inUnit;
  const answer = answerText(inUnit, unit, figures);
  const amountText = answer.text;
  const same = coefficients[targetIndex] === coefficients[source.index];
  const molesStep = `n(${formulaOf(targetIndex)}) = ${show(moles[limitingAt]!)} mol ${formulaOf(source.index)} × ${ratio} = ${!isMass(unit) && unit === 'mol' ? answer.precise : show(targetMoles)} mol`;
  steps.push({
    title: 'Use the mole ratio',
    explanation: `${same ? `The coefficients of ${formulaOf(targetIndex)} and ${formulaOf(source.index)} are equal, so the moles are equal: ` : `The mole ratio from the balanced equation is ${coefficients[targetIndex]} mol ${formulaOf(targetIndex)} per ${coefficients[source.index]} mol ${formulaOf(source.index)}: `}${molesStep}${unit === 'mmol' ? ` = ${answer.precise} mmol` : ''}.`,
  });
  if (isMass(unit)) {
    steps.push({
      title: 'Convert to mass',
      explanation: `m(${formulaOf(targetIndex)}) = n × M = ${show(targetMoles)} × ${masses[targetIndex]!.toFixed(3)} = ${unit === 'g' ? answer.precise : show(grams)} g${unit !== 'g' ? `. In ${unit === 'kg' ? 'kilograms' : 'milligrams'}: ${show(grams)} g ${unit === 'kg' ? '/ 1000' : '× 1000'} = ${answer.precise} ${unit}` : ''}.`,
    });
  }
  steps.push({
    title: 'Round to the data',
    explanation: `The data has ${figures} significant figure${figures === 1 ? '' : 's'}, so the answer is ${answer.rounded} ${unit}${answer.precise !== answer.rounded ? ` (the precise value is ${answer.precise} ${unit})` : ''}.`,
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
  // The chain uses the unrounded intermediate values: the shown answer must agree to 1 part in 1000.
  const agrees = Math.abs(chain - inUnit) <= 1e-3 * Math.abs(chain);
  checks.push({
    kind: 'recomputed',
    passed: agrees,
    detail: `One chain of factors without rounding in between gives ${show(chain)} ${unit}, which agrees with ${answer.precise} ${unit}.`,
  });
  return { exact, amountText, amountLatex: answer.latex, steps, checks };
}

/** The answer line: the limiting reagent and/or the amount; null when the question asks for neither. */
function answerLine(
  problem: StoichiometryProblem,
  limitingSpecies: Species | undefined,
  amountText: string | undefined,
  amountLatex: string | undefined,
): { text: string; latex: string } | null {
  const parts: string[] = [];
  const latexParts: string[] = [];
  if (problem.asksLimiting && limitingSpecies) {
    parts.push(limitingSpecies.text);
    latexParts.push(formulaLatex(limitingSpecies.text));
  }
  if (amountText) {
    parts.push(amountText);
    latexParts.push(amountLatex ?? '');
  }
  if (parts.length === 0) return null;
  return { text: parts.join('; '), latex: latexParts.join(';\\ ') };
}

/** "I read this as": the balanced reaction, the amounts given, and what is asked. */
function readingLatex(problem: StoichiometryProblem, reaction: Reaction): string {
  const { equation, coefficients } = reaction;
  const all = [...equation.left, ...equation.right];
  const term = (index: number): string =>
    `${coefficients[index] === 1n ? '' : `${coefficients[index]}\\,`}${formulaLatex(all[index]!.text)}`;
  const side = (from: number, to: number): string =>
    Array.from({ length: to - from }, (_unused, i) => term(from + i)).join(' + ');
  const n = equation.left.length;
  const parts = [`${side(0, n)} \\rightarrow ${side(n, all.length)}`];
  for (const given of problem.givens)
    parts.push(
      `${isMass(given.unit) ? 'm' : 'n'}(${formulaLatex(given.formula)}) = ${given.written}\\ \\mathrm{${given.unit}}`,
    );
  if (problem.target)
    parts.push(`${isMass(problem.target.unit) ? 'm' : 'n'}(${formulaLatex(problem.target.formula)}) = ?`);
  if (problem.asksLimiting) parts.push('\\text{limiting reagent} = ?');
  return parts.join(';\\quad ');
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
  const setup = prepare(problem, reaction);
  if ('reason' in setup) return refuse(setup.status, setup.reason);
  const { all, usable, targetIndex } = setup;
  const extent = runToLimit(setup, coefficients);
  const { limitingAt, tie } = extent;
  const figures = Math.min(...usable.map(({ given }) => given.figures));
  const equationText = writeEquation(equation, coefficients);
  const steps = workingSteps(setup, reaction, extent, equationText);
  const checks: Check[] = equationChecks(equationText).filter((check) => check.kind !== 'smallest-coefficients');
  const limitingSpecies = usable.length > 1 && !tie ? all[usable[limitingAt]!.index] : undefined;
  if (usable.length > 1) checks.push(limitingCheck(setup, coefficients, extent));
  let exact: number | undefined;
  let amountText: string | undefined;
  let amountLatex: string | undefined;
  if (problem.target && targetIndex >= 0) {
    const amount = targetAmount(problem.target, setup, coefficients, extent, figures);
    ({ exact, amountText, amountLatex } = amount);
    steps.push(...amount.steps);
    checks.push(...amount.checks);
  }
  if (tie && problem.asksLimiting) {
    return refuse(
      'unsupported',
      'The reactants are in the exact ratio of the equation: neither is limiting (both run out together).',
    );
  }
  const line = answerLine(problem, limitingSpecies, amountText, amountLatex);
  if (!line)
    return refuse('unsupported', 'I could not tell what the question asks for (an amount, or the limiting reagent).');
  return {
    answer: solvedAnswer({
      tool: TOOL,
      kind,
      question: { text: question, latex: readingLatex(problem, reaction) },
      answer: line,
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
