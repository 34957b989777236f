/**
 * Trigonometric equations solved exactly from the unit circle: a·sin(u) + b = c, sin(2x) = 1/2, 2cos²x − 1 = 0,
 * tan x = √3, sin x = cos x, quadratics in sin or cos. The general solution (x = π/6 + 2kπ, …) and, when an
 * interval is given (radians or degrees), the solutions in it. Anything without an exact unit-circle angle is
 * refused in plain words, never approximated. Every solution is substituted back into the original equation.
 */
import type { Check, CheckResult, Step } from '@studyease/contract';
import { type Node, InvalidInput, Unsupported, add, call, mul, neg, num, sym, variables } from '../ast';
import { type Outcome, fmt, step } from '../common';
import { type C, Undefined, close, complex, evaluate } from '../evaluate';
import { gradeRoots, splitAnswers } from '../grade';
import { parse } from '../parse';
import { toText } from '../print';
import * as R from '../../rational';
import type { Q } from '../../rational';
import { mapTree } from './angles';
import { similarTrigEquation } from '../practice';
import { type TrigPolynomial, degreeOf, monomialOf, tidy, trigPolynomial } from './polynomial';
import { type TrigFn, angleText, periodText, principalAngle, smallFraction } from './values';
import { readable } from '../../readable';

/**
 * Where the solutions must lie, as the phrasing layer reads it ("for 0 ≤ x < 2π", "on [0, 360°)"): the same shape
 * as its `Rephrased['interval']`, bounds in calculator syntax (`2*pi`, `360`).
 */
export interface TrigInterval {
  variable: string;
  lower: string;
  upper: string;
  lowerOpen: boolean;
  upperOpen: boolean;
  degrees: boolean;
}

/** Solutions `base + k·period` of the unknown, both multiples of π. */
interface Family {
  base: Q;
  period: Q;
}

const FN_WORD: Record<TrigFn, string> = { sin: 'sine', cos: 'cosine', tan: 'tangent' };

/** Trig arguments in degrees become radians (sin(x) with x in degrees is sin(x·π/180)), for evaluation. */
const inRadians = (node: Node): Node =>
  mapTree(node, (n) =>
    n.k === 'call' && ['sin', 'cos', 'tan', 'sec', 'csc', 'cot'].includes(n.fn) && n.args[0]
      ? call(n.fn, mul(n.args[0], { k: 'div', a: sym('pi'), b: num(180) }))
      : n,
  );

/** u = a·v + b read numerically, with a and b recognised as small fractions (b as a multiple of π). */
const linearAngle = (angle: Node, v: string, degrees: boolean): { a: Q; b: Q } => {
  const at = (x: number): number => {
    const value = evaluate(angle, { [v]: complex(x) });
    if (Math.abs(value.im) > 1e-12) throw new Unsupported('the angle is not real');
    return value.re;
  };
  const b = at(0);
  const a = at(1) - b;
  const linear = [2, -1.5, 7].every((x) => Math.abs(at(x) - (b + a * x)) <= 1e-9 * Math.max(1, Math.abs(at(x))));
  const aq = linear ? smallFraction(a, 100) : null;
  const bq = smallFraction(degrees ? b / 180 : b / Math.PI);
  if (!aq || R.isZero(aq) || !bq)
    throw new Unsupported(
      `the angle ${toText(angle)} is not a simple multiple of ${v} plus a known angle, so I cannot solve it exactly`,
    );
  return { a: aq, b: bq };
};

/** Multiplies two coefficient lists (index = power). */
const polyMul = (a: readonly number[], b: readonly number[]): number[] => {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  a.forEach((x, i) => b.forEach((y, j) => (out[i + j] = (out[i + j] ?? 0) + x * y)));
  return out;
};

/**
 * The polynomial in ONE function (coefficients by power), and the step that got there when sin and cos were mixed.
 * @throws Unsupported when sin, cos and tan are mixed in a way the unit circle cannot take apart
 */
