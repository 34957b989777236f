/**
 * "Check my step": the student types their own next line for a question and hears whether it keeps the question's
 * solutions, where it went wrong if not, and a good next move. Two readers agree before a verdict: the engine
 * solves the question and the line, and mathjs (lines.ts, no code shared with the engine's parser) substitutes
 * the question's solutions into the line and the line's into the question. When they disagree, or the line cannot
 * be read, the answer is `unsupported` with a reason, never a guess.
 */
import type { CheckStepResult, ToolId, TutorAnswer } from '@studyease/contract';
import { MAX_STEP_LENGTH } from '@studyease/contract';
import { engineFor } from '../engines';
import { readable } from '../readable';
import { DIRECTION, type Diagnosis, diagnose, flipped } from './diagnose';
import {
  type Line,
  type Relation,
  type Value,
  holdsAt,
  lineHoldsAt,
  readLine,
  relationsOf,
  same,
  valueAt,
} from './lines';
import { nextMove } from './next-move';

const unsupported = (message: string): CheckStepResult => ({
  status: 'unsupported',
  equivalent: false,
  finished: false,
  message,
});

const right = (message: string, next: string, options: { equivalent?: boolean; finished?: boolean } = {}) =>
  ({
    status: 'right',
    equivalent: options.equivalent ?? true,
    finished: options.finished ?? false,
    message,
    next,
  }) satisfies CheckStepResult;

const wrong = (diagnosis: Diagnosis): CheckStepResult => ({
  status: 'wrong',
  equivalent: false,
  finished: false,
  message: diagnosis.message,
  mistake: diagnosis.mistake,
  next: diagnosis.next,
});

const NOT_CHECKED =
  'I could not check this step reliably, so I will not guess. Try writing it as one equation, like 2x − 8 = 0.';

/** The engine's answer to a question or a line, when it solved it and its own checks passed. */
const solvedByEngine = (text: string): TutorAnswer | undefined => {
  const answer = engineFor('math-solver')?.solve(text);
  return answer?.status === 'solved' && answer.verified && answer.answer !== null ? answer : undefined;
};

type Solutions = { kind: 'values'; values: Value[] } | { kind: 'none' } | { kind: 'all' };

/** `x = 2, x = 3`, `no solution`, `all real numbers` (the engine's answer text) as values of v. */
const solutionsOf = (answerText: string, v: string): Solutions | undefined => {
  if (/^no (?:real )?solution/iu.test(answerText)) return { kind: 'none' };
  if (/^all real numbers/iu.test(answerText)) return { kind: 'all' };
  const read = readLine(answerText);
  if (read === undefined) return undefined;
  const values: Value[] = [];
  for (const chain of read.alternatives)
    for (const relation of chain) {
      const name = (relation.left as { name?: unknown }).name;
      const value = valueAt(relation.right, {});
      if (relation.op !== '=' || name !== v || value === undefined) return undefined;
      values.push(value.im === 0 ? value.re : value);
    }
  return { kind: 'values', values };
};

const asComplex = (value: Value): { re: number; im: number } =>
  typeof value === 'number' ? { re: value, im: 0 } : value;
const contains = (values: readonly Value[], value: Value): boolean =>
  values.some((other) => same(asComplex(other), asComplex(value)));
const shownValue = (value: Value): string =>
  readable(typeof value === 'number' ? String(Number(value.toPrecision(10))) : `${value.re} + ${value.im}i`);

/** The line `x = 4` or `x = 2, x = 3` (or `x = 2 or x = 3`): nothing left but the values. */
const valuesWritten = (line: Line, v: string): Value[] | undefined => {
  const values: Value[] = [];
  for (const chain of line.alternatives)
    for (const relation of chain) {
      const name = (relation.left as { name?: unknown }).name;
      const value = valueAt(relation.right, {});
      if (relation.op !== '=' || name !== v || value === undefined) return undefined;
      values.push(value.im === 0 ? value.re : value);
    }
  return values;
};

