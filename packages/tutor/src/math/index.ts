/**
 * The offline math engine (tool `math-solver`): reads the question, picks the topic, solves exactly with the
 * engine's own algebra (CAS libraries only where ours falls short, loaded lazily), and checks every answer by an
 * independent numeric substitution. Anything it cannot do reliably is answered `unsupported`, never guessed.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { type Check, type CheckResult, type TutorAnswer, refusedAnswer, solvedAnswer } from '@studyease/contract';
import { type Node, InvalidInput, Unsupported, size, variables } from './ast';
import { solveArithmetic } from './arith';
import { type Outcome, seeded } from './common';
import { solvePolynomialEquation } from './equations';
import { splitAnswers } from './grade';
import { parse } from './parse';
import { NotRational } from './poly';
import { toLatex, toText } from './print';
import { solveLinearSystem } from './systems';
import { solveCalculus } from './calculus';
import { solveOther } from './nonpolynomial';
import { solveTrig, solveTrigEquation } from './trig';
import { type Prepared, prepare } from './prepare';
import { type CrossIntent, crossCheck } from './crosscheck';
import { checkDerivativeCandidate, checkEquationCandidate } from './candidate';
import { type Reading, SECOND_READING, SECOND_READING_UNAVAILABLE, checkAgainstSecondReading } from './second-reader';
import type { Engine, EnginePractice, PracticeOptions } from '../engine';
import { type Interval, type Rephrased, explainRefusal, rephrase } from '../phrasing';
import { solvePercentage } from './percentage';
import { withQualifiers } from './qualifiers';
import { hasTrig } from './trig/angles';
import { asExercise, naturalQuestion } from './natural-question';

const TOOL = 'math-solver' as const;
const MAX_NODES = 300;

type Solved = { outcome: Outcome; node: Node };

/**
 * Hook for the trigonometric-equation solver: the interval the phrasing layer read ("for 0 ≤ x < 2π") passed on
 * to math/trig (its TrigInterval is the shape of Rephrased['interval']). Only an equation with trig functions
 * lists its solutions in an interval; anything else is refused in plain words rather than answered unrestricted.
 */
const solveInInterval = (text: string, interval: Interval): Solved => {
  const prepared = prepare(text);
  const node = parse(prepared.body);
  if (prepared.intent !== 'auto' || node.k !== 'rel' || node.op !== '=' || !hasTrig(node))
    throw new Unsupported(
      'I list solutions in an interval only for trigonometric equations; ask without the interval to get every solution',
    );
  const variable = prepared.variable ?? interval.variable;
  const others = variables(node).filter((name) => name !== variable);
  if (others.length > 0)
    throw new Unsupported(`the equation has other letters (${others.join(', ')}) besides ${variable}`);
  const trigInterval = { ...interval, variable };
  const outcome = solveTrigEquation(node, variable, trigInterval);
  return {
    outcome: { ...outcome, reading: { body: prepared.body, intent: 'auto', variable, interval: trigInterval } },
    node,
  };
};

/**
 * The question as the student wrote it, through the phrasing layer (src/phrasing: their words into the engine's
 * phrasing), then solved, with the second reading when `secondReading` (solve and check; practice needs only the
 * generator), and the answer put in the form the student asked for (to 2 decimal places, exactly).
 */
const solvePhrased = (question: string, secondReading: boolean): Solved & { read: Rephrased } => {
  const read = rephrase(question);
  let solved: Solved;
  if (read.percentage) {
    const node = parse(read.text);
    const { exact, ...outcome } = solvePercentage(read.percentage);
    solved = { outcome, node };
    if (secondReading) {
      // The second reader compares the exact value; the answer shown may be rounded (13.0435 for 300/23).
      const second = withSecondReading(read.text, {
        outcome: { ...outcome, answer: { text: exact, latex: '' } },
        node,
      });
      solved = { outcome: { ...second.outcome, answer: outcome.answer }, node };
    }
  } else if (read.interval) {
    solved = solveInInterval(read.text, read.interval);
    if (secondReading) solved = withSecondReading(read.text, solved);
  } else {
    solved = secondReading ? readOutcome(read.text) : solveOutcome(read.text);
  }
  let outcome = withQualifiers(solved.outcome, read.qualifiers);
  // "Real solutions only" changed the answer (complex roots left out, or none left): the second reader reads the
  // new answer again, so that "no real solution" is checked on its own.
  if (
    secondReading &&
    (read.qualifiers.real || read.qualifiers.sign) &&
    outcome.answer.text !== solved.outcome.answer.text
  ) {
    const others = outcome.checks.filter((c) => c.kind !== SECOND_READING && c.kind !== SECOND_READING_UNAVAILABLE);
    const again = checkAgainstSecondReading(outcome.reading ?? readingOf(read.text), outcome.answer.text);
    outcome = { ...outcome, checks: [...others, again] };
  }
  if (read.letters) outcome = withLetters(outcome, read.letters);
  return { outcome, node: solved.node, read };
};

