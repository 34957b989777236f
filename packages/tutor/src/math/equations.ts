/**
 * Equations in one variable whose sides are polynomials or fractions of polynomials: linear, quadratic (real,
 * irrational, complex roots), higher degree with rational roots, and equations with fractions (roots that make a
 * denominator zero are rejected). Exact throughout; every root is then substituted into the original equation.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import type { Check, Step } from '@studyease/contract';
import { type Node, Unsupported, add, div, mul, neg, num, sym, call } from './ast';
import { type Outcome, fmt, randInt, step } from './common';
import { type C, Undefined, close, evaluate } from './evaluate';
import { gradeRoots } from './grade';
import { type Poly, degree, pdivmod, peval, polyToNode, primitive, rationalRoots, toRatFn, lead } from './poly';
import { toLatex, toText } from './print';
import * as R from '../rational';
import type { Q } from '../rational';

export interface Root {
  node: Node;
  value: C;
  exact?: Q;
}

const rel = (a: Node, b: Node): Node => ({ k: 'rel', op: '=', a, b });

/** Exact roots of a x^2 + b x + c (integers, a > 0): rational, `(5 + sqrt(13))/2`, or `-1 + 2*i`. */
export const quadraticRoots = (a: bigint, b: bigint, c: bigint): { roots: Root[]; disc: bigint } => {
  const disc = b * b - 4n * a * c;
  if (disc === 0n) {
    const r = R.q(-b, 2n * a);
    return { roots: [{ node: num(r), value: { re: R.toNumber(r), im: 0 }, exact: r }], disc };
  }
  const { k, m } = R.splitSquare(disc < 0n ? -disc : disc);
  if (disc > 0n && m === 1n) {
    const r1 = R.q(-b + k, 2n * a);
    const r2 = R.q(-b - k, 2n * a);
    const sorted = R.cmp(r1, r2) < 0 ? [r1, r2] : [r2, r1];
    return { roots: sorted.map((r) => ({ node: num(r), value: { re: R.toNumber(r), im: 0 }, exact: r })), disc };
  }
  // (-b ± k·sqrt(m)·[i]) / (2a), reduced by the common factor of -b, k and 2a.
  const g = R.gcd(R.gcd(b, k), 2n * a);
  const B = -b / g;
  const K = k / g;
  const A = (2n * a) / g;
  const radical: Node[] = [];
  if (K !== 1n) radical.push(num(K));
  if (m !== 1n) radical.push(call('sqrt', num(m)));
  if (disc < 0n) radical.push(sym('i'));
  const surd = radical.length === 1 ? radical[0]! : mul(...radical);
  const make = (sign: 1 | -1): Root => {
    const part = sign > 0 ? surd : neg(surd);
    const top = B === 0n ? part : add(num(B), part);
    const node = A === 1n ? top : div(top, num(A));
    const s = (Number(K) * Math.sqrt(Number(m))) / Number(A);
    const re = Number(B) / Number(A);
    return { node, value: disc < 0n ? { re, im: sign * s } : { re: re + sign * s, im: 0 } };
  };
  const roots = [make(1), make(-1)];
  if (disc > 0n) roots.sort((x, y) => x.value.re - y.value.re);
  return { roots, disc };
};

const polyText = (p: Poly, v: string): Node => polyToNode(p, v);

/**
 * A linear equation the way a teacher writes it: expand brackets, bring the unknown to one side, then the numbers
 * to the other, then divide; one operation per step, done to both sides, with the student's numbers, and no step
 * that does nothing (adding 0, dividing by 1).
 * @returns the steps, or null when a side is not a polynomial of degree ≤ 1 (fractions: the clearing path)
 */
