/**
 * The offline chemistry engine (tool `chemistry-solver`): balancing equations, molar masses and stoichiometry
 * (mass ↔ moles ↔ mass, limiting reagent). Every answer carries checks computed by a second path (atoms counted
 * again from the answer's own text, the molar mass re-added, mass conservation), so `verified` can be false.
 * Questions it does not read with certainty are `unsupported`, never guessed.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { refusedAnswer, type CheckResult, type TutorAnswer } from '@studyease/contract';
import type { Engine, EnginePractice, PracticeOptions } from '../engine';
import { BALANCE_KIND, checkBalance, equationFromQuestion, solveBalance } from './balancing';
import { hasArrow, parseEquation } from './equation';
import { normalizeChemText, parseSpecies, speciesKey } from './formula';
import { isElement } from './elements';
import { GAS_KIND, readGas, solveGas, type GasProblem } from './gas';
import {
  checkMolarMass,
  formatMolarMass,
  molarMass,
  MOLAR_MASS_KIND,
  molarMassFormula,
  relativeMassFormula,
  solveMolarMass,
} from './molar-mass';
import { atomsOfElement, readMoles, solveMoles, solveParticlesToMoles, type MolesProblem } from './moles';
import { AMBIGUOUS_ELEMENTS, namesToFormulas } from './names';
import { MOLARITY_KIND, readMolarity, solveMolarity, type MolarityProblem } from './molarity';
import { asksPercentYield, PERCENT_YIELD_KIND, solvePercentYield } from './percent-yield';
import { trimTrailing } from '../trim-trailing';
import {
  checkStoichiometry,
  practiceVariants,
  readStoichiometry,
  solveStoichiometryProblem,
  STOICHIOMETRY_KIND,
} from './stoichiometry';
import { wrongAmount } from '../mistake';
import { seededRandom } from '../random';
import {
  balancingQuestion,
  gasQuestion,
  molarityQuestion,
  molarMassQuestion,
  molesQuestion,
  stoichiometryQuestion,
} from './practice-questions';

const TOOL = 'chemistry-solver';
const MAX_LENGTH = 2000;

const UNSUPPORTED_REASON =
  'I could not read this as a chemistry question I can solve. I can balance an equation ("balance Fe + O2 -> Fe2O3"), give a molar mass ("molar mass of calcium carbonate"), convert between grams, moles and particles ("how many molecules are in 18 g of water?"), solve stoichiometry ("how many grams of water form from 4 g of hydrogen?") and gas-law questions ("what volume does 2 mol of gas occupy at STP?").';

type Route =
  | { kind: 'balance'; text: string }
  | { kind: 'molar-mass'; formula: string; relative?: boolean }
  | { kind: 'moles'; problem: MolesProblem }
  | { kind: 'gas'; problem: GasProblem }
  | { kind: 'molarity'; problem: MolarityProblem; text: string }
  | { kind: 'percent-yield'; text: string }
  | { kind: 'stoichiometry'; problem: NonNullable<ReturnType<typeof readStoichiometry>> }
  | { kind: 'refuse'; status: 'invalid' | 'unsupported'; reason: string; suggestion?: TutorAnswer['suggestion'] }
  | { kind: 'none' };

/** A courtesy word at the very end of a text (its final marks taken off first). */
const COURTESY_TAIL = /(?<!\w)(?:pls|plz|please|thanks|thank\s+you|thx)$/i;

/** Courtesy words around a question ("pls", "can you", "thanks"), left out before reading it. */
function withoutCourtesy(text: string): string {
  const head = text.replace(
    /^\s*(?:(?:hi|hey|hello)\b[\s,!]*)?(?:(?:please|pls|plz|can\s+you|could\s+you|would\s+you|help\s+me(?:\s+to)?|how\s+(?:do|would|can|should)\s+(?:I|you|we)|how\s+to|i\s+need\s+to|i\s+want\s+to)\s+)*/i,
    '',
  );
  // The marks after the last word, then the word, then the spaces and commas before it, each taken off by itself:
  // one `[\s,]*\b(?:pls|…)\b[\s.!?]*$` pattern is retried from every character of a long run of spaces (quadratic).
  const body = trimTrailing(head, /[\s.!?]/);
  const tail = COURTESY_TAIL.exec(body);
  return (tail ? trimTrailing(body.slice(0, tail.index), /[\s,]/) : head).trim();
}

