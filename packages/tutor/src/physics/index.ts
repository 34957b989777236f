/**
 * The offline physics engine: formula library + units (mathjs, loaded lazily) + checks. See solver.ts for how
 * a formula is chosen and parse.ts for how a question is read.
 *
 * Significant figures: the answer leads with the computed value to at least 4 significant figures, then gives it
 * to the figures of the least precise value the chosen formulas use (exact zeros, values implied by the wording
 * and the standard constants do not limit it; trailing zeros of whole numbers count, so "20 m/s" has two):
 * "0 to 27 m/s in 9 s, how far?" is "121.5 m, ≈ 1 × 10^2 m to the data's 1 significant figure". check() accepts
 * either.
 */
import type { CheckResult, TutorAnswer } from '@studyease/contract';
import type { Engine, EnginePractice, PracticeOptions } from '../engine';
import { type Given, numberValue, parseProblem, significantFigures, dimensionName } from './parse';
import { quantity } from './quantities';
import { formatSig } from './answer';
import { relClose } from './routes';
import { type Solution, solveProblem } from './solver';
import { normalizeText, parseUnit } from './units';
import { otherToolPointer } from './other-tool';
import { slipOf, slipSentence } from '../mistake';
import { seededRandom } from '../random';

export { formatSig } from './answer';

function solveFull(question: string): Solution {
  return solveProblem(parseProblem(question));
}

function solve(question: string): TutorAnswer {
  const answer = solveFull(question).answer;
  if (answer.status === 'solved') return answer;
  // A question for another tool gets a pointer to it, with the question carried over.
  const pointer = otherToolPointer(question);
  return pointer === undefined ? answer : { ...answer, reason: pointer.reason, suggestion: pointer.suggestion };
}

/** Decimal exponent of the last written digit ("120" → 0, "1.25" → -2, "3e5" → 5). */
function lastDigitExponent(numberText: string): number {
  const [mantissa = '', exponent] = numberText.replace(/^[-+]/u, '').split(/[eE]|\*10\^/u);
  const decimals = mantissa.includes('.') ? (mantissa.split('.')[1] ?? '').length : 0;
  return -decimals + (exponent === undefined ? 0 : Number(exponent.replace(/[()]/gu, '')));
}

function check(question: string, studentAnswer: string): CheckResult {
  const solution = solveFull(question);
  const { si, sf, target, unit } = solution;
  if (
    solution.answer.status !== 'solved' ||
    si === undefined ||
    sf === undefined ||
    target === undefined ||
    unit === undefined
  ) {
    return {
      correct: false,
      differences: [`The question cannot be checked: ${solution.answer.reason ?? 'it was not solved'}`],
    };
  }
  const q = quantity(target);
  // The first quantity of the answer: "1079.1 J, ≈ 1 × 10^3 J to the data's 1 significant figure" is 1079.1 J.
  const text = (
    normalizeText(studentAnswer)
      .trim()
      .replace(/^[^=]*=\s*/u, '')
      .split(/,\s|≈|\(|;/u)[0] ?? ''
  ).trim();
  // The number, then the rest as the unit (less a final full stop) cut in code: a `(.*?)\s*\.?$` tail backtracks
  // over every split of a long run of spaces.
  const match = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+|\*10\^\(?[-+]?\d+\)?)?/u.exec(text);
  const rest = match ? text.slice(match[0].length).trim() : '';
  const unitText = rest.endsWith('.') ? rest.slice(0, -1).trim() : rest;
  if (match === null || /[\n\r\u2028\u2029]/u.test(unitText))
    return { correct: false, differences: ['No numeric value found in the answer.'] };
  const numberText = match[0];
  const value = numberValue(numberText);
  let studentSI: number;
  let step: number;
  if (unitText === '') {
    if (q.unit !== '') {
      return { correct: false, differences: [`The answer has no unit: the ${q.name} needs one, e.g. ${unit.text}.`] };
    }
    studentSI = value;
    step = 10 ** lastDigitExponent(numberText);
  } else {
    const parsed = parseUnit(unitText);
    if (parsed === null) return { correct: false, differences: [`Unknown unit "${unitText}".`] };
    const expected = q.dims;
    if (
      !parsed.dims.every((d, i) => Math.abs(d - (expected[i] ?? 0)) < 1e-9) ||
      (target === 'theta') !== /^(deg|rad)$/u.test(unitText)
    ) {
      return {
        correct: false,
        differences: [
          `Wrong unit dimension: ${unitText} is a unit of ${dimensionName(parsed.dims).replace(/^an? /u, '')}, but the ${q.name} is ${dimensionName(expected)} (e.g. ${unit.text}).`,
        ],
      };
    }
    studentSI = parsed.toSI(value);
    const digit = 10 ** lastDigitExponent(numberText);
    step = Math.abs(parsed.toSI(value + digit) - studentSI);
  }
  const student = unit.fromSI(studentSI);
  const exact = unit.fromSI(si);
  // Right when it is the value to the data's figures (700 kg/m^3 for 666.7), or the computed value written at
  // least as precisely as the data (within half a unit of the student's own last digit: 121.5 m, 122 m), or, for
  // data with a stated precision, the same value at that precision. Whole numbers do not state theirs, so there
  // the answer must agree to 2 figures (130 m is not 121.5 m).
  const roundedToData = Number(formatSig(exact, sf));
  const isDataValue = relClose(student, roundedToData, 1e-9);
  const withinOwnDigits =
    significantFigures(numberText) >= sf && Math.abs(studentSI - si) <= step / 2 + Math.abs(si) * 1e-9;
  const checkSf = solution.wholeData === true ? Math.max(sf, 2) : sf;
  const sameAtPrecision = formatSig(student, checkSf) === formatSig(exact, checkSf);
  if (isDataValue || withinOwnDigits || sameAtPrecision) return { correct: true, differences: [] };
  // Where the value went wrong, never the value itself (issue #14): a flipped sign, a common factor (a unit or a
  // decimal point: 10, 1000), or only too high or too low. The tolerance is the data's precision.
  const shown = `${numberText}${unitText === '' ? '' : ` ${unitText}`}`;
  const slip = slipOf(studentSI, si, 0.5 * 10 ** (1 - sf));
  const differences = [
    slip.kind === 'off'
      ? `${shown} is too ${slip.direction}: check the formula you used, the units of each value and the arithmetic.`
      : slipSentence(shown, slip),
  ];
  return { correct: false, differences };
}