/**
 * The student's Greek letters (θ) back in the answer, where the engine read them as a spare letter (x); the
 * student's answer to grade is read the same way.
 */
const withLetters = (outcome: Outcome, letters: Record<string, string>): Outcome => {
  const greekOf = new Map(Object.entries(letters).map(([greek, latin]) => [latin, greek]));
  const back = (text: string): string => text.replace(/\b[a-z]\b/g, (latin) => greekOf.get(latin) ?? latin);
  const forward = (text: string): string =>
    Object.entries(letters).reduce((out, [greek, latin]) => out.replaceAll(greek, latin), text);
  return {
    ...outcome,
    answer: { text: back(outcome.answer.text), latex: back(outcome.answer.latex) },
    grade: (student) => outcome.grade(forward(student)),
  };
};

/** Whether the engine answers a text and every check of its answer passes: a rewrite is offered only then. */
const solvesAndChecks = (text: string): boolean => {
  try {
    const { checks } = solvePhrased(text, true).outcome;
    return checks.length > 0 && checks.every((c) => c.passed);
  } catch {
    return false;
  }
};

/** A refusal in the student's language (phrasing/explain-refusal.ts): what was read, what was not, what to ask. */
const explained = (question: string, refused: TutorAnswer): TutorAnswer => {
  const { reason, suggestion } = explainRefusal(question, refused.reason ?? '', solvesAndChecks);
  return { ...refused, reason, ...(suggestion ? { suggestion } : {}) };
};

/** Splits a system `x+y=3, x-y=1` (also `;`, `and`, new lines) into equations. */
const splitEquations = (body: string): string[] => {
  const parts = splitAnswers(body.replace(/\n/g, ';'));
  return parts.length > 1 && parts.every((p) => /[=<>]/.test(p)) ? parts : [body];
};

const guard = (node: Node): void => {
  const { count } = size(node);
  if (count > MAX_NODES) throw new Unsupported('the expression is too large to handle reliably');
};

const SYMBOLIC_KINDS = new Set([
  'derivative',
  'indefinite-integral',
  'definite-integral',
  'limit',
  'factor-polynomial',
  'expand-polynomial',
  'expand',
  'simplify',
  'simplify-rational-expression',
  'simplify-trig-expression',
]);

/**
 * Adds compute-engine's independent cross-check to a symbolic result. CE's own limits (it throws, times out, leaves
 * the integral unevaluated) skip it silently; a disagreement refuses the answer (`unsupported`): two independent
 * systems disagreeing means one of them is wrong, and we cannot tell which, so nothing is shown as checked.
 */
const withCrossCheck = (
  question: string,
  solved: { outcome: Outcome; node: Node },
  intent: CrossIntent,
  prepared: Prepared,
): { outcome: Outcome; node: Node } => {
  const { outcome, node } = solved;
  if (!SYMBOLIC_KINDS.has(outcome.kind) || node.k === 'rel') return solved;
  let result: Node;
  let lower: Node | undefined;
  let upper: Node | undefined;
  let point: Node | undefined;
  try {
    const answerText = outcome.answer.text.trimEnd();
    const constant = /\+\s*C$/.exec(answerText);
    result = parse(constant ? answerText.slice(0, constant.index) : answerText);
    if (outcome.kind === 'definite-integral') {
      if (prepared.lower === undefined || prepared.upper === undefined) return solved;
      lower = parse(prepared.lower);
      upper = parse(prepared.upper);
    }
    if (intent === 'limit') {
      if (prepared.point === undefined) return solved;
      point = parse(prepared.point);
    }
  } catch {
    return solved;
  }
  const check = crossCheck({
    intent,
    node,
    result,
    variable: prepared.variable ?? variables(node)[0] ?? 'x',
    lower,
    upper,
    point,
    seed: question,
  });
  if (!check) return solved;
  if (!check.passed)
    throw new Unsupported(
      `two independent methods disagree on this answer (${check.detail}), so no answer is given rather than a possibly wrong one`,
    );
  return { outcome: { ...outcome, checks: [...outcome.checks, check] }, node };
};