const linearSteps = (equation: Node & { k: 'rel' }, v: string): Step[] | null => {
  let left: Poly;
  let right: Poly;
  try {
    const l = toRatFn(equation.a, v);
    const r = toRatFn(equation.b, v);
    if (l.den.length !== 1 || r.den.length !== 1) return null;
    const [ld, rd] = [l.den[0]!, r.den[0]!];
    left = l.num.map((c) => R.div(c, ld));
    right = r.num.map((c) => R.div(c, rd));
  } catch {
    return null;
  }
  if (left.length > 2 || right.length > 2) return null;
  let [b1, a1] = [left[0] ?? R.ZERO, left[1] ?? R.ZERO];
  let [b2, a2] = [right[0] ?? R.ZERO, right[1] ?? R.ZERO];
  const side = (a: Q, b: Q): Node => polyText([b, a], v);
  const now = (): Node => rel(side(a1, b1), side(a2, b2));
  const amount = (q: Q, withVariable: boolean): string => {
    const size = R.toFraction(R.sign(q) < 0 ? R.neg(q) : q);
    if (!withVariable) return size;
    return size === '1' ? v : `${size}${v}`;
  };
  const steps: Step[] = [];
  const expanded = now();
  if (toText(expanded) !== toText(equation))
    steps.push(
      step('Expand and tidy each side', 'Multiply out the brackets and collect like terms on each side.', expanded),
    );
  // Unknowns to the side where they stay positive (or the left), numbers to the other.
  const toLeft = R.cmp(a1, a2) > 0 || R.isZero(a2);
  if (!R.isZero(a1) && !R.isZero(a2)) {
    const moved = toLeft ? a2 : a1;
    const verb = R.sign(moved) > 0 ? 'Subtract' : 'Add';
    const word = R.sign(moved) > 0 ? 'from' : 'to';
    [a1, a2] = [R.sub(a1, moved), R.sub(a2, moved)];
    steps.push(
      step(`${verb} ${amount(moved, true)} ${word} both sides`, `The ${v} terms are now on one side only.`, now()),
    );
  } else if (R.isZero(a1) && !R.isZero(a2)) {
    // Unknown only on the right: swap the sides so the answer reads x = ….
    [a1, b1, a2, b2] = [a2, b2, a1, b1];
    steps.push(step('Swap the sides', `Write the side with ${v} on the left.`, now()));
  }
  const onLeft = !R.isZero(a1);
  const [a, b] = onLeft ? [a1, b1] : [a2, b2];
  if (R.isZero(a)) return null;
  if (!R.isZero(b)) {
    const verb = R.sign(b) > 0 ? 'Subtract' : 'Add';
    const word = R.sign(b) > 0 ? 'from' : 'to';
    if (onLeft) [b1, b2] = [R.ZERO, R.sub(b2, b1)];
    else [b2, b1] = [R.ZERO, R.sub(b1, b2)];
    steps.push(step(`${verb} ${amount(b, false)} ${word} both sides`, `The numbers are now on the other side.`, now()));
  }
  if (!R.isOne(a)) {
    const value = onLeft ? b2 : b1;
    const result = rel(sym(v), num(R.div(value, a)));
    const reciprocal = R.div(R.ONE, a);
    // x/3 = 2: multiplying by 3 is what a teacher writes; 3x = 18: dividing by 3.
    const title =
      !R.isInt(a) && R.isInt(reciprocal)
        ? `Multiply both sides by ${R.toFraction(reciprocal)}`
        : `Divide both sides by ${R.toFraction(a)}`;
    steps.push(step(title, `${v} is now alone.`, result));
  } else if (!onLeft) {
    steps.push(step('Swap the sides', `Write ${v} on the left.`, rel(sym(v), num(b1))));
  }
  return steps;
};

/** What the degree of the cleared equation gives: the roots (or a phrase), with the steps and hints that found them. */
interface Found {
  kind: string;
  roots: Root[];
  /** `all real numbers` or `no solution`, in place of roots. */
  phrase?: string | undefined;
  steps: Step[];
  hints: string[];
}

/** Degree below 0: the cleared equation is 0 = 0. */
const identityCase = (v: string, fractions: boolean): Found => {
  if (fractions) throw new Unsupported('an identity with excluded values is not supported yet');
  return {
    kind: 'identity',
    roots: [],
    phrase: 'all real numbers',
    steps: [step('Interpret', `Both sides are equal for every ${v}: the equation is an identity.`)],
    hints: [
      `This is a linear equation in ${v}: simplify each side first (expand brackets, collect like terms).`,
      'Compare the two sides: are they the same expression?',
    ],
  };
};

/** Degree 0: a non-zero constant is left. */
const noSolutionCase = (v: string, fractions: boolean): Found => ({
  kind: fractions ? 'rational-equation' : 'linear-equation',
  roots: [],
  phrase: 'no solution',
  steps: [step('Interpret', `The ${v} terms cancel and a false statement remains, so no value of ${v} works.`)],
  hints: [
    `This is ${fractions ? 'an equation with fractions' : 'a linear equation'} in ${v}: simplify each side first.`,
    `Collect the ${v} terms on one side: what happens to them?`,
  ],
});

