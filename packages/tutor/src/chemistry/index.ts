/**
 * The offline chemistry engine (tool `chemistry-solver`): balancing equations, molar masses and stoichiometry
 * (mass ↔ moles ↔ mass, limiting reagent). Every answer carries checks computed by a second path (atoms counted
 * again from the answer's own text, the molar mass re-added, mass conservation), so `verified` can be false.
 * Questions it does not read with certainty are `unsupported`, never guessed.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { refusedAnswer, type CheckResult, type PracticeQuestion, type TutorAnswer } from '@studyease/contract';
import type { Engine } from '../engine';
import { BALANCE_KIND, checkBalance, equationFromQuestion, solveBalance } from './balancing';
import { hasArrow, parseEquation } from './equation';
import { normalizeChemText, speciesKey } from './formula';
import { checkMolarMass, MOLAR_MASS_KIND, molarMassFormula, solveMolarMass } from './molar-mass';
import {
  checkStoichiometry,
  practiceVariants,
  readStoichiometry,
  solveStoichiometryProblem,
  STOICHIOMETRY_KIND,
} from './stoichiometry';

const TOOL = 'chemistry-solver';
const MAX_LENGTH = 2000;

const UNSUPPORTED_REASON =
  'I can balance an equation ("balance Fe + O2 -> Fe2O3"), give a molar mass ("molar mass of CuSO4·5H2O") and solve stoichiometry with formulas and amounts ("How many grams of H2O form from 4.0 g of H2 with excess O2?"). This question is none of those.';

type Route =
  | { kind: 'balance' }
  | { kind: 'molar-mass'; formula: string }
  | { kind: 'stoichiometry'; problem: NonNullable<ReturnType<typeof readStoichiometry>> }
  | { kind: 'none' };

function route(question: string): Route {
  const stoichiometry = readStoichiometry(question);
  if (stoichiometry) return { kind: 'stoichiometry', problem: stoichiometry };
  const formula = molarMassFormula(normalizeChemText(question));
  if (formula) return { kind: 'molar-mass', formula };
  // An equation alone (or "balance …") is a balancing question; an equation with a question about amounts that
  // could not be read is not, so it falls through to unsupported.
  if (
    hasArrow(question) &&
    !/\b(how\s+(many|much)|what\s+(mass|amount|volume)|limiting|grams?|moles?|yield|percent|volume|litres?|liters?)\b/i.test(
      question,
    )
  ) {
    return { kind: 'balance' };
  }
  return { kind: 'none' };
}

function solve(question: string): TutorAnswer {
  if (question.length > MAX_LENGTH) {
    return refusedAnswer(
      TOOL,
      'invalid',
      'chemistry',
      question.slice(0, 200),
      `The question is longer than ${MAX_LENGTH} characters.`,
    );
  }
  const routed = route(question);
  switch (routed.kind) {
    case 'balance':
      return solveBalance(question);
    case 'molar-mass':
      return solveMolarMass(question, routed.formula);
    case 'stoichiometry':
      return solveStoichiometryProblem(question, routed.problem).answer;
    default:
      return refusedAnswer(TOOL, 'unsupported', 'chemistry', question, UNSUPPORTED_REASON);
  }
}

function check(question: string, studentAnswer: string): CheckResult {
  const routed = route(question);
  switch (routed.kind) {
    case 'balance':
      return checkBalance(question, studentAnswer);
    case 'molar-mass':
      return checkMolarMass(question, routed.formula, studentAnswer);
    case 'stoichiometry':
      return checkStoichiometry(question, routed.problem, studentAnswer);
    default:
      return { correct: false, differences: [UNSUPPORTED_REASON] };
  }
}

/** Unbalanced textbook equations for practice, grouped by what makes them interesting. */
const PRACTICE_EQUATIONS: Readonly<Record<string, readonly string[]>> = {
  simple: [
    'H2 + O2 -> H2O',
    'N2 + H2 -> NH3',
    'Fe + O2 -> Fe2O3',
    'CH4 + O2 -> CO2 + H2O',
    'C3H8 + O2 -> CO2 + H2O',
    'Al + O2 -> Al2O3',
    'KClO3 -> KCl + O2',
    'Na + H2O -> NaOH + H2',
    'C2H6 + O2 -> CO2 + H2O',
    'P4 + O2 -> P4O10',
    'Fe2O3 + CO -> Fe + CO2',
    'NH3 + O2 -> NO + H2O',
  ],
  brackets: [
    'Ca(OH)2 + HCl -> CaCl2 + H2O',
    'Al(OH)3 + H2SO4 -> Al2(SO4)3 + H2O',
    'Ca3(PO4)2 + H2SO4 -> CaSO4 + H3PO4',
    'Pb(NO3)2 -> PbO + NO2 + O2',
    'Fe(OH)3 -> Fe2O3 + H2O',
    'Ba(OH)2 + HNO3 -> Ba(NO3)2 + H2O',
  ],
  hydrate: [
    'CuSO4·5H2O -> CuSO4 + H2O',
    'MgSO4·7H2O -> MgSO4 + H2O',
    'CoCl2·6H2O -> CoCl2 + H2O',
    'Na2CO3·10H2O -> Na2CO3 + H2O',
  ],
  complex: [
    'K4[Fe(CN)6] + H2SO4 + H2O -> K2SO4 + FeSO4 + (NH4)2SO4 + CO',
    'FeCl3 + K4[Fe(CN)6] -> Fe4[Fe(CN)6]3 + KCl',
    'CuSO4 + NH3 -> [Cu(NH3)4]SO4',
    'AgCl + NH3 -> [Ag(NH3)2]Cl',
  ],
  ionic: [
    'Fe^3+ + e- -> Fe^2+',
    'MnO4^- + Fe^2+ + H^+ -> Mn^2+ + Fe^3+ + H2O',
    'Cr2O7^2- + Fe^2+ + H^+ -> Cr^3+ + Fe^3+ + H2O',
    'Cu + Ag^+ -> Cu^2+ + Ag',
    'MnO4^- + H^+ + e- -> Mn^2+ + H2O',
    'Zn + Cu^2+ -> Zn^2+ + Cu',
  ],
};