/** Solves and returns the engine's internal outcome (with grader and practice generator). */
const solveOutcome = (question: string): { outcome: Outcome; node: Node } => {
  const identity = solveTrig(question);
  if (identity) return identity;
  const prepared = prepare(question);
  if (prepared.intent === 'simplify') {
    const trig = solveTrig(question, prepared.body, prepared.variable);
    if (trig) return withCrossCheck(question, trig, 'simplify', prepared);
  }
  const isPercent = / %$/.test(prepared.body);
  const body = prepared.body.replace(/ %$/, '');
  if (prepared.intent === 'auto') {
    const pieces = splitEquations(body);
    if (pieces.length > 1) {
      const equations = pieces.map(parse);
      equations.forEach(guard);
      const node: Node = { k: 'call', fn: 'system', args: equations };
      return { outcome: solveLinearSystem(equations), node };
    }
  }
  // Words or marks of bounds left in the maths mean the bounds were not read: answering the integral without them
  // would answer another question (an antiderivative for a definite integral), so it is refused.
  if (prepared.intent === 'integral' && /\b(?:from|to|between|and|of|over|upper|lower|limits?)\b|[_[\]{}]/i.test(body))
    throw new Unsupported(
      'I could not tell where this integral starts and ends; write its bounds as "integral of x^2 from 0 to 3"',
    );
  if (prepared.intent === 'limit' && /\b(?:as|approaches|tends|goes|->)\b|->/i.test(body))
    throw new Unsupported(
      'I could not tell where the limit is taken; write it as "limit of (x^2 - 1)/(x - 1) as x -> 1"',
    );
  const node = parse(body);
  guard(node);
  const vars = variables(node);
  if (prepared.intent !== 'auto') {
    return withCrossCheck(
      question,
      { outcome: solveCalculus(prepared.intent, node, prepared), node },
      prepared.intent,
      prepared,
    );
  }
  if (node.k === 'rel' && node.op === '=') {
    if (vars.length === 0) throw new InvalidInput('the equation has no unknown to solve for');
    if (vars.length > 1) {
      if (!prepared.variable)
        throw new Unsupported(
          `one equation with ${vars.length} unknowns (${vars.join(', ')}): give as many equations as unknowns`,
        );
    }
    const v = prepared.variable ?? vars[0]!;
    try {
      if (vars.length > 1) throw new NotRational('several unknowns');
      return { outcome: solvePolynomialEquation(node, v), node };
    } catch (error) {
      if (!(error instanceof NotRational)) throw error;
      return { outcome: solveOther('equation', node, { ...prepared, variable: v }), node };
    }
  }
  if (node.k === 'rel' || (node.k === 'call' && node.fn === 'and')) {
    return { outcome: solveOther('inequality', node, prepared), node };
  }
  if (vars.length === 0) {
    return {
      outcome: solveArithmetic(node, `${isPercent ? `${body}%` : body} ${toText(node)}`, prepared.percentOf),
      node,
    };
  }
  return withCrossCheck(question, { outcome: solveOther('simplify', node, prepared), node }, 'simplify', prepared);
};

/** How prepare() reads the question, for the second reader (an outcome that knows better carries its own). */
const readingOf = (question: string): Reading => {
  const prepared = prepare(question);
  return {
    body: prepared.body,
    intent: prepared.intent,
    variable: prepared.variable,
    lower: prepared.lower,
    upper: prepared.upper,
    point: prepared.point,
    order: prepared.order,
    tangent: prepared.tangent,
  };
};

/**
 * The second reading (second-reader.ts: mathjs, no code shared with ours) joins the answer's checks: the answer
 * is "Checked" only when it agrees. A disagreement is a failed check that says so; an unreadable question a
 * failed "not confirmed" one.
 */
const withSecondReading = (
  question: string,
  solved: { outcome: Outcome; node: Node },
): { outcome: Outcome; node: Node } => {
  const { outcome } = solved;
  const check = checkAgainstSecondReading(outcome.reading ?? readingOf(question), outcome.answer.text);
  return { outcome: { ...outcome, checks: [...outcome.checks, check] }, node: solved.node };
};

/** solveOutcome with the second reading's check: what solve(), check() and practice() use. */
const readOutcome = (question: string): { outcome: Outcome; node: Node } =>
  withSecondReading(question, solveOutcome(question));

const refuse = (question: string, error: unknown): TutorAnswer => {
  if (error instanceof InvalidInput)
    return refusedAnswer(TOOL, 'invalid', 'unparseable', question, `I could not read this: ${error.message}.`);
  if (error instanceof Unsupported)
    return refusedAnswer(
      TOOL,
      'unsupported',
      'unsupported',
      question,
      `This is beyond what I can solve reliably: ${error.message}.`,
    );
  if (error instanceof RangeError)
    return refusedAnswer(
      TOOL,
      'unsupported',
      'unsupported',
      question,
      'the numbers involved are too large to handle reliably.',
    );
  throw error;
};

const toAnswer = (question: string, outcome: Outcome, node: Node): TutorAnswer => {
  let latex: string;
  try {
    latex = node.k === 'call' && node.fn === 'system' ? node.args.map(toLatex).join(' \\\\ ') : toLatex(node);
  } catch {
    latex = '';
  }
  return solvedAnswer({
    tool: TOOL,
    kind: outcome.kind,
    question: { text: question, latex },
    answer: outcome.answer,
    steps: outcome.steps,
    checks: outcome.checks,
    hints: outcome.hints,
  });
};