/** Where each given's number stands in the question as written, in the same order; null when one is not found. */
function positionsIn(question: string, givens: readonly Given[]): Map<Given, number> | null {
  const found = new Map<Given, number>();
  let from = 0;
  for (const given of [...givens].sort((a, b) => a.index - b.index)) {
    let index = question.indexOf(given.numberText, from);
    // A whole number only: "5" is not the 5 in "2.5" or "50".
    while (
      index >= 0 &&
      (/[\d.]/.test(question[index - 1] ?? '') || /[\d.]/.test(question[index + given.numberText.length] ?? ''))
    )
      index = question.indexOf(given.numberText, index + 1);
    if (index < 0) return null;
    found.set(given, index);
    from = index + given.numberText.length;
  }
  return found;
}

function practice(question: string, options: PracticeOptions = {}): EnginePractice[] {
  const original = solveFull(question);
  if (original.answer.status !== 'solved' || original.answer.answer === null) return [];
  const { problem } = original;
  // Without a random source: the same question, the same practice set.
  const next = options.random ?? seededRandom(problem.text);
  const count = options.count ?? 3;
  const out: EnginePractice[] = [];
  const seen = new Set<string>([problem.text, question]);
  // The student's own wording where every number is found in it in order (the reader's normalised text can read
  // "travels" for "travel" or "deg" for "°"); the normalised text otherwise.
  const own = positionsIn(question, problem.givens);
  const base = own ? question : problem.text;
  const at = (given: Given): number => own?.get(given) ?? given.index;
  for (let attempt = 0; attempt < 40 + 20 * count && out.length < count; attempt += 1) {
    // Same wording and units, new numbers with the same number of figures; zeros stay (they are "from rest").
    let text = base;
    for (const given of [...problem.givens].sort((a, b) => at(b) - at(a))) {
      const old = numberValue(given.numberText);
      if (old === 0) continue;
      const sf = Math.max(Math.min(significantFigures(given.numberText), 4), 1);
      let fresh = '';
      for (let tries = 0; tries < 10; tries += 1) {
        const candidate = formatSig(old * (0.4 + 1.4 * next()), sf);
        if (Number(candidate) !== 0 && Number(candidate) !== old && !candidate.includes('e')) {
          fresh = candidate;
          break;
        }
      }
      if (fresh === '') continue;
      text = text.slice(0, at(given)) + fresh + text.slice(at(given) + given.numberText.length);
    }
    if (seen.has(text) || options.avoid?.has(text)) continue;
    seen.add(text);
    const solved = solveFull(text);
    const a = solved.answer;
    if (
      a.status !== 'solved' ||
      a.answer === null ||
      !a.verified ||
      solved.si === undefined ||
      solved.si === 0 ||
      !Number.isFinite(solved.si)
    )
      continue;
    if (a.kind !== original.answer.kind) continue;
    out.push({ question: text, answer: a.answer.text, verified: a.verified, kind: a.kind });
  }
  return out;
}

export const physicsEngine: Engine = { tool: 'physics-solver', solve, check, practice };
export { parseProblem } from './parse';