/** One equation in one unknown: the solution sets compared, by the engine and by substitution. */
function checkEquation(question: Relation, questionText: string, typed: Line, v: string): CheckStepResult {
  let line = typed;
  const expected = solvedByEngine(questionText);
  const solutions = expected?.answer ? solutionsOf(expected.answer.text, v) : undefined;
  if (solutions === undefined) return unsupported(NOT_CHECKED);
  const written = valuesWritten(line, v);
  const one = relationsOf(line);
  let theirs: Solutions | undefined;
  if (written !== undefined) {
    // `x = 0, x = 3` lists values: each is one alternative (the line holds at 0 or at 3), not both at once.
    line = { ...line, alternatives: line.alternatives.flat().map((relation) => [relation]) };
    theirs = { kind: 'values', values: written };
  } else {
    const solved = solvedByEngine(line.text);
    theirs = solved?.answer ? solutionsOf(solved.answer.text, v) : undefined;
  }
  if (theirs === undefined) return unsupported(NOT_CHECKED);

  if (solutions.kind !== 'values' || theirs.kind !== 'values') {
    if (solutions.kind === theirs.kind)
      return right(
        solutions.kind === 'all'
          ? `Right: your line is true for every ${v}, like the question.`
          : `Right: your line has no solution, like the question.`,
        'Say what it means: every value works, or none does.',
        { finished: true },
      );
    if (
      theirs.kind === 'values' &&
      solutions.kind === 'none' &&
      theirs.values.every((value) => !lineHoldsAt(line, { [v]: value }))
    )
      return unsupported(NOT_CHECKED);
    return wrong(
      (one?.length === 1 && one[0] !== undefined ? diagnose(question, one[0], v) : undefined) ?? {
        mistake: 'other',
        message: `Your line does not have the same solutions as the question.`,
        next: 'Go back one line and redo your last move, one side at a time.',
      },
    );
  }

  // The second reader: mathjs substitutes each side's solutions into the other.
  const questionLine: Line = { alternatives: [[question]], text: questionText, variables: [v] };
  const kept = solutions.values.filter((value) => lineHoldsAt(line, { [v]: value }) === true);
  const extra = theirs.values.filter((value) => !contains(solutions.values, value));
  const lost = solutions.values.filter((value) => !contains(theirs.values, value));
  const engineSays = extra.length === 0 && lost.length === 0;
  const mathjsSays =
    kept.length === solutions.values.length &&
    theirs.values.every((value) => lineHoldsAt(questionLine, { [v]: value }) === true);
  if (engineSays !== mathjsSays) return unsupported(NOT_CHECKED);

  if (engineSays) {
    if (written !== undefined)
      return right(
        `Right, and that is the answer: ${written.map((value) => `${v} = ${shownValue(value)}`).join(', ')}.`,
        `Check it: substitute ${written.length > 1 ? 'each value' : 'it'} into the question and see that both sides come out equal.`,
        { finished: true },
      );
    return right(
      `Right: your line has the same solutions as the question.`,
      one?.length === 1 && one[0] !== undefined ? nextMove(one[0], v, false) : 'Carry on from your line.',
    );
  }

  // Extra values where the question is not defined: the fractions were cleared, a right move with a condition.
  const undefinedThere = extra.filter((value) => holdsAt(question, { [v]: value }) === undefined);
  if (lost.length === 0 && extra.length > 0 && undefinedThere.length === extra.length)
    return right(
      `Right, with one condition: ${extra.map((value) => `${v} = ${shownValue(value)}`).join(' and ')} solves your line but makes a denominator of the question zero, so it is not a solution.`,
      `Carry on, and reject ${extra.length > 1 ? 'those values' : 'that value'} at the end.`,
      { equivalent: false },
    );
  // Squaring both sides of a root equation is a right move that can add solutions: they are checked at the end.
  const hasRoot = [question.left, question.right].some(
    (side) => side.filter((node) => node.type === 'FunctionNode' && node.toString().startsWith('sqrt')).length > 0,
  );
  if (hasRoot && lost.length === 0 && extra.length > 0)
    return right(
      `Right, with one condition: squaring both sides added ${extra.map((value) => `${v} = ${shownValue(value)}`).join(' and ')}, which solves your line but not the question.`,
      'Carry on, and check every value in the question at the end: keep only those that work there.',
      { equivalent: false },
    );
  if (lost.length > 0 && extra.length === 0 && theirs.values.length > 0)
    return wrong({
      mistake: 'lost-root',
      message: `Your line has lost a solution of the question. Dividing both sides by something with ${v} in it throws away the values that make it zero (and a square root needs ±).`,
      next: `Go back one line, move every term to one side and factor instead of dividing by ${v}.`,
    });
  if (lost.length === 0 && extra.length > 0)
    return wrong({
      mistake: 'extra-root',
      message: `Your line has a solution the question does not have (${extra.map((value) => `${v} = ${shownValue(value)}`).join(', ')}). Squaring both sides, or multiplying by something with ${v} in it, can add one.`,
      next: 'Go back one line and redo that move; if you squared both sides, check every value in the question at the end.',
    });
  const found = one?.length === 1 && one[0] !== undefined ? diagnose(question, one[0], v) : undefined;
  if (found !== undefined) return wrong(found);
  const sample = theirs.values.find((value) => typeof value === 'number');
  return wrong({
    mistake: 'other',
    message:
      sample === undefined
        ? 'Your line does not have the same solutions as the question.'
        : `Your line does not have the same solutions as the question: ${v} = ${shownValue(sample)} solves your line but not the question.`,
    next: 'Go back one line and redo your last move, one side at a time.',
  });
}