/** The question with unicode made plain, element names before "atoms" read, and substance names as formulas. */
function readable(question: string): { plain: string; named: string } {
  const plain = withoutCourtesy(normalizeChemText(question).replace(/\s+/g, ' ').trim());
  return { plain, named: namesToFormulas(atomsOfElement(plain)).text };
}

const PHYSICS_WORDS =
  /\b(velocity|speed|accelerat\w*|force|newtons?|friction|momentum|kinetic|potential\s+energy|projectile|dropped|falls?|thrown|incline|circuit|resistance|resistor|ohms?|voltage|current|power|watts?|joules?|wavelength|frequency|m\/s)\b/i;
const MATH_WORDS =
  /\b(solve\s+for|derivative|differentiate|integral|integrate|simplify|factor(?:ise|ize)?|expand|limit|sin|cos|tan|log|ln|sqrt|equation\s+of\s+the\s+line|slope|percent(?:age)?|fraction)\b|\d\s*[xyz]\b|\b[xyz]\s*(?:\^|²|=|\+|-)/i;

/** A question for another tool: says which one, with the question carried over. */
function otherTool(question: string, plain: string): Route | undefined {
  const chemistry =
    /\b(mol|moles?|molar|atoms?|molecules?|reaction|balance|gas|gases|compound|element|formula|atm|kPa|mmHg|STP|pressure|volume|litres?|liters?|mL)\b/i.test(
      plain,
    );
  if (chemistry) return undefined;
  if (PHYSICS_WORDS.test(plain))
    return {
      kind: 'refuse',
      status: 'unsupported',
      reason:
        'This looks like a physics question: ask the Physics Solver, which works with forces, motion, energy and circuits.',
      suggestion: { text: question, tool: 'physics-solver' },
    };
  const bare = trimTrailing(
    plain.replace(/^(?:what\s+is|what's|calculate|compute|evaluate|work\s+out)\s+/i, ''),
    /[?.!]/,
  );
  if (MATH_WORDS.test(plain) || /^[\d\s+\-*/^().=x×÷]+$/.test(bare))
    return {
      kind: 'refuse',
      status: 'unsupported',
      reason: 'This looks like a math question: ask the Math Solver.',
      suggestion: { text: question, tool: 'math-solver' },
    };
  return undefined;
}

/** "balance the equation for burning methane": complete combustion of the one fuel named, if there is one. */
function combustionToBalance(named: string): string | undefined {
  const formulas = [...named.matchAll(/(?<![\w.])[A-Z][A-Za-z0-9()]*/g)]
    .map((m) => m[0])
    .filter((f) => keyOfFormula(f));
  // Burning, or a fuel that reacts with oxygen (and nothing else named).
  const burns = /\b(burn|burns|burning|burned|burnt|combustion|combusts?)\b/i.test(named);
  if (!burns && !(formulas.includes('O2') && /\breact/i.test(named))) return undefined;
  const fuels = [...new Set(formulas.filter((f) => f !== 'O2' && f !== 'CO2' && f !== 'H2O' && f !== 'CO'))];
  if (fuels.length !== 1) return undefined;
  const atoms = parseSpecies(fuels[0]!, isElement).atoms;
  const symbols = [...atoms.keys()];
  if (symbols.every((symbol) => symbol === 'C' || symbol === 'H' || symbol === 'O') && atoms.has('C'))
    return `${fuels[0]} + O2 -> CO2${atoms.has('H') ? ' + H2O' : ''}`;
  if (symbols.length === 1 && symbols[0] === 'H') return 'H2 + O2 -> H2O';
  return undefined;
}

/** "… to form", "… producing": the words between what reacts and what forms, with a space on each side. */
const FORMS =
  / (?:to (?:form|give|make|produce|yield)|forming|producing|giving|yielding|gives|forms|produces|makes|yields) /i;
/** The same after "X reacts with …", where fewer words are read. */
const FORMS_AFTER_REACTS = / (?:to (?:form|give|make|produce|yield)|forming|producing|giving) /;

/**
 * What reacts and what forms in "the reaction between H2 and O2 to form H2O" or "H2 reacts with O2 to give H2O",
 * read from text with single spaces and no final marks. The words are found one at a time: one pattern with
 * `(.+?)\s+(?:to\s+form|…)\s+(.+?)\s*[.?!]*$` tried every split of a long run of spaces (cubic on hostile text).
 */
function reactantsAndProducts(text: string): [string, string] | undefined {
  // "between … to form …": the first "between " or "of ", then the first linking words at least one character on.
  const head = /(?:between|of) /i.exec(text);
  if (head) {
    const from = head.index + head[0].length;
    const verb = FORMS.exec(text.slice(from + 1));
    if (verb) return [text.slice(from, from + 1 + verb.index), text.slice(from + 1 + verb.index + verb[0].length)];
  }
  // "balance magnesium + oxygen gives magnesium oxide": everything after "balance" split at the linking words.
  const balance = /^balance(?: the)?(?: (?:chemical |word )?(?:equation|reaction))?(?: for| of)?:? /i.exec(text);
  if (balance) {
    const rest = text.slice(balance[0].length);
    const verb = FORMS.exec(rest.slice(1));
    if (verb) return [rest.slice(0, 1 + verb.index), rest.slice(1 + verb.index + verb[0].length)];
  }
  // "X reacts with … to give …": X is the formula before the words, from its first capital at a word's start.
  for (const reacts of text.matchAll(/ (?:reacts|react|combines|combine) with /g)) {
    let start = reacts.index;
    while (start > 0 && /[A-Za-z0-9()]/.test(text.charAt(start - 1))) start--;
    while (start < reacts.index && !(/[A-Z]/.test(text.charAt(start)) && !/\w/.test(text.charAt(start - 1)))) start++;
    const from = reacts.index + reacts[0].length;
    const verb = start < reacts.index ? FORMS_AFTER_REACTS.exec(text.slice(from + 1)) : null;
    if (verb) return [text.slice(start, from + 1 + verb.index), text.slice(from + 1 + verb.index + verb[0].length)];
  }
  return undefined;
}

/**
 * "the reaction between H2 and O2 to form H2O", "H2 reacts with O2 to give H2O": the equation when every substance
 * is named (as a formula, after names were read); undefined otherwise.
 */
function reactionInWords(named: string): string | undefined {
  const match = reactantsAndProducts(trimTrailing(named.replace(/\s+/g, ' ').trim(), /[.?!\s]/));
  if (!match) return undefined;
  const side = (text: string): string[] | undefined => {
    const parts = text
      .replace(/\b(?:reacts?|combines?)\s+with\b/gi, ' and ')
      .split(/\band\b|\+|,/)
      .map((part) => part.trim())
      .filter(Boolean);
    return parts.length > 0 && parts.every((part) => /^[A-Z][A-Za-z0-9()]*$/.test(part) && keyOfFormula(part))
      ? parts
      : undefined;
  };
  const left = side(match[0]);
  const right = side(match[1]);
  return left && right ? `${left.join(' + ')} -> ${right.join(' + ')}` : undefined;
}

function keyOfFormula(formula: string): boolean {
  try {
    parseSpecies(formula, isElement);
    return true;
  } catch {
    return false;
  }
}

/** Element names written without "gas", "molecules" or "atoms" after them ("16 g of oxygen"), lower-cased. */
function bareElementNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(
    /\b(hydrogen|oxygen|nitrogen|chlorine|fluorine|bromine|iodine)\b(?!\s+(?:gas|molecules?|atoms?))/gi,
  )) {
    if (match[1]) names.add(match[1].toLowerCase());
  }
  return names;
}

