/**
 * Practice generators (issue #16) for the kinds whose own generator was missing or too small for a hundred fresh
 * questions: limits, rational expressions, trigonometric equations and identities, exponential and log equations.
 * Each writes a textbook question from random numbers; the engine then solves and checks it like any other, and
 * a question it cannot verify is never offered (math/index.ts, practice).
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- indexes drawn inside each list's length */
import { randInt } from './common';
import { IDENTITY_PRACTICE, SIMPLIFY_PRACTICE } from './trig/phrasing';

type Random = () => number;

const pickFrom = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** A polynomial from its coefficients, highest power first, as a teacher writes it: `x^2 - x - 6`. */
export const polynomialText = (coefficients: readonly number[], v = 'x'): string => {
  const degree = coefficients.length - 1;
  let text = '';
  coefficients.forEach((c, i) => {
    if (c === 0) return;
    const power = degree - i;
    const size = Math.abs(c);
    const body =
      power === 0 ? String(size) : `${size === 1 ? '' : String(size)}${v}${power === 1 ? '' : `^${String(power)}`}`;
    text += text === '' ? `${c < 0 ? '-' : ''}${body}` : ` ${c < 0 ? '-' : '+'} ${body}`;
  });
  return text === '' ? '0' : text;
};

/** (x - r1)(x - r2) multiplied out. */
const fromRoots = (r1: number, r2: number): number[] => [1, -(r1 + r2), r1 * r2];

/** Limits a first course asks: a removable 0/0, sin(kx)/(mx) at 0, a rational function at infinity, a polynomial. */
export const similarLimit = (random: Random): string => {
  switch (randInt(random, 0, 3)) {
    case 0: {
      const a = randInt(random, -6, 6, [0]);
      const r = randInt(random, -6, 6, [a]);
      return `lim x->${String(a)} (${polynomialText(fromRoots(a, r))})/(${polynomialText([1, -a])})`;
    }
    case 1: {
      const k = randInt(random, 2, 9);
      const m = randInt(random, 1, 5, [k]);
      return `lim x->0 sin(${String(k)}x)/${m === 1 ? 'x' : `(${String(m)}x)`}`;
    }
    case 2: {
      const top = [randInt(random, 1, 9), randInt(random, -9, 9), randInt(random, -9, 9)];
      const bottom = [randInt(random, 1, 9), randInt(random, -9, 9), randInt(random, -9, 9, [0])];
      return `lim x->inf (${polynomialText(top)})/(${polynomialText(bottom)})`;
    }
    default: {
      const a = randInt(random, -5, 5);
      return `lim x->${String(a)} (${polynomialText([randInt(random, 1, 6), randInt(random, -9, 9), randInt(random, -9, 9)])})`;
    }
  }
};

/** A rational expression with a common factor to cancel: (x + a)(x + b)/(x + a), or over (x + a)(x + c). */
export const similarRationalExpression = (random: Random): string => {
  const a = randInt(random, -7, 7, [0]);
  const b = randInt(random, -7, 7, [a]);
  if (random() < 0.5) return `simplify (${polynomialText(fromRoots(a, b))})/(${polynomialText([1, -a])})`;
  const c = randInt(random, -7, 7, [a, b]);
  return `simplify (${polynomialText(fromRoots(a, b))})/(${polynomialText(fromRoots(a, c))})`;
};

/** Exact values on the unit circle a textbook equation aims at, as numerator over denominator. */
const RATIONAL_VALUES: Readonly<Record<'sin' | 'cos' | 'tan', readonly (readonly [number, number])[]>> = {
  sin: [
    [1, 2],
    [-1, 2],
    [1, 1],
    [-1, 1],
    [0, 1],
  ],
  cos: [
    [1, 2],
    [-1, 2],
    [1, 1],
    [-1, 1],
    [0, 1],
  ],
  tan: [
    [1, 1],
    [-1, 1],
    [0, 1],
  ],
};
const ROOT_EQUATIONS = [
  '2sin(u) = sqrt(3)',
  '2sin(u) + sqrt(3) = 0',
  '2sin(u) = sqrt(2)',
  '2sin(u) + sqrt(2) = 0',
  '2cos(u) = sqrt(3)',
  '2cos(u) + sqrt(3) = 0',
  '2cos(u) = sqrt(2)',
  '2cos(u) + sqrt(2) = 0',
  'tan(u) = sqrt(3)',
  'tan(u) + sqrt(3) = 0',
  'sqrt(3)tan(u) = 1',
  'sqrt(3)tan(u) + 1 = 0',
  '2sin(u)^2 - 1 = 0',
  '2cos(u)^2 - 1 = 0',
  '4sin(u)^2 - 3 = 0',
  'tan(u)^2 = 3',
  '2sin(u)^2 - sin(u) - 1 = 0',
  '2cos(u)^2 + cos(u) - 1 = 0',
];