/** Points where two inequalities in one unknown are compared: a grid, far values, and around every boundary. */
const samplePoints = (boundaries: readonly number[]): number[] => {
  const points = new Set<number>([-1e6, -1000, 1000, 1e6]);
  for (let x = -100; x <= 100; x += 0.25) points.add(x);
  for (const b of boundaries) for (const d of [-1e-6, 0, 1e-6, -0.5, 0.5]) points.add(b + d);
  return [...points];
};

/** Where a relation's two sides are equal, by the engine (the boundaries of an inequality's solution). */
const boundariesOf = (relations: readonly Relation[], v: string): number[] => {
  const found: number[] = [];
  for (const relation of relations) {
    const equation = `${relation.left.toString()} = ${relation.right.toString()}`;
    const solved = solvedByEngine(equation);
    const solutions = solved?.answer ? solutionsOf(solved.answer.text, v) : undefined;
    if (solutions?.kind === 'values')
      for (const value of solutions.values) if (typeof value === 'number') found.push(value);
  }
  return found;
};

/** One inequality in one unknown: the engine's solution set and the line compared at sample points by mathjs. */
function checkInequality(question: Relation, questionText: string, line: Line, v: string): CheckStepResult {
  const expected = solvedByEngine(questionText);
  const answerLine = expected?.answer ? readLine(expected.answer.text) : undefined;
  if (answerLine === undefined) return unsupported(NOT_CHECKED);
  const questionLine: Line = { alternatives: [[question]], text: questionText, variables: [v] };
  const lineRelations = line.alternatives.flat();
  const points = samplePoints([
    ...boundariesOf([question], v),
    ...boundariesOf(lineRelations, v),
    ...answerLine.alternatives.flat().flatMap((r) => {
      const value = valueAt(r.right, {}) ?? valueAt(r.left, {});
      return value === undefined ? [] : [value.re];
    }),
  ]);
  const agreeAt = (a: Line, b: Line): boolean =>
    points.every((x) => {
      const ha = lineHoldsAt(a, { [v]: x });
      const hb = lineHoldsAt(b, { [v]: x });
      return ha === undefined || hb === undefined || ha === hb;
    });
  // The engine's answer and the question itself must agree before anything is said about the student's line.
  if (!agreeAt(answerLine, questionLine)) return unsupported(NOT_CHECKED);
  const one = relationsOf(line);
  const single = one?.length === 1 ? one[0] : undefined;
  if (agreeAt(line, questionLine)) {
    const finished =
      line.alternatives.every((chain) =>
        chain.every((r) => (r.left as { name?: unknown }).name === v || (r.right as { name?: unknown }).name === v),
      ) &&
      line.alternatives.flat().every((r) => valueAt(r.left, {}) !== undefined || valueAt(r.right, {}) !== undefined);
    if (finished)
      return right(
        'Right, and that is the answer.',
        `Check it: pick a value of ${v} inside your answer and one outside, and try both in the question.`,
        { finished: true },
      );
    return right(
      'Right: your line has the same solutions as the question.',
      single === undefined ? 'Carry on from your line.' : nextMove(single, v, true),
    );
  }
  if (one !== undefined) {
    const turned: Line = { ...line, alternatives: [one.map(flipped)] };
    if (agreeAt(turned, questionLine)) return wrong(DIRECTION);
  }
  const found = single !== undefined ? diagnose(question, { ...single, op: '=' }, v) : undefined;
  return wrong(
    found ?? {
      mistake: 'other',
      message: 'Your line does not have the same solutions as the question.',
      next: 'Go back one line and redo your last move, one side at a time.',
    },
  );
}