const linearCase = (p: Poly, v: string, fractions: boolean): Found => {
  const [c0, c1] = [p[0]!, p[1]!];
  const r = R.div(R.neg(c0), c1);
  return {
    kind: fractions ? 'rational-equation' : 'linear-equation',
    roots: [{ node: num(r), value: { re: R.toNumber(r), im: 0 }, exact: r }],
    steps: [
      step(
        'Isolate the variable',
        `Move the constant to the other side, then divide by the coefficient ${R.toFraction(c1)}.`,
        rel(sym(v), num(r)),
      ),
    ],
    // Moves, not a fixed intermediate line: a student who reached 2x − 8 = 0 instead of x − 4 = 0 is on a
    // right path too, so no hint names an equation the student must match.
    hints: [
      fractions
        ? `This is an equation with fractions: multiply both sides by the common denominator, then get ${v} alone.`
        : `This is a linear equation: get ${v} alone on one side.`,
      `Collect the ${v} terms on one side and the numbers on the other: add or subtract the same thing on both sides.`,
      `When one number times ${v} is left on its own, divide both sides by that number.`,
    ],
  };
};

/** A coefficient in the working, in brackets when negative (`4 · (-2) · 3`). */
const bracketed = (n: bigint): string => (n < 0n ? `\\left(${n}\\right)` : String(n));

const quadraticCase = (p: Poly, v: string, fractions: boolean): Found => {
  const [c, b, a] = p.map((x) => x.n) as [bigint, bigint, bigint];
  const { roots, disc } = quadraticRoots(a, b, c);
  return {
    kind: fractions ? 'rational-equation' : 'quadratic-equation',
    roots,
    steps: [
      // Words in the explanation, the working in `latex`: each step shows its maths once.
      step(
        'Identify a, b and c',
        `Compare with the form a${v}² + b${v} + c = 0: a is the number in front of ${v}², b the one in front of ${v}, c the constant.`,
        `a = ${a},\\quad b = ${b},\\quad c = ${c}`,
      ),
      step(
        'Compute the discriminant',
        'Put a, b and c into D = b² − 4ac. ' +
          (disc > 0n
            ? 'D is positive, so there are two real roots.'
            : disc === 0n
              ? 'D is 0, so there is one (double) root.'
              : 'D is negative, so there is no real solution; the two roots are complex conjugates.'),
        `D = b^2 - 4ac = ${bracketed(b)}^2 - 4 \\cdot ${bracketed(a)} \\cdot ${bracketed(c)} = ${disc}`,
      ),
      step(
        'Apply the quadratic formula',
        'Put b, a and D into the quadratic formula, then simplify.',
        `${v} = \\frac{-b \\pm \\sqrt{D}}{2a} = \\frac{${-b} \\pm \\sqrt{${disc}}}{${2n * a}}`,
      ),
    ],
    // No values of a, b, c or D: they depend on how the student arranged the equation (2x² + 16x = 0 or
    // x² + 8x = 0 are both right), so the hints name the moves.
    hints: [
      `This is a quadratic equation: move every term to one side so that the other side is 0.`,
      `Read off a, b and c, the numbers in front of ${v}², ${v} and the constant. Can you factor it? If not, use the quadratic formula.`,
      `Work out the discriminant D = b² − 4ac: below 0 means no real solution, 0 means one.`,
      `Put a, b and D into ${v} = (−b ± √D) / (2a) and simplify each root.`,
    ],
  };
};