function route(question: string): Route {
  const { plain, named } = readable(question);
  // "percent yield" first: its two masses would read as stoichiometry, and "percent" as a math question.
  if (asksPercentYield(named)) return { kind: 'percent-yield', text: named };
  // Before moles and gases: "0.5 L of 2 M HCl" is a solution, whose amounts the mole reader would take alone.
  const molarity = readMolarity(named);
  if (molarity) return { kind: 'molarity', problem: molarity, text: named };
  const gas = readGas(named);
  if (gas) return { kind: 'gas', problem: gas };
  const moles = readMoles(named);
  if (moles) {
    // "16 g of oxygen": atoms (O) or molecules (O2)? Asked back unless the question says gas or molecules.
    const bare = [...AMBIGUOUS_ELEMENTS].find(
      ([name, [, molecule]]) => molecule === moles.species.text && bareElementNames(plain).has(name),
    );
    if (bare && !(moles.asked.kind === 'particles' && /molecule/.test(moles.asked.word))) {
      const [name, [atom, molecule]] = bare;
      return {
        kind: 'refuse',
        status: 'unsupported',
        reason: `"${name}" can mean ${name} atoms (${atom}) or ${name} gas molecules (${molecule}), and the answer differs: write ${atom} or ${molecule} (or "${name} atoms" / "${name} gas").`,
      };
    }
    return { kind: 'moles', problem: moles };
  }
  const stoichiometry = readStoichiometry(named);
  if (stoichiometry) return { kind: 'stoichiometry', problem: stoichiometry };
  const relative = molarMassFormula(plain) === undefined ? relativeMassFormula(plain) : undefined;
  const asked = molarMassFormula(plain) ?? relative;
  if (asked) {
    // "oxygen gas" without "gas": a test of the end rather than `/\s+gas$/`, which is quadratic on a run of spaces.
    const lower = asked.toLowerCase();
    const bare = (
      lower.endsWith('gas') && /\s/.test(lower.charAt(lower.length - 4)) ? lower.slice(0, -3) : lower
    ).trim();
    const pair = AMBIGUOUS_ELEMENTS.get(bare);
    if (pair && !/\bgas$/i.test(asked)) {
      const [atom, molecule] = pair;
      const one = molarMass(atom);
      const two = molarMass(molecule);
      return {
        kind: 'refuse',
        status: 'unsupported',
        reason: `"${asked}" can mean the atom ${atom}${one.ok ? ` (${formatMolarMass(one.value)})` : ''} or the molecule ${molecule}${two.ok ? ` (${formatMolarMass(two.value)})` : ''}: ask for the molar mass of ${atom} or of ${molecule}.`,
      };
    }
    const formula = namesToFormulas(asked).text.trim();
    if (/^[a-z]/.test(formula) || /\s[a-z]{3,}/.test(formula))
      return {
        kind: 'refuse',
        status: 'unsupported',
        reason: `I do not know the substance "${asked}" by name: write its formula (for example "molar mass of CaCO3").`,
      };
    return { kind: 'molar-mass', formula, relative: relative !== undefined };
  }
  // An equation alone (or "balance …") is a balancing question; an equation with a question about amounts that
  // could not be read is not, so it falls through to unsupported.
  // An amount asked ("mass of", "moles of", "how many grams", "volume of", "8 g of H2") is never answered by
  // balancing alone: it was solved above as stoichiometry, or it is refused here.
  const amounts =
    /\b(how\s+(many|much)|mass|amount|number\s+of|limiting|grams?|moles?|mol|yield|percent|volume|litres?|liters?|excess|concentration|molarity)\b/i;
  // Units after a number, case-sensitive: "2 Mg" is magnesium, "2 mg" milligrams.
  const unitAmount = /\d ?(?:g|kg|mg|mol|mmol|L|mL|dm3|cm3)\b/;
  const asksAmount = amounts.test(named) || unitAmount.test(named);
  // Only for an equation ("=" between gas-law symbols, "P1 = 100 kPa", is not one).
  if (hasArrow(named) && asksAmount && !/\b[PVTn][12]? ?=/.test(named))
    return {
      kind: 'refuse',
      status: 'unsupported',
      reason:
        'This asks for an amount from the equation, and I could not read the amount question safely, so I will not answer it with the balanced equation alone. Write it like "2 H2 + O2 -> 2 H2O: how many grams of H2O form from 8 g of H2?" (one amount given with its unit and formula, and the substance asked for).',
    };
  if (hasArrow(named)) {
    if (/^[^A-Z]*$/.test(named) || (MATH_WORDS.test(named) && !/[A-Z][a-z]?\d/.test(named)))
      return otherTool(question, plain) ?? { kind: 'none' };
    return { kind: 'balance', text: named };
  }
  if (/\bbalanc/i.test(named)) {
    const combustion = combustionToBalance(named) ?? reactionInWords(named);
    if (combustion) return { kind: 'balance', text: combustion };
    return {
      kind: 'refuse',
      status: 'unsupported',
      reason:
        'Write the equation to balance with its formulas, for example "balance CH4 + O2 -> CO2 + H2O": from the words alone I cannot tell which substances react and form.',
    };
  }
  return otherTool(question, plain) ?? { kind: 'none' };
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
  if (routed.kind === 'none') {
    const particles = solveParticlesToMoles(question, readable(question).plain);
    if (particles) return particles;
  }
  switch (routed.kind) {
    case 'balance': {
      const answer = solveBalance(routed.text);
      return { ...answer, question: { ...answer.question, text: question } };
    }
    case 'molar-mass':
      return solveMolarMass(question, routed.formula, routed.relative);
    case 'moles':
      return solveMoles(question, routed.problem);
    case 'gas': {
      const answer = solveGas(question, routed.problem);
      return 'refused' in answer ? refusedAnswer(TOOL, 'unsupported', GAS_KIND, question, answer.refused) : answer;
    }
    case 'stoichiometry':
      return solveStoichiometryProblem(question, routed.problem).answer;
    case 'molarity':
      return solveMolarity(question, routed.text, routed.problem);
    case 'percent-yield':
      return solvePercentYield(question, routed.text);
    case 'refuse': {
      const refused = refusedAnswer(TOOL, routed.status, 'chemistry', question, routed.reason);
      return routed.suggestion ? { ...refused, suggestion: routed.suggestion } : refused;
    }
    default:
      return refusedAnswer(TOOL, 'unsupported', 'chemistry', question, UNSUPPORTED_REASON);
  }
}