/** A trigonometric equation with exact solutions: a·f(kx) + c = d aimed at a unit-circle value, or a √ form. */
export const similarTrigEquation =
  (intervalText: string) =>
  (random: Random): string => {
    const angle = random() < 0.75 ? 'x' : pickFrom(random, ['2x', '3x']);
    if (random() < 0.3) return `solve ${pickFrom(random, ROOT_EQUATIONS).replaceAll('u', angle)}${intervalText}`;
    const fn = pickFrom(random, ['sin', 'cos', 'tan'] as const);
    const [n, d] = pickFrom(random, RATIONAL_VALUES[fn]);
    const m = randInt(random, 1, 3);
    const c = n === 0 ? 0 : randInt(random, -5, 5);
    const lhs = polynomialText([d * m, c], `${fn}(${angle})`);
    return `solve ${lhs} = ${String(n * m + c)}${intervalText}`;
  };

/** b^(mx + n) = b^k with a whole or simple fractional root. */
export const similarExponential = (random: Random): string => {
  const b = randInt(random, 2, 10);
  const k = randInt(random, 1, b <= 3 ? 5 : b <= 5 ? 4 : 3);
  const m = random() < 0.4 ? 1 : randInt(random, 1, 3);
  const n = random() < 0.4 ? 0 : randInt(random, -3, 3);
  const exponent = polynomialText([m, n]);
  return `solve ${String(b)}^${exponent === 'x' ? 'x' : `(${exponent})`} = ${String(b ** k)}`;
};

/** log_b(mx + n) = c with a whole root. */
export const similarLogarithmic = (random: Random): string => {
  const b = pickFrom(random, [2, 3, 4, 5, 10]);
  const c = randInt(random, 1, b <= 3 ? 4 : 2);
  const m = randInt(random, 1, 4);
  const x = randInt(random, 1, 12);
  const n = b ** c - m * x;
  return `solve log_${String(b)}(${polynomialText([m, n])}) = ${String(c)}`;
};

/** More identities than the chat's list, from the same textbook chapter; each verified by the engine (tests). */
const MORE_IDENTITIES = [
  'prove cos(x)^4 - sin(x)^4 = cos(2x)',
  'prove (1 + tan(x)^2) cos(x)^2 = 1',
  'prove sin(x)/(1 - cos(x)) = (1 + cos(x))/sin(x)',
  'prove cos(x - pi/2) = sin(x)',
  'prove sin(x + pi) = -sin(x)',
  'prove cos(x + pi) = -cos(x)',
  'prove sec(x) - cos(x) = sin(x) tan(x)',
  'prove csc(x) - sin(x) = cos(x) cot(x)',
  'prove (1 - sin(x))(1 + sin(x)) = cos(x)^2',
  'prove cos(x)/(1 - sin(x)) = (1 + sin(x))/cos(x)',
  'prove (sin(x) - cos(x))^2 = 1 - sin(2x)',
  'prove sin(x)^2 - sin(x)^4 = sin(x)^2 cos(x)^2',
  'prove tan(x)^2 - sin(x)^2 = tan(x)^2 sin(x)^2',
  'prove 1 - cos(2x) = 2 sin(x)^2',
  'prove sin(2x)/(1 + cos(2x)) = tan(x)',
  'prove cot(x) + tan(x) = 2 csc(2x)',
  'prove sec(x) csc(x) - cot(x) = tan(x)',
  'prove sin(x) cot(x) = cos(x)',
];
const MORE_SIMPLIFICATIONS = [
  'simplify sin(x) cot(x)',
  'simplify sec(x) cos(x)',
  'simplify (1 - sin(x)^2)/cos(x)',
  'simplify sin(x) sec(x)',
  'simplify 1 + tan(x)^2',
  'simplify (sin(x) + cos(x))^2 - 1',
  'simplify sin(2x)/sin(x)',
];
const IDENTITIES = [...IDENTITY_PRACTICE, ...MORE_IDENTITIES];
// Written without "*", as a book prints a product.
const SIMPLIFICATIONS = [...SIMPLIFY_PRACTICE, ...MORE_SIMPLIFICATIONS].map((text) => text.replaceAll('*', ' '));

/** The letters an identity is written in (a textbook uses x, θ, A or t). */
const ANGLE_LETTERS = ['x', 'θ', 'A', 't'];

/** An identity from the list, in one of the usual letters. */
export const similarIdentity = (random: Random): string =>
  inLetter(pickFrom(random, IDENTITIES), pickFrom(random, ANGLE_LETTERS));

/** A trigonometric expression to simplify from the list, in one of the usual letters. */
export const similarTrigSimplification = (random: Random): string =>
  inLetter(pickFrom(random, SIMPLIFICATIONS), pickFrom(random, ANGLE_LETTERS));

/** The same text with its angle letter x written as another one (`sin(2x)` → `sin(2θ)`). */
const inLetter = (text: string, letter: string): string => text.replace(/(?<![a-z])x(?![a-z])/g, letter);

/** A linear inequality (sometimes with a negative coefficient, which flips the sign) or a factorable quadratic one. */
export const similarInequality =
  (degree: number) =>
  (random: Random): string => {
    const op = pickFrom(random, ['<', '>', '<=', '>=']);
    if (degree === 2) {
      const r1 = randInt(random, -8, 8);
      const r2 = randInt(random, -8, 8, [r1]);
      return `solve ${polynomialText(fromRoots(r1, r2))} ${op} 0`;
    }
    const a = randInt(random, -9, 9, [0, 1, -1]);
    return `solve ${polynomialText([a, randInt(random, -20, 20, [0])])} ${op} ${String(randInt(random, -20, 20))}`;
  };