const oneFunction = (
  p: TrigPolynomial,
  angle: string,
): { fn: TrigFn; coefficients: number[]; via?: { title: string; explanation: string } } => {
  const terms = [...p].map(([k, v]) => ({ m: monomialOf(k), v }));
  const uses = (i: 0 | 1 | 2): boolean => terms.some((t) => t.m[i] > 0);
  const collect = (power: (t: { m: readonly number[] }) => number): number[] => {
    const out: number[] = [];
    for (const t of terms) {
      const e = power(t);
      while (out.length <= e) out.push(0);
      out[e] = (out[e] ?? 0) + t.v;
    }
    return out;
  };
  if (uses(2) && (uses(0) || uses(1)))
    throw new Unsupported('the equation mixes tan with sin or cos; write it with sin and cos only and ask again');
  if (uses(2)) return { fn: 'tan', coefficients: collect((t) => t.m[2] ?? 0) };
  if (!uses(1)) return { fn: 'sin', coefficients: collect((t) => t.m[0] ?? 0) };
  if (!uses(0)) return { fn: 'cos', coefficients: collect((t) => t.m[1] ?? 0) };
  const d = degreeOf(p);
  const homogeneous = terms.every((t) => t.m[0] + t.m[1] === d);
  const sinOnly = terms.find((t) => t.m[0] === d)?.v ?? 0;
  if (homogeneous && d <= 2 && sinOnly !== 0) {
    return {
      fn: 'tan',
      coefficients: collect((t) => t.m[0] ?? 0),
      via: {
        title: `Divide both sides by cos${d === 2 ? '²' : ''}(${angle})`,
        explanation:
          `cos(${angle}) = 0 is not a solution (there sin(${angle}) = ±1 and the equation does not hold), so we may ` +
          `divide by cos${d === 2 ? '²' : ''}(${angle}); sin/cos is tan.`,
      },
    };
  }
  const even = (i: 0 | 1): boolean => terms.every((t) => t.m[i] % 2 === 0);
  if (even(0) || even(1)) {
    const [gone, kept]: [0 | 1, 0 | 1] = even(0) ? [0, 1] : [1, 0];
    let out: number[] = [0];
    for (const t of terms) {
      // sin²u = 1 − cos²u (or the other way): a power 2i of the one that goes becomes (1 − other²)^i.
      let term = [t.v];
      for (let i = 0; i < t.m[gone] / 2; i++) term = polyMul(term, [1, 0, -1]);
      term = polyMul(term, [...new Array<number>(t.m[kept]).fill(0), 1]);
      const longer = out.length >= term.length ? out : term;
      out = longer.map((_, i) => (out[i] ?? 0) + (term[i] ?? 0));
    }
    const [goneName, keptName] = gone === 0 ? ['sin', 'cos'] : ['cos', 'sin'];
    return {
      fn: keptName as TrigFn,
      coefficients: out,
      via: {
        title: `Write ${goneName}² with ${keptName}²`,
        explanation: `Use ${goneName}²(${angle}) = 1 − ${keptName}²(${angle}), so that only ${keptName}(${angle}) is left.`,
      },
    };
  }
  throw new Unsupported('the equation mixes sin and cos in a way I cannot solve exactly');
};

/** The real roots of a polynomial of degree 1 or 2 (coefficients by power). */
const realRoots = (coefficients: readonly number[]): number[] => {
  const largest = Math.max(...coefficients.map(Math.abs));
  const c = [...coefficients];
  while (c.length > 1 && Math.abs(c[c.length - 1] ?? 0) <= 1e-13 * largest) c.pop();
  const [c0 = 0, c1 = 0, c2 = 0] = c;
  if (c.length === 2) return [-c0 / c1];
  if (c.length !== 3) throw new Unsupported('only equations of degree 1 or 2 in sin, cos or tan are solved exactly');
  const disc = c1 * c1 - 4 * c2 * c0;
  const scaleOf = Math.max(c1 * c1, Math.abs(4 * c2 * c0));
  if (disc < -1e-12 * scaleOf) return [];
  if (Math.abs(disc) <= 1e-12 * scaleOf) return [-c1 / (2 * c2)];
  const root = Math.sqrt(disc);
  // The stable pair: no cancellation between -c1 and the square root.
  const qv = -(c1 + Math.sign(c1 || 1) * root) / 2;
  return [qv / c2, c0 / qv];
};