/** Degree 3 or more: rational roots split off until at most a quadratic factor remains. */
const higherDegreeCase = (p: Poly, deg: number, v: string): Found => {
  const { roots: rational, rest } = rationalRoots(p);
  if (degree(rest) > 2)
    throw new Unsupported(
      `this degree-${deg} equation has no rational roots to split off, which the engine cannot solve exactly`,
    );
  let roots: Root[] = [...new Map(rational.map((r) => [R.toFraction(r), r])).values()].map((r) => ({
    node: num(r),
    value: { re: R.toNumber(r), im: 0 },
    exact: r,
  }));
  const steps = [
    step(
      'Find rational roots',
      `By the rational root theorem, try ± (divisors of ${p[0]!.n}) / (divisors of ${lead(p).n}). ` +
        `Roots found: ${rational.map(R.toFraction).join(', ') || 'none'}.`,
    ),
  ];
  if (degree(rest) === 2) {
    const [c, b, a] = rest.map((x) => x.n) as [bigint, bigint, bigint];
    const { roots: more, disc } = quadraticRoots(a, b, c);
    steps.push(
      step('Solve the quadratic factor', `The remaining factor ${toText(polyText(rest, v))} has discriminant ${disc}.`),
    );
    roots.push(...more);
  } else if (degree(rest) === 1) {
    const r = R.div(R.neg(rest[0]!), rest[1]!);
    roots.push({ node: num(r), value: { re: R.toNumber(r), im: 0 }, exact: r });
  }
  // Duplicates (a rational root of the quadratic factor) are listed once.
  roots = roots.filter((r, index) => roots.findIndex((o) => close(o.value, r.value, 1e-12)) === index);
  roots.sort((x, y) => x.value.re - y.value.re || y.value.im - x.value.im);
  return {
    kind: 'polynomial-equation',
    roots,
    steps,
    hints: [
      'This is a polynomial equation of degree 3 or more: look for roots that are whole numbers or fractions.',
      'Try small divisors of the constant term; a root r gives a factor (x - r).',
      'Divide out each factor you find until a quadratic remains, then use the quadratic formula.',
    ],
  };
};

const solveByDegree = (p: Poly, deg: number, v: string, fractions: boolean): Found => {
  if (deg < 0) return identityCase(v, fractions);
  if (deg === 0) return noSolutionCase(v, fractions);
  if (deg === 1) return linearCase(p, v, fractions);
  if (deg === 2) return quadraticCase(p, v, fractions);
  return higherDegreeCase(p, deg, v);
};

/** Roots that make a denominator of the ORIGINAL equation zero (they were introduced by clearing fractions). */
const splitExtraneous = (
  roots: Root[],
  denominators: Poly[],
  difference: Node,
  v: string,
): { kept: Root[]; rejected: Root[] } => {
  const rejected: Root[] = [];
  const kept = roots.filter((r) => {
    const bad = denominators.some((d) => (r.exact ? R.isZero(peval(d, r.exact)) : false));
    let undefinedThere = bad;
    if (!undefinedThere) {
      try {
        evaluate(difference, { [v]: r.value });
      } catch (error) {
        if (!(error instanceof Undefined)) throw error;
        undefinedThere = true;
      }
    }
    if (undefinedThere) rejected.push(r);
    return !undefinedThere;
  });
  return { kept, rejected };
};

/** Each root substituted into both sides of the original equation. */
const substitutionChecks = (equation: Node & { k: 'rel' }, roots: Root[], v: string): Check[] =>
  roots.map((r) => {
    let passed = false;
    let detail: string;
    try {
      const left = evaluate(equation.a, { [v]: r.value });
      const right = evaluate(equation.b, { [v]: r.value });
      passed = close(left, right, 1e-9);
      detail = `${v} = ${toText(r.node)}: left side ${fmt(left)}, right side ${fmt(right)}`;
    } catch (error) {
      if (!(error instanceof Undefined)) throw error;
      detail = `${v} = ${toText(r.node)}: the equation is undefined there`;
    }
    return { kind: 'substitution', passed, detail };
  });

/**
 * A real check of "no solution": the cleared equation has no admissible root, tested numerically at the rejected
 * roots (each must make a denominator zero) or, with none, the difference is a non-zero constant.
 */
const noSolutionCheck = (difference: Node, denominators: Poly[], rejected: Root[], v: string): Check => {
  const samples = [0.5, 1.7, -2.3, 3.1];
  let passed = true;
  for (const s of samples) {
    try {
      const value = evaluate(difference, { [v]: { re: s, im: 0 } });
      if (Math.abs(value.re) < 1e-12 && Math.abs(value.im) < 1e-12) passed = false;
    } catch (error) {
      if (!(error instanceof Undefined)) throw error;
    }
  }
  for (const r of rejected) {
    try {
      evaluate(difference, { [v]: r.value });
      if (!denominators.some((d) => r.exact && R.isZero(peval(d, r.exact)))) passed = false;
    } catch {
      // undefined there, as expected
    }
  }
  return {
    kind: 'no-solution',
    passed,
    detail: rejected.length
      ? 'every candidate makes a denominator zero'
      : 'the two sides differ by a non-zero constant at sample points',
  };
};

const identityCheck = (equation: Node & { k: 'rel' }, v: string): Check => {
  const ok = [0.5, 1.7, -2.3].every((s) => {
    const l = evaluate(equation.a, { [v]: { re: s, im: 0 } });
    const r = evaluate(equation.b, { [v]: { re: s, im: 0 } });
    return close(l, r);
  });
  return { kind: 'identity', passed: ok, detail: 'both sides agree at sample points' };
};

