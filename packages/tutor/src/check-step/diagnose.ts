/**
 * Where a wrong line of working went wrong, told from the question and the line alone (the student's earlier lines
 * are not known): a term moved across the `=` sign without changing its sign, one side only divided or
 * multiplied, an inequality whose sign should have turned round, a slip in the numbers. Each test asks whether one
 * repair makes the line equivalent to the question; the first that does names the mistake.
 */
import type { StepMistake } from '@studyease/contract';
import { type Relation, degreeOf, polynomialOf, proportional, sideOf, termsOf, trimmed } from './lines';

export interface Diagnosis {
  mistake: StepMistake;
  message: string;
  next: string;
}

const MINUS = '−';

/** A number as a student writes it: `3`, `0.5`, `−2`. */
export const shown = (value: number): string => {
  const text = String(Number(value.toPrecision(10)));
  return text.startsWith('-') ? `${MINUS}${text.slice(1)}` : text;
};

const POWERS = ['', '', '²', '³', '⁴', '⁵'];

/** A polynomial with one non-zero coefficient as a signed term (`+3`, `−2x`, `+x²`), else undefined. */
export const monomial = (p: readonly number[], v: string): string | undefined => {
  const terms = trimmed(p)
    .map((c, power) => ({ c, power }))
    .filter(({ c }) => Math.abs(c) > 1e-12);
  const [only] = terms;
  if (terms.length !== 1 || only === undefined || only.power >= POWERS.length) return undefined;
  const size = Math.abs(only.c);
  const number = only.power > 0 && Math.abs(size - 1) < 1e-12 ? '' : shown(size);
  return `${only.c < 0 ? MINUS : '+'}${number}${only.power > 0 ? `${v}${POWERS[only.power] ?? ''}` : ''}`;
};

const add = (p: readonly number[], q: readonly number[], k = 1): number[] =>
  Array.from({ length: Math.max(p.length, q.length) }, (_, i) => (p[i] ?? 0) + k * (q[i] ?? 0));

/** A term moved across `=` without its sign changing: left term t gives Q − 2t, right term t gives Q + 2t. */
function signMoved(question: Relation, line: Relation, v: string, target: number[]): Diagnosis | undefined {
  const step = polynomialOf(line.left, line.right, v);
  if (step === undefined) return undefined;
  const sides: [Relation['left'], number][] = [
    [question.left, -2],
    [question.right, 2],
  ];
  for (const [side, factor] of sides) {
    for (const term of termsOf(side)) {
      const t = sideOf(term, v);
      if (t === undefined || trimmed(t).length === 0) continue;
      if (!proportional(step, add(target, t, factor))) continue;
      const written = monomial(t, v);
      const flipped = monomial(
        t.map((c) => -c),
        v,
      );
      return {
        mistake: 'sign',
        message:
          written === undefined || flipped === undefined
            ? 'A term seems to have crossed the = sign without changing its sign.'
            : `It looks like ${written} crossed the = sign without changing its sign: on the other side it becomes ${flipped}.`,
        next: 'Go back one line and move that term again: a term that crosses the = sign changes sign, + to − and − to +.',
      };
    }
  }
  return undefined;
}

/** Divisors worth trying: whole numbers a student divides by, and the question's own coefficients. */
const factorsToTry = (target: readonly number[]): number[] => {
  const found = new Set<number>();
  for (let k = 2; k <= 12; k += 1) found.add(k);
  for (const c of target) if (Math.abs(c) > 1e-12 && Math.abs(Math.abs(c) - 1) > 1e-12) found.add(Math.abs(c));
  return [...found].flatMap((k) => [k, 1 / k, -k, -1 / k]);
};

/** One side only divided (or multiplied): the line becomes right when that side alone is scaled back. */
function oneSide(line: Relation, v: string, target: number[]): Diagnosis | undefined {
  const left = sideOf(line.left, v);
  const right = sideOf(line.right, v);
  if (left === undefined || right === undefined) return undefined;
  for (const k of factorsToTry(target)) {
    const fixLeft = proportional(
      add(
        left.map((c) => c * k),
        right,
        -1,
      ),
      target,
    );
    const fixRight =
      !fixLeft &&
      proportional(
        add(
          left,
          right.map((c) => c * k),
          -1,
        ),
        target,
      );
    if (!fixLeft && !fixRight) continue;
    const side = fixLeft ? 'left' : 'right';
    // The side was divided by k when scaling it by k repairs the line (multiplied by 1/k otherwise).
    const divided = Math.abs(k) > 1;
    const by = shown(divided ? k : 1 / k);
    return {
      mistake: 'one-side',
      message: `It looks like only the ${side} side was ${divided ? 'divided' : 'multiplied'} by ${by}. Whatever you do to one side, do to the other side too.`,
      next: `Go back one line and ${divided ? 'divide' : 'multiply'} both sides by ${by}: every term on each side.`,
    };
  }
  return undefined;
}

/** Same unknown terms but other numbers (or the reverse): an arithmetic slip. */
function slip(line: Relation, v: string, target: number[]): Diagnosis | undefined {
  const step = polynomialOf(line.left, line.right, v);
  if (step === undefined || degreeOf(step) !== degreeOf(target) || degreeOf(target) < 1) return undefined;
  const withoutConstant = (p: readonly number[]): number[] => [0, ...p.slice(1)];
  if (proportional(withoutConstant(step), withoutConstant(target)))
    return {
      mistake: 'arithmetic',
      message: `Your ${v} terms are right, but a number is off: check the arithmetic with the numbers in your last move.`,
      next: 'Redo the arithmetic of the numbers in your last move, one side at a time.',
    };
  return {
    mistake: 'arithmetic',
    message: `Your line has the right shape, but the numbers in front of ${v} do not fit the question: check how you combined the ${v} terms.`,
    next: `Redo your last move, collecting the ${v} terms carefully (mind each term's sign).`,
  };
}

/**
 * @param question - the question's one relation
 * @param line - the student's one relation
 * @param v - the unknown
 * @returns what went wrong, when one repair explains it; undefined when none does
 */
export function diagnose(question: Relation, line: Relation, v: string): Diagnosis | undefined {
  const target = polynomialOf(question.left, question.right, v);
  if (target === undefined) return undefined;
  return signMoved(question, line, v, target) ?? oneSide(line, v, target) ?? slip(line, v, target);
}

const FLIPPED: Readonly<Record<Relation['op'], Relation['op']>> = {
  '<': '>',
  '>': '<',
  '<=': '>=',
  '>=': '<=',
  '=': '=',
};

/** The relation with its inequality sign turned round. */
export const flipped = (relation: Relation): Relation => ({ ...relation, op: FLIPPED[relation.op] });

export const DIRECTION: Diagnosis = {
  mistake: 'inequality-direction',
  message:
    'The inequality sign points the wrong way. When both sides are multiplied or divided by a negative number, the sign turns round: < becomes >, ≤ becomes ≥.',
  next: 'Turn the inequality sign round in your line, then carry on.',
};