const solve = (question: string): TutorAnswer => {
  try {
    const { outcome, node } = solvePhrased(question, true);
    return toAnswer(question, outcome, node);
  } catch (error) {
    return explained(question, refuse(question, error));
  }
};

const check = (question: string, studentAnswer: string): CheckResult => {
  let outcome: Outcome;
  try {
    outcome = solvePhrased(question, true).outcome;
  } catch (error) {
    const refused = explained(question, refuse(question, error));
    return { correct: false, differences: [`the engine cannot check this question: ${refused.reason ?? ''}`] };
  }
  // A second reader that could not read the question is no evidence against the engine's answer: grading goes on.
  if (!outcome.checks.every((c) => c.passed || c.kind === SECOND_READING_UNAVAILABLE)) {
    return { correct: false, differences: ['the engine could not verify its own answer, so it cannot grade yours'] };
  }
  return outcome.grade(studentAnswer);
};

const practice = (question: string, options: PracticeOptions = {}): EnginePractice[] => {
  let outcome: Outcome;
  try {
    outcome = solvePhrased(question, false).outcome;
  } catch {
    return [];
  }
  const generate = outcome.similar;
  if (!generate) return [];
  const random = options.random ?? seeded(question);
  const count = options.count ?? 3;
  const out: EnginePractice[] = [];
  const seen = new Set<string>([question]);
  // Enough tries for a generator whose small spaces are mostly used up by `avoid`; each try that repeats is cheap.
  for (let attempt = 0; attempt < 30 + 20 * count && out.length < count; attempt++) {
    // Tidied before it is solved: the student reads exactly the question that was checked.
    const q = asExercise(naturalQuestion(generate(random)));
    if (seen.has(q) || options.avoid?.has(q)) continue;
    seen.add(q);
    const answer = solve(q);
    if (answer.status !== 'solved' || !answer.verified || answer.kind !== outcome.kind || !answer.answer) continue;
    out.push({ question: q, answer: answer.answer.text, verified: true, kind: answer.kind });
  }
  return out;
};

/**
 * Independently checks an answer written by someone else (an AI model) for a math question, without solving it:
 * for an equation or a system, the candidate values (`x = 2, x = 3`; `x = 1, y = 2`) are substituted into the
 * original equation(s) with the engine's evaluator (passed only if every value satisfies them); for "derivative
 * of f", the candidate is compared with a finite-difference derivative of f at random points.
 * @returns the check (it can fail, with the values that show it), or null when the question is not one of these
 * kinds, cannot be read, or the answer cannot be read as values / an expression
 */
export const checkCandidate = (question: string, answerText: string): Check | null => {
  try {
    const prepared = prepare(question);
    const body = prepared.body.replace(/ %$/, '');
    if (prepared.intent === 'derivative') {
      // Only a first derivative as a function is compared here; a value at a point or a higher order is not.
      if ((prepared.order ?? 1) > 1 || prepared.point !== undefined || prepared.tangent) return null;
      const f = parse(body);
      if (f.k === 'rel') return null;
      guard(f);
      const vars = variables(f);
      if (!prepared.variable && vars.length > 1) return null;
      return withSecondOpinion(
        checkDerivativeCandidate(f, prepared.variable ?? vars[0] ?? 'x', answerText, question),
        question,
        answerText,
      );
    }
    if (prepared.intent !== 'auto') return null;
    const pieces = splitEquations(body);
    const equations = pieces.map(parse);
    const relations: (Node & { k: 'rel' })[] = [];
    for (const e of equations) {
      if (e.k !== 'rel' || e.op !== '=') return null;
      guard(e);
      relations.push(e);
    }
    const unknowns = [...new Set(relations.flatMap((e) => variables(e)))];
    if (prepared.variable && unknowns.length > 1) return null; // parameters: the answer is a formula, not values
    return withSecondOpinion(checkEquationCandidate(relations, answerText), question, answerText);
  } catch {
    // Unreadable question or answer (or too large): no check, never a pass.
    return null;
  }
};

/** A passed candidate check stands only if the second reading does not contradict it. */
const withSecondOpinion = (check: Check | null, question: string, answerText: string): Check | null => {
  if (!check?.passed) return check;
  const second = checkAgainstSecondReading(readingOf(question), answerText);
  return second.kind === SECOND_READING && !second.passed ? second : check;
};

export const mathEngine: Engine = {
  tool: TOOL,
  solve: (question) => solve(question),
  check,
  practice,
};

export default mathEngine;

// The ReDoS test feeds hostile questions to the reader directly.
export { prepare };