/** Families of the angle u for fn(u) = the table value with principal angle α. */
const angleFamilies = (fn: TrigFn, alpha: Q): Family[] => {
  const two = R.q(2);
  if (fn === 'tan') return [{ base: alpha, period: R.ONE }];
  const other = fn === 'sin' ? R.sub(R.ONE, alpha) : R.neg(alpha);
  const single =
    fn === 'sin'
      ? R.eq(R.mul(alpha, two), R.ONE) || R.eq(R.mul(alpha, two), R.q(-1))
      : R.isZero(alpha) || R.isOne(alpha);
  return single
    ? [{ base: alpha, period: two }]
    : [
        { base: alpha, period: two },
        { base: other, period: two },
      ];
};

/** base mod period, in [0, period). */
const normalise = (f: Family): Family => {
  const turns = R.div(f.base, f.period);
  const whole = turns.n >= 0n ? turns.n / turns.d : -((-turns.n + turns.d - 1n) / turns.d);
  return { base: R.sub(f.base, R.mul(R.q(whole), f.period)), period: f.period };
};

/** Equal families once; n families of one period spaced by period/n become one (cos x = 0: x = π/2 + kπ). */
const merge = (families: Family[]): Family[] => {
  const unique: Family[] = [];
  for (const f of families.map(normalise))
    if (!unique.some((u) => R.eq(u.base, f.base) && R.eq(u.period, f.period))) unique.push(f);
  unique.sort((x, y) => R.cmp(x.base, y.base));
  const first = unique[0];
  if (!first || unique.length < 2 || !unique.every((f) => R.eq(f.period, first.period))) return unique;
  const step = R.div(first.period, R.q(unique.length));
  const spaced = unique.every((f, i) => R.eq(f.base, R.add(first.base, R.mul(step, R.q(i)))));
  return spaced ? [{ base: first.base, period: step }] : unique;
};

const boundValue = (text: string, degrees: boolean): number => {
  let node: Node;
  try {
    node = parse(text.replace(/°/g, ''));
  } catch {
    throw new InvalidInput(`the interval's end "${text}" is not a number I can read`);
  }
  if (variables(node).length > 0) throw new InvalidInput(`the interval's end "${text}" is not a number`);
  const value = evaluate(node, {});
  // In radians the bound is compared with multiples of π; in degrees with degrees.
  return degrees ? value.re : value.re / Math.PI;
};

/** The solutions in the interval, as multiples of π (in π units; degrees turned back into π units). */
const inInterval = (families: readonly Family[], interval: TrigInterval): Q[] => {
  const unit = interval.degrees ? 180 : 1;
  const lower = boundValue(interval.lower, interval.degrees) / unit;
  const upper = boundValue(interval.upper, interval.degrees) / unit;
  if (!(upper > lower)) throw new InvalidInput('the interval is empty: its lower end is not below its upper end');
  const out: Q[] = [];
  const eps = 1e-9 * Math.max(1, Math.abs(lower), Math.abs(upper));
  for (const f of families) {
    const period = R.toNumber(f.period);
    const base = R.toNumber(f.base);
    const kLow = Math.ceil((lower - base) / period - 1e-6) - 1;
    const kHigh = Math.floor((upper - base) / period + 1e-6) + 1;
    if (kHigh - kLow > 40) throw new Unsupported('the interval holds too many solutions to list one by one');
    for (let k = kLow; k <= kHigh; k++) {
      const value = R.add(f.base, R.mul(R.q(k), f.period));
      const x = R.toNumber(value);
      const aboveLower = x > lower + eps || (Math.abs(x - lower) <= eps && !interval.lowerOpen);
      const belowUpper = x < upper - eps || (Math.abs(x - upper) <= eps && !interval.upperOpen);
      if (aboveLower && belowUpper && !out.some((o) => R.eq(o, value))) out.push(value);
    }
  }
  return out.sort(R.cmp);
};

/** The value `multiple · π` as the unknown's value: radians, or degrees when the question is in degrees. */
const valueOf = (multiple: Q, degrees: boolean): number => R.toNumber(multiple) * (degrees ? 180 : Math.PI);