/** Units a student may answer in, with their size in the base unit of their quantity. */
const ANSWER_UNITS: Readonly<Record<string, readonly [string, number]>> = {
  g: ['mass', 1],
  kg: ['mass', 1000],
  mg: ['mass', 0.001],
  mol: ['amount', 1],
  mmol: ['amount', 0.001],
  L: ['volume', 1],
  mL: ['volume', 0.001],
  'mol/L': ['concentration', 1],
  M: ['concentration', 1],
  'm³': ['volume', 1000],
  m3: ['volume', 1000],
  atm: ['pressure', 101325],
  kPa: ['pressure', 1000],
  Pa: ['pressure', 1],
  mmHg: ['pressure', 101325 / 760],
  K: ['temperature', 1],
};

/** Grades an amount against the engine's own answer: the precise value or the one rounded to the data. */
function checkAmount(answer: TutorAnswer, studentAnswer: string): CheckResult {
  if (answer.status !== 'solved' || !answer.answer)
    return { correct: false, differences: [answer.reason ?? UNSUPPORTED_REASON] };
  const expected = /^(-?[\d.]+)(?:\s*×\s*10\^(-?\d+))?\s*([^\s(]*)/.exec(answer.answer.text);
  const student =
    /(-?\d+(?:\.\d*)?|\.\d+)(?:\s*(?:[×xX*·]\s*10\s*\^\s*(?:\(\s*)?(-?\d+)\)?|[eE](-?\d+)))?\s*([A-Za-z³]+)?/.exec(
      normalizeChemText(studentAnswer).replace(/,(?=\d{3}\b)/g, ''),
    );
  if (!expected || !student) return { correct: false, differences: ['Give the value as a number with its unit.'] };
  const expectedUnit = ANSWER_UNITS[expected[3] ?? ''];
  const studentUnit = student[4] ? ANSWER_UNITS[student[4]] : undefined;
  let scale = 1;
  if (expectedUnit && studentUnit) {
    if (studentUnit[0] !== expectedUnit[0])
      return { correct: false, differences: [`The question asks for the ${expectedUnit[0]}, in ${expected[3]!}.`] };
    scale = studentUnit[1] / expectedUnit[1];
  }
  const value = Number(`${student[1]!}e${student[2] ?? student[3] ?? 0}`) * scale;
  const target = Number(`${expected[1]!}e${expected[2] ?? 0}`);
  const decimals = (student[1]!.split('.')[1] ?? '').length - Number(student[2] ?? student[3] ?? 0);
  // Half a unit of the student's last place, but never more than 1 % of the answer: "1 mol" (or "0 mol") is not
  // 0.4996 mol rounded, it is a different answer. The value rounded to the data's figures, as the answer gives it
  // ("≈ 0.3 mol/L"), is right too.
  const tolerance = Math.min(0.5 * 10 ** -decimals * scale, 0.01 * Math.abs(target)) + 0.002 * Math.abs(target);
  const rounded = /≈\s*(-?[\d.]+)(?:\s*×\s*10\^(-?\d+))?/.exec(answer.answer.text);
  const roundedValue = rounded ? Number(`${rounded[1] ?? ''}e${rounded[2] ?? 0}`) : Number.NaN;
  return Math.abs(value - target) <= tolerance || Math.abs(value - roundedValue) <= 1e-9 * Math.abs(roundedValue)
    ? { correct: true, differences: [] }
    : {
        correct: false,
        // Where it went wrong, not the answer itself (issue #14).
        differences: [wrongAmount(studentAnswer.trim(), value, target, 'check each conversion and the arithmetic')],
      };
}

function check(question: string, studentAnswer: string): CheckResult {
  const routed = route(question);
  switch (routed.kind) {
    case 'balance':
      return checkBalance(routed.text, studentAnswer);
    case 'molar-mass':
      return checkMolarMass(question, routed.formula, studentAnswer);
    case 'stoichiometry':
      return checkStoichiometry(question, routed.problem, studentAnswer);
    case 'moles':
    case 'gas':
    case 'percent-yield':
      return checkAmount(solve(question), studentAnswer);
    case 'molarity':
      // "0.25 mol/L", "0.25 mol dm-3" and "0.25 M" are one unit: written as M before grading.
      return checkAmount(
        solve(question),
        studentAnswer.replace(/mol ?\/ ?(?:L|l|dm3|dm³)|mol (?:L|dm)-?1|mol dm-3|molar\b/g, 'M'),
      );
    case 'refuse':
      return { correct: false, differences: [routed.reason] };
    default: {
      // Questions solved outside the routes (particles to moles with no substance) are graded on their answer.
      const answer = solve(question);
      return answer.status === 'solved'
        ? checkAmount(answer, studentAnswer)
        : { correct: false, differences: [answer.reason ?? UNSUPPORTED_REASON] };
    }
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

/** A balanced equation whose every coefficient is 1 (`Ba + F2 -> BaF2`): nothing to practise, its answer is the question. */
const balancedAsWritten = (equation: string): boolean =>
  equation.split(/ \+ | -> /).every((species) => !/^\d+ /.test(species));

function asPractice(question: string): EnginePractice | undefined {
  const answer = solve(question);
  if (answer.status !== 'solved' || !answer.answer) return undefined;
  if (answer.kind === BALANCE_KIND && balancedAsWritten(answer.answer.text)) return undefined;
  return { question, answer: answer.answer.text, verified: answer.verified, kind: answer.kind };
}

function practice(question: string, options: PracticeOptions = {}): EnginePractice[] {
  const routed = route(question);
  const seed = options.random ? Math.floor(options.random() * 2 ** 32) : seedOf(question);
  const count = options.count ?? 3;
  const out: EnginePractice[] = [];
  const fresh = (candidate: string): boolean =>
    candidate !== question && !options.avoid?.has(candidate) && !out.some((one) => one.question === candidate);
  const add = (candidates: readonly string[]): void => {
    for (const candidate of candidates) {
      if (out.length >= count) return;
      if (!fresh(candidate)) continue;
      const solved = asPractice(candidate);
      if (solved?.verified) out.push(solved);
    }
  };
  if (routed.kind === 'balance') {
    const text = equationFromQuestion(routed.text);
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
    add(pick(sameKind, seed, Infinity, notOwn).map((equation) => `Balance ${equation}`));
    add(pick(PRACTICE_EQUATIONS.simple!, seed, Infinity, notOwn).map((equation) => `Balance ${equation}`));
  } else if (routed.kind === 'molar-mass') {
    const flavour = flavourOf(routed.formula);
    const list = (PRACTICE_FORMULAS[flavour] ?? PRACTICE_FORMULAS.simple)!;
    const own = routed.formula.replace(/\s/g, '');
    add(
      pick(list, seed, Infinity, (formula) => formula !== own).map(
        (formula) => `What is the molar mass of ${formula}?`,
      ),
    );
    add(
      pick(PRACTICE_FORMULAS.simple!, seed, Infinity, (formula) => formula !== own).map(
        (formula) => `What is the molar mass of ${formula}?`,
      ),
    );
  } else if (routed.kind === 'stoichiometry') {
    for (const variant of practiceVariants(routed.problem, seed, options.random && { random: options.random, count })) {
      if (out.length >= count) break;
      if (!fresh(variant)) continue;
      const solution = solveStoichiometryProblem(variant, readStoichiometry(variant) ?? routed.problem);
      // No degenerate cases: reactants in the exact ratio make "which is limiting" meaningless.
      if (solution.tie || solution.answer.status !== 'solved' || !solution.answer.answer) continue;
      if (solution.answer.verified)
        out.push({
          question: variant,
          answer: solution.answer.answer.text,
          verified: true,
          kind: solution.answer.kind,
        });
    }
  } else if (
    routed.kind === 'moles' ||
    routed.kind === 'gas' ||
    routed.kind === 'molarity' ||
    routed.kind === 'percent-yield'
  ) {
    // The same question with new numbers: every amount with a unit scaled, keeping its written decimals. The
    // chat's three from a fixed list of factors; a skill's practice (a random source) from any factor.
    const { named } = readable(question);
    const amount = /(?<![\w.])(\d+(?:\.\d+)?)(?=\s*(?:g|kg|mg|mol|moles|L|mL|atm|kPa|Pa|mmHg|K|°C|M)\b)/g;
    const factors = [1.5, 2, 0.5, 3, 0.75, 1.25, 4];
    const tries = options.random ? 10 + 3 * count : factors.length;
    for (let k = 0; k < tries && out.length < count; k++) {
      let i = 0;
      const variant = named.replace(amount, (written: string) => {
        const decimals = written.split('.')[1]?.length ?? 0;
        if (options.random) {
          // Any factor, and the significant figures of the data kept (2.00 L → 0.970 L, not 0.97 L).
          const value = Number(written) * (0.4 + 1.6 * options.random());
          const figures = decimals === 0 ? 0 : written.replace(/^[0.]+/, '').replace('.', '').length;
          const precise = figures > 0 ? value.toPrecision(figures) : '';
          return precise === '' || precise.includes('e') ? value.toFixed(decimals) : precise;
        }
        const factor = factors[(seed + k + 3 * i++) % factors.length]!;
        return (Number(written) * factor).toFixed(decimals);
      });
      if (variant === named || !fresh(variant)) continue;
      const solved = asPractice(variant);
      if (solved?.verified) out.push(solved);
    }
  }
  // What the question itself could not grow: new questions of the same type (practice-questions.ts), each solved
  // and verified like the rest.
  const generate = GENERATED[routed.kind];
  if (generate) {
    const random = options.random ?? seededRandom(question);
    if (options.random) {
      // A skill's practice mixes in new questions of the type (other compounds, other reactions) with the ones
      // that keep the question's wording: about half of each, by draw.
      const mixed = out.length === 0 ? 0 : Math.round(out.length * random());
      out.splice(out.length - mixed);
    }
    for (let attempt = 0; attempt < 20 + 10 * count && out.length < count; attempt++) add([generate(random)]);
  }
  return out.slice(0, count);
}

/** Generators of new questions by route. */
const GENERATED: Partial<Record<Route['kind'], (random: () => number) => string>> = {
  balance: balancingQuestion,
  'molar-mass': molarMassQuestion,
  moles: molesQuestion,
  gas: gasQuestion,
  molarity: molarityQuestion,
  stoichiometry: stoichiometryQuestion,
  'percent-yield': stoichiometryQuestion,
};

export const chemistryEngine: Engine = {
  tool: TOOL,
  solve: (question) => solve(question),
  check,
  practice,
};

export { BALANCE_KIND, MOLAR_MASS_KIND, MOLARITY_KIND, PERCENT_YIELD_KIND, STOICHIOMETRY_KIND };