const PRACTICE_FORMULAS: Readonly<Record<string, readonly string[]>> = {
  simple: ['NaCl', 'H2O', 'CO2', 'H2SO4', 'C6H12O6', 'NH3', 'KMnO4', 'CaCO3', 'NaHCO3', 'HNO3'],
  brackets: ['Ca(OH)2', 'Al2(SO4)3', 'Mg(NO3)2', 'Ca3(PO4)2', '(NH4)2SO4', 'Fe(OH)3', 'Pb(NO3)2'],
  hydrate: ['CuSO4·5H2O', 'MgSO4·7H2O', 'CoCl2·6H2O', 'Na2CO3·10H2O', 'CaCl2·2H2O', 'BaCl2·2H2O'],
  complex: ['K4[Fe(CN)6]', 'K3[Fe(CN)6]', '[Cu(NH3)4]SO4', '[Ag(NH3)2]Cl', 'Na3[Co(NO2)6]'],
};

function flavourOf(text: string): string {
  if (/[·*•]|\.\d/.test(text)) return 'hydrate';
  if (/\[/.test(text)) return 'complex';
  if (/\^|[+-]\s*(?:->|=|<=>|\+|$)|\be-/.test(text)) return 'ionic';
  if (/\(/.test(text)) return 'brackets';
  return 'simple';
}

/** A stable number from the question, so the same question gets the same practice. */
function seedOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

function pick<T>(list: readonly T[], seed: number, count: number, keep: (item: T) => boolean): T[] {
  const chosen: T[] = [];
  for (let i = 0; i < list.length && chosen.length < count; i++) {
    const item = list[(seed + i * 7) % list.length]!;
    if (!chosen.includes(item) && keep(item)) chosen.push(item);
  }
  for (let i = 0; i < list.length && chosen.length < count; i++) {
    const item = list[i]!;
    if (!chosen.includes(item) && keep(item)) chosen.push(item);
  }
  return chosen;
}

function asPractice(question: string): PracticeQuestion | undefined {
  const answer = solve(question);
  if (answer.status !== 'solved' || !answer.answer) return undefined;
  return { question, answer: answer.answer.text, verified: answer.verified };
}

function practice(question: string): PracticeQuestion[] {
  const routed = route(question);
  const seed = seedOf(question);
  const out: PracticeQuestion[] = [];
  const add = (candidates: readonly string[]): void => {
    for (const candidate of candidates) {
      if (out.length >= 3) return;
      const solved = asPractice(candidate);
      if (solved?.verified) out.push(solved);
    }
  };
  if (routed.kind === 'balance') {
    const text = equationFromQuestion(question);
    let ownKeys = '';
    try {
      const own = parseEquation(text);
      ownKeys = [...own.left, ...own.right].map(speciesKey).sort().join(',');
    } catch {
      ownKeys = '';
    }
    const flavour = flavourOf(text);
    const sameKind = (PRACTICE_EQUATIONS[flavour] ?? PRACTICE_EQUATIONS.simple)!;
    const notOwn = (candidate: string): boolean => {
      const parsed = parseEquation(candidate);
      return [...parsed.left, ...parsed.right].map(speciesKey).sort().join(',') !== ownKeys;
    };
    add(pick(sameKind, seed, 3, notOwn).map((equation) => `Balance ${equation}`));
    add(pick(PRACTICE_EQUATIONS.simple!, seed, 3, notOwn).map((equation) => `Balance ${equation}`));
  } else if (routed.kind === 'molar-mass') {
    const flavour = flavourOf(routed.formula);
    const list = (PRACTICE_FORMULAS[flavour] ?? PRACTICE_FORMULAS.simple)!;
    const own = routed.formula.replace(/\s/g, '');
    add(pick(list, seed, 3, (formula) => formula !== own).map((formula) => `What is the molar mass of ${formula}?`));
    add(
      pick(PRACTICE_FORMULAS.simple!, seed, 3, (formula) => formula !== own).map(
        (formula) => `What is the molar mass of ${formula}?`,
      ),
    );
  } else if (routed.kind === 'stoichiometry') {
    for (const variant of practiceVariants(routed.problem, seed)) {
      if (out.length >= 3) break;
      const solution = solveStoichiometryProblem(variant, readStoichiometry(variant) ?? routed.problem);
      // No degenerate cases: reactants in the exact ratio make "which is limiting" meaningless.
      if (solution.tie || solution.answer.status !== 'solved' || !solution.answer.answer) continue;
      if (solution.answer.verified)
        out.push({ question: variant, answer: solution.answer.answer.text, verified: true });
    }
  }
  return out.slice(0, 3);
}

export const chemistryEngine: Engine = {
  tool: TOOL,
  solve: (question) => solve(question),
  check,
  practice,
};

export { BALANCE_KIND, MOLAR_MASS_KIND, STOICHIOMETRY_KIND };