/**
 * An answer without its closing "(where k is an integer)", "for k in Z", "with k any integer": cut from the first
 * "where/for/with k" that ends the last line, with the spaces and the bracket before it. A small loop rather than
 * one pattern: `\(?\s*(?:where|for|with)\s+k\b.*$` was quadratic on long runs of spaces (ReDoS rule, issue #11).
 */
const withoutAnyIntegerWords = (text: string): string => {
  // `.` stops at a line break: the words must be on the answer's last line.
  const lastBreak = Math.max(...['\n', '\r', '\u2028', '\u2029'].map((b) => text.lastIndexOf(b)));
  for (const m of text.matchAll(/(?:where|for|with)\s+k\b/gi)) {
    if (m.index + m[0].length <= lastBreak) continue;
    let start = m.index;
    while (start > 0 && /\s/.test(text.charAt(start - 1))) start -= 1;
    if (text.charAt(start - 1) === '(') start -= 1;
    return text.slice(0, start);
  }
  return text;
};

/** Grades a general solution by the solutions it gives for k = −20 … 20 inside a window of a few turns. */
const gradeGeneral = (v: string, families: readonly Family[], degrees: boolean, student: string): CheckResult => {
  const unit = degrees ? 180 : Math.PI;
  const window = 6 * unit;
  const expected: number[] = [];
  for (const f of families)
    for (let k = -40; k <= 40; k++) {
      const x = valueOf(R.add(f.base, R.mul(R.q(k), f.period)), degrees);
      if (Math.abs(x) <= window) expected.push(x);
    }
  const got: number[] = [];
  for (const part of splitAnswers(withoutAnyIntegerWords(student.replace(/°/g, '')))) {
    let node: Node;
    try {
      node = parse(part);
    } catch {
      return { correct: false, differences: [`"${part}" could not be read`] };
    }
    const value = node.k === 'rel' && node.a.k === 'sym' && node.a.name === v ? node.b : node;
    const free = variables(value).filter((name) => name !== v);
    if (free.length > 1) return { correct: false, differences: [`"${part}" has more than one parameter`] };
    const parameter = free[0];
    for (let k = -40; k <= 40; k++) {
      try {
        const x = evaluate(value, parameter ? { [parameter]: complex(k) } : {}).re;
        if (Math.abs(x) <= window) got.push(x);
        if (!parameter) break;
      } catch {
        return { correct: false, differences: [`"${part}" has no value`] };
      }
    }
  }
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-7 * Math.max(1, Math.abs(a));
  const missing = expected.filter((x) => Math.abs(x) < window - unit && !got.some((g) => near(g, x)));
  const extra = got.filter((x) => Math.abs(x) < window - unit && !expected.some((e) => near(e, x)));
  const differences = [
    ...missing.slice(0, 2).map((x) => `a solution is missing (${v} ≈ ${fmt(complex(x))})`),
    ...extra.slice(0, 2).map((x) => `${v} ≈ ${fmt(complex(x))} is not a solution`),
  ];
  return { correct: differences.length === 0, differences };
};

/** Substitutes a value of the unknown into the original equation with the engine's evaluator. */
const substitution = (node: Node & { k: 'rel' }, v: string, x: number, label: string): Check => {
  try {
    const l = evaluate(node.a, { [v]: complex(x) });
    const r = evaluate(node.b, { [v]: complex(x) });
    return { kind: 'substitution', passed: close(l, r, 1e-9), detail: `${label}: left ${fmt(l)}, right ${fmt(r)}` };
  } catch (error) {
    if (error instanceof Undefined) return { kind: 'substitution', passed: false, detail: `${label} is undefined` };
    throw error;
  }
};

/**
 * Solves a trigonometric equation exactly.
 * @param node - the equation as read
 * @param v - the unknown
 * @param interval - where the solutions must lie; without it the answer is the general solution
 * @throws Unsupported (in plain words) for anything the unit circle cannot answer exactly
 */