/**
 * Solves `lhs = rhs` in `v`; throws NotRational when the sides are not rational functions of `v`. In steps: clear
 * the fractions, solve by degree, reject extraneous roots, then check by substitution.
 */
export const solvePolynomialEquation = (equation: Node & { k: 'rel' }, v: string): Outcome => {
  const difference: Node = add(equation.a, neg(equation.b));
  const denominators: Poly[] = [];
  const f = toRatFn(difference, v, denominators);
  const p = primitive(f.num);
  const deg = degree(p);
  const steps = [step('Read the equation', `We solve for ${v}.`, equation)];
  if (denominators.length) {
    steps.push(
      step(
        'Clear the fractions',
        `Multiply both sides by the common denominator. Remember that ${v} may not make any denominator zero: ` +
          `${denominators.map((d) => `${toText(polyText(d, v))} ≠ 0`).join(', ')}.`,
        rel(polyText(p, v), num(0)),
      ),
    );
  }
  const teacher = deg === 1 && !denominators.length ? linearSteps(equation, v) : null;
  if (teacher) steps.push(...teacher);
  else if (!denominators.length) {
    steps.push(
      step(
        'Move everything to one side',
        'Collect like terms so that the right side is 0.',
        rel(polyText(p, v), num(0)),
      ),
    );
  }

  const found = solveByDegree(p, deg, v, denominators.length > 0);
  const { kind, hints } = found;
  let { phrase } = found;
  if (!teacher) steps.push(...found.steps);
  const { kept: roots, rejected } = splitExtraneous(found.roots, denominators, difference, v);
  if (rejected.length) {
    steps.push(
      step(
        'Reject extraneous roots',
        `${rejected.map((r) => `${v} = ${toText(r.node)}`).join(', ')} makes a denominator zero, so it is not a solution.`,
      ),
    );
    if (roots.length === 0) phrase = 'no solution';
  }

  const checks = substitutionChecks(equation, roots, v);
  if (phrase === 'no solution') checks.push(noSolutionCheck(difference, denominators, rejected, v));
  if (phrase === 'all real numbers') checks.push(identityCheck(equation, v));

  const answerNodes = roots.map((r) => rel(sym(v), r.node));
  const text = phrase ?? answerNodes.map(toText).join(', ');
  const latex = phrase ? `\\text{${phrase}}` : answerNodes.map(toLatex).join(',\\; ');
  steps.push(
    step('Answer', phrase ? `The answer: ${phrase}.` : `The solution${roots.length > 1 ? 's are' : ' is'} ${text}.`),
  );
  const values = roots.map((r) => r.value);
  return {
    kind,
    answer: { text, latex },
    steps,
    checks,
    hints: hints.slice(0, 4),
    grade: (student) => gradeRoots(v, values, student, phrase),
    similar:
      kind === 'rational-equation'
        ? similarRational
        : deg === 1
          ? similarLinear
          : deg === 2
            ? similarQuadratic
            : undefined,
  };
};

// Practice generators: new numbers with nice (integer) roots and no degenerate cases.
const signed = (n: number): string => (n < 0 ? `- ${-n}` : `+ ${n}`);
const similarLinear = (random: () => number): string => {
  const a = randInt(random, 2, 9);
  const x = randInt(random, -9, 9, [0]);
  const b = randInt(random, -12, 12, [0]);
  const c = randInt(random, 1, a - 1 || 1);
  // a x + b = c x + (a - c) x0 + b  ⇒  x = x0
  const rhs = (a - c) * x + b;
  return `${a}x ${signed(b)} = ${c}x ${signed(rhs)}`;
};
const similarQuadratic = (random: () => number): string => {
  const r1 = randInt(random, -9, 9, [0]);
  const r2 = randInt(random, -9, 9, [0, r1, -r1]);
  return `x^2 ${signed(-(r1 + r2))}x ${signed(r1 * r2)} = 0`;
};
const similarRational = (random: () => number): string => {
  const a = randInt(random, 2, 6);
  const x = randInt(random, 1, 9, [a]);
  // (x + k)/(x - a) = m with integer root x: choose m, then k = m(x - a) - x.
  const m = randInt(random, 2, 5);
  const k = m * (x - a) - x;
  return `(x ${signed(k)})/(x - ${a}) = ${m}`;
};

export { pdivmod };