/** A system: the student's line must hold at the system's solution (found by the engine, confirmed by mathjs). */
function checkSystem(questionRelations: readonly Relation[], questionText: string, line: Line): CheckStepResult {
  const expected = solvedByEngine(questionText);
  const answer = expected?.answer ? readLine(expected.answer.text) : undefined;
  const assignments = answer === undefined ? undefined : relationsOf(answer);
  if (assignments === undefined)
    return unsupported('I can check steps of a system only when it has exactly one solution.');
  const solution: Record<string, Value> = {};
  for (const relation of assignments) {
    const name = (relation.left as { name?: unknown }).name;
    const value = valueAt(relation.right, {});
    if (relation.op !== '=' || typeof name !== 'string' || value === undefined) return unsupported(NOT_CHECKED);
    solution[name] = value.re;
  }
  if (!questionRelations.every((relation) => holdsAt(relation, solution) === true)) return unsupported(NOT_CHECKED);
  const relations = relationsOf(line);
  if (relations === undefined || relations.some((r) => r.op !== '=')) return unsupported(NOT_CHECKED);
  const holds = relations.map((relation) => holdsAt(relation, solution));
  if (holds.some((h) => h === undefined)) return unsupported(NOT_CHECKED);
  const names = Object.keys(solution);
  if (holds.every(Boolean)) {
    const written = relations.every(
      (r) => valueAt(r.right, {}) !== undefined && typeof (r.left as { name?: unknown }).name === 'string',
    );
    const covered = new Set(relations.map((r) => (r.left as { name?: unknown }).name));
    if (written && names.every((name) => covered.has(name)))
      return right(
        'Right, and that is the answer.',
        'Check it: substitute the values into every equation of the question.',
        { finished: true },
      );
    const left = names.filter((name) => line.variables.includes(name));
    const next =
      left.length === 1 && written
        ? `Substitute ${line.text} into one of the question's equations to find the other unknown.`
        : left.length === 1
          ? `Solve your line for ${left[0] ?? ''}.`
          : 'Eliminate one unknown: add or subtract a multiple of another equation so that it cancels.';
    return right('Right: your line is true at the system’s solution, so it follows from the equations.', next, {
      equivalent: false,
    });
  }
  return wrong({
    mistake: 'other',
    message: 'Your line is not true at the system’s solution, so a move went wrong on the way.',
    next: 'If you added or subtracted equations, do it to every term on both sides, signs included; if you substituted, put what you substitute in brackets.',
  });
}

/**
 * Checks a student's own next line of working against the question.
 * @param tool - the tool the question was asked of (math only, for now)
 * @param question - the question as the student asked it
 * @param step - the student's next line, e.g. `2x - 8 = 0`
 * @returns whether the line is right (same solutions), where it went wrong if not, and a good next move
 */
export function checkStep(tool: ToolId, question: string, step: string): CheckStepResult {
  if (tool !== 'math-solver')
    return unsupported('Check my step works for equations, inequalities and systems in the Math Solver for now.');
  if (step.length > MAX_STEP_LENGTH)
    return unsupported(
      `Your line is too long: type one line of working (at most ${String(MAX_STEP_LENGTH)} characters).`,
    );
  let asked: Line | undefined;
  let line: Line | undefined;
  try {
    asked = readLine(question);
    line = readLine(step);
  } catch {
    return unsupported(NOT_CHECKED);
  }
  if (asked === undefined)
    return unsupported(
      'Check my step works for equations, inequalities and systems; this question is not one of them.',
    );
  if (line === undefined)
    return unsupported('I could not read your line. Type it as an equation (or an inequality), like 2x − 8 = 0.');
  const relations = relationsOf(asked);
  if (relations === undefined) return unsupported(NOT_CHECKED);
  const strange = line.variables.filter((name) => !asked.variables.includes(name));
  if (strange.length > 0)
    return unsupported(
      `Your line uses ${strange.join(', ')}, which is not in the question. Use the question's letters.`,
    );
  try {
    if (relations.length > 1) return checkSystem(relations, question, line);
    const [only] = relations;
    const [v] = asked.variables;
    if (only === undefined || v === undefined || asked.variables.length > 1) return unsupported(NOT_CHECKED);
    return only.op === '=' ? checkEquation(only, question, line, v) : checkInequality(only, question, line, v);
  } catch (error) {
    console.error('[tutor] check-step failed', error);
    return unsupported(NOT_CHECKED);
  }
}