export const solveTrigEquation = (node: Node & { k: 'rel' }, v: string, interval?: TrigInterval): Outcome => {
  if (node.op !== '=') throw new Unsupported('trigonometric inequalities are beyond the exact trig solver');
  const degrees = interval?.degrees ?? false;
  const { polynomial, angle } = trigPolynomial(add(node.a, neg(node.b)), v);
  const { a: slope, b: offset } = linearAngle(angle, v, degrees);
  const u = toText(angle);
  const { fn, coefficients, via } = oneFunction(tidy(polynomial), u);
  const steps: Step[] = [step('Read the equation', `Solve for ${v}${degrees ? ' (in degrees)' : ''}.`, node)];
  if (via) steps.push(step(via.title, via.explanation));
  const fnNode = call(fn, angle);
  const roots = realRoots(coefficients);
  const asNode = (x: number): Node | null => {
    const f = smallFraction(x, 100);
    return f ? num(f) : null;
  };
  const shown = coefficients.map(asNode);
  if (coefficients.length === 3 && shown.every((c): c is Node => c !== null)) {
    const s = sym(fn === 'sin' ? 's' : fn === 'cos' ? 'c' : 't');
    const [c0, c1, c2] = coefficients;
    const terms: Node[] = [];
    if (c2) terms.push(mul(shown[2] ?? num(0), { k: 'pow', a: s, b: num(2) }));
    if (c1) terms.push(mul(shown[1] ?? num(0), s));
    if (c0) terms.push(shown[0] ?? num(0));
    const named = (r: number): string =>
      fn !== 'tan' && Math.abs(r) > 1 ? fmt(complex(r)) : (principalAngle(fn, r)?.name ?? fmt(complex(r)));
    steps.push(
      step(
        `A quadratic in ${fn}(${u})`,
        `Write ${toText(s)} = ${fn}(${u}) and solve ${toText(add(...terms))} = 0: ${toText(s)} = ${roots.map(named).join(' or ')}.`,
      ),
    );
  }
  const families: Family[] = [];
  const notes: string[] = [];
  for (const r of roots) {
    if (fn !== 'tan' && Math.abs(r) > 1 + 1e-12) {
      notes.push(`${fn}(${u}) = ${fmt(complex(r))} has no solution: a ${FN_WORD[fn]} is always between −1 and 1.`);
      continue;
    }
    const principal = principalAngle(fn, r);
    if (!principal)
      throw new Unsupported(
        `${fn}(${u}) = ${fmt(complex(r))} has no exact angle on the unit circle, and I give trig solutions only exactly`,
      );
    const valueNode = parse(principal.name);
    const uFamilies = angleFamilies(fn, principal.angle);
    const reference = angleText(principal.angle, degrees);
    const listed = uFamilies.map((f) => {
      const base = angleText(normalise(f).base, degrees).text;
      return `${u} = ${base} + ${periodText(f.period, degrees).text}`;
    });
    steps.push(
      step(
        `Solve ${fn}(${u}) = ${principal.name}`,
        `${fn}(${reference.text}) = ${principal.name}, so ${listed.join(' or ')} (k any integer).`,
        { k: 'rel', op: '=', a: fnNode, b: valueNode },
      ),
    );
    // u = a·v + b, so v = (u − b)/a.
    for (const f of uFamilies)
      families.push({
        base: R.div(R.sub(f.base, offset), slope),
        period: R.div(f.period, slope.n < 0n ? R.neg(slope) : slope),
      });
  }
  for (const note of notes) steps.push(step('A value with no angle', note));
  const general = merge(families);
  const rel = (value: string): string => `${v} = ${value}`;
  const generalText = general.map((f) => {
    const base = angleText(f.base, degrees);
    const period = periodText(f.period, degrees);
    return {
      text: rel(R.isZero(f.base) ? period.text : `${base.text} + ${period.text}`),
      latex: `${v} = ${R.isZero(f.base) ? period.latex : `${base.latex} + ${period.latex}`}`,
    };
  });
  if (general.length > 0 && (!R.isOne(slope) || !R.isZero(offset)))
    steps.push(
      step(
        `Solve for ${v}`,
        `The angle is ${u}: ${R.isZero(offset) ? '' : `subtract ${angleText(offset, degrees).text} from both sides, then `}${R.isOne(slope) ? '' : `divide both sides by ${R.toFraction(slope)}`}.`,
      ),
    );
  if (general.length > 0)
    steps.push(
      step(
        'General solution',
        `${generalText.map((g) => g.text).join(', or ')}, where k is any integer.`,
        generalText.map((g) => g.latex).join(',\\quad '),
      ),
    );
  const checks: Check[] = [];
  const original = degrees ? (inRadians(node) as Node & { k: 'rel' }) : node;
  let answer: { text: string; latex: string };
  let grade: (student: string) => CheckResult;
  if (interval) {
    const found = inInterval(general, interval);
    const texts = found.map((x) => angleText(x, degrees));
    const unit = degrees ? '°' : '';
    const bounds = `${interval.lower}${unit} ${interval.lowerOpen ? '<' : '≤'} ${v} ${interval.upperOpen ? '<' : '≤'} ${interval.upper}${unit}`;
    steps.push(
      step(
        'Solutions in the interval',
        found.length
          ? `Try k = …, −1, 0, 1, 2, … and keep the values with ${bounds}: ${texts.map((t) => t.text).join(', ')}.`
          : `No value of k gives a solution with ${bounds}.`,
      ),
    );
    for (const [i, x] of found.entries())
      checks.push(substitution(original, v, valueOf(x, degrees), `${v} = ${texts[i]?.text ?? ''}`));
    answer = found.length
      ? { text: texts.map((t) => rel(t.text)).join(', '), latex: texts.map((t) => `${v} = ${t.latex}`).join(',\\; ') }
      : { text: 'no solution', latex: '\\text{no solution}' };
    const values: C[] = found.map((x) => complex(valueOf(x, degrees)));
    // The lookbehind reads a run of spaces from its first space only (ReDoS rule, issue #11).
    grade = (student) =>
      gradeRoots(v, values, student.replace(/°|(?<!\s)\s*degrees?\b/gi, ''), found.length ? undefined : 'no solution');
    if (!found.length) checks.push(...familyChecks(original, v, general, degrees));
  } else {
    answer = general.length
      ? {
          text: `${generalText.map((g) => g.text).join(', ')} (k any integer)`,
          latex: `${generalText.map((g) => g.latex).join(',\\; ')} \\quad (k \\in \\mathbb{Z})`,
        }
      : { text: 'no solution', latex: '\\text{no solution}' };
    checks.push(...familyChecks(original, v, general, degrees));
    grade = (student) => gradeGeneral(v, general, degrees, student);
  }
  if (general.length === 0 && notes.length === 0) throw new Unsupported('no exact solution was found');
  if (general.length === 0) checks.push({ kind: 'range', passed: true, detail: notes.join(' ') });
  const intervalText = interval ? (interval.degrees ? ' for 0 ≤ x < 360°' : ' for 0 ≤ x < 2π') : '';
  return {
    kind: 'trigonometric-equation',
    answer,
    steps: steps.map((s) => ({ ...s, explanation: readable(s.explanation) })),
    checks: checks.map((c) => ({ ...c, detail: readable(c.detail) })),
    hints: [
      `This is a trigonometric equation: get ${fn}(${u}) alone first.`,
      `Which angles on the unit circle have this ${FN_WORD[fn]}? There are usually two in each turn.`,
      interval
        ? 'Add whole turns (k = 0, 1, 2, …) and keep the angles inside the interval.'
        : 'Add k whole periods to each angle.',
    ],
    grade,
    similar: similarTrigEquation(intervalText),
  };
};

/** Substitution of each family at k = −1, 0, 1 (a general solution is checked on several of its members). */
const familyChecks = (node: Node & { k: 'rel' }, v: string, families: readonly Family[], degrees: boolean): Check[] =>
  families.flatMap((f) =>
    [-1, 0, 1].map((k) => {
      const value = R.add(f.base, R.mul(R.q(k), f.period));
      return substitution(
        node,
        v,
        valueOf(value, degrees),
        `${v} = ${angleText(value, degrees).text} (k = ${String(k)})`,
      );
    }),
  );
