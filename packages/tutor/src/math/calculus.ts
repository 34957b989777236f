/**
 * Calculus and symbolic algebra: derivatives, integrals, limits, expanding, factoring, simplifying, and equations
 * that are not polynomial (exponential, logarithmic). nerdamer-prime does the symbolic work (synchronous and
 * CommonJS, so the Engine stays synchronous; loaded lazily on first use); every result is then checked by our own
 * numeric evaluator against the ORIGINAL question: finite differences, quadrature, substitution. A result that
 * fails or cannot be read back is refused, never shown.
 */
import type { Check } from '@studyease/contract';
import { type Node, Unsupported, call, div, mul, num, size, substitute, sym, variables } from './ast';
import { type Outcome, fmt, randInt, step } from './common';
import { type C, Undefined, close, evalReal, evaluate } from './evaluate';
import { gradeExpression, gradeRoots } from './grade';
import { parse } from './parse';
import { polyToNode, toRatFn, NotRational } from './poly';
import { toLatex, toText } from './print';
import * as R from '../rational';

export type Intent = 'auto' | 'derivative' | 'integral' | 'limit' | 'factor' | 'expand' | 'simplify';
export interface CalculusOptions {
  variable?: string | undefined;
  lower?: string | undefined;
  upper?: string | undefined;
  point?: string | undefined;
}

/** The symbolic library's call signature, as much of it as we use. */
type Nerdamer = ((expression: string) => { toString(): string }) & { clear?: (what: string) => void };
let nerdamerInstance: Nerdamer | null = null;
const nerdamer = (): Nerdamer => {
  if (!nerdamerInstance) {
    // Lazy: the backend must start in seconds, and most requests never need a CAS.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const core = require('nerdamer-prime') as Nerdamer;
    require('nerdamer-prime/Algebra');
    require('nerdamer-prime/Calculus');
    require('nerdamer-prime/Solve');
    nerdamerInstance = core;
  }
  return nerdamerInstance;
};

const MAX_CAS_NODES = 80;

/** Our tree → nerdamer syntax (nerdamer's `log` is the natural logarithm). */
const toCas = (node: Node): string => {
  const rewrite = (n: Node): Node => {
    switch (n.k) {
      case 'call':
        if (n.fn === 'log') return div(call('ln', rewrite(n.args[0]!)), call('ln', rewrite(n.args[1]!)));
        return call(n.fn, ...n.args.map(rewrite));
      case 'add':
      case 'mul':
        return { k: n.k, args: n.args.map(rewrite) };
      case 'neg':
        return { k: 'neg', arg: rewrite(n.arg) };
      case 'num':
      case 'sym':
        return n;
      default:
        return { ...n, a: rewrite(n.a), b: rewrite(n.b) } as Node;
    }
  };
  return toText(rewrite(node))
    .replace(/\bln\(/g, 'log(')
    .replace(/\bpi\b/g, 'pi');
};

const KNOWN_WORDS = new Set([
  'sin',
  'cos',
  'tan',
  'sec',
  'csc',
  'cot',
  'asin',
  'acos',
  'atan',
  'sinh',
  'cosh',
  'tanh',
  'sqrt',
  'log',
  'exp',
  'abs',
  'pi',
]);

/** nerdamer's answer → our tree; refuses special functions (erf, Si) and unevaluated integrals. */
const fromCas = (text: string, allowI: boolean): Node => {
  for (const word of text.match(/[a-zA-Z]{2,}/g) ?? []) {
    if (!KNOWN_WORDS.has(word)) throw new Unsupported(`the result needs the function ${word}, beyond this engine`);
  }
  if (/\d\.\d/.test(text)) throw new Unsupported('only a decimal approximation was found, not an exact answer');
  if (!allowI && /\bi\b/.test(text)) throw new Unsupported('the result is complex');
  const node = parse(text.replace(/\blog\(/g, 'ln(').replace(/\babs\(/g, 'abs('));
  return tidy(node);
};

const cas = (expression: string): string => {
  try {
    return nerdamer()(expression).toString();
  } catch (error) {
    throw new Unsupported(`the symbolic step failed (${(error as Error).message.slice(0, 80)})`);
  }
};

const rank = (n: Node): number => (n.k === 'num' ? 0 : n.k === 'sym' || (n.k === 'pow' && n.a.k === 'sym') ? 1 : 2);

/** Reads like a textbook: numbers first, then powers of x, then functions; `x^3/3` rather than `1/3*x^3`; `x - 2`. */
export const tidy = (node: Node): Node => {
  switch (node.k) {
    case 'add': {
      const args = node.args.map(tidy);
      // Variable terms before constants: `x - 2`, not `-2 + x`.
      const constants = args.filter((a) => variables(a).length === 0);
      const rest = args.filter((a) => variables(a).length > 0);
      return { k: 'add', args: [...rest, ...constants] };
    }
    case 'mul': {
      const args = node.args.map(tidy).sort((a, b) => rank(a) - rank(b));
      const [first, ...rest] = args;
      if (first && first.k === 'num' && first.v.d !== 1n && rest.length) {
        const top =
          first.v.n === 1n
            ? mul(...rest)
            : first.v.n === -1n
              ? { k: 'neg' as const, arg: mul(...rest) }
              : mul(num(first.v.n), ...rest);
        return div(top, num(first.v.d));
      }
      if (first && first.k === 'num' && first.v.n === -1n && first.v.d === 1n && rest.length)
        return { k: 'neg', arg: mul(...rest) };
      // 2*(1/x^3) reads as 2/x^3.
      const reciprocal = args.findIndex((a) => a.k === 'div' && a.a.k === 'num' && R.isOne(a.a.v));
      if (reciprocal >= 0 && args.length > 1) {
        const others = args.filter((_, k) => k !== reciprocal);
        return div(mul(...others), (args[reciprocal] as { b: Node }).b);
      }
      return { k: 'mul', args };
    }
    case 'neg':
      return { k: 'neg', arg: tidy(node.arg) };
    case 'call':
      return { k: 'call', fn: node.fn, args: node.args.map(tidy) };
    case 'div': {
      const a = tidy(node.a);
      const b = tidy(node.b);
      if (a.k === 'num' && b.k === 'num' && !R.isZero(b.v)) return num(R.div(a.v, b.v));
      return { k: 'div', a, b };
    }
    case 'pow': {
      const a = tidy(node.a);
      const b = tidy(node.b);
      // x^(-1) reads as 1/x.
      if (b.k === 'num' && R.sign(b.v) < 0)
        return div(num(1), R.eq(b.v, R.q(-1)) ? a : { k: 'pow', a, b: num(R.neg(b.v)) });
      if (b.k === 'neg' && b.arg.k === 'num') return div(num(1), R.isOne(b.arg.v) ? a : { k: 'pow', a, b: b.arg });
      return { k: 'pow', a, b };
    }
    default:
      return node;
  }
};

const POINTS = [0.31, 0.77, 1.23, 1.91, 2.47, -0.53, -1.37];

const numericDerivative = (f: Node, v: string, x: number): number => {
  const h = 1e-5 * Math.max(1, Math.abs(x));
  return (evalReal(f, { [v]: x + h }) - evalReal(f, { [v]: x - h })) / (2 * h);
};

/** Compares g with f' by finite differences at points where both are defined; needs at least 3 such points. */
const derivativeMatches = (f: Node, g: Node, v: string): { passed: boolean; detail: string } => {
  let compared = 0;
  for (const x of POINTS) {
    let expected: number;
    let got: number;
    try {
      expected = numericDerivative(f, v, x);
      got = evalReal(g, { [v]: x });
    } catch {
      continue;
    }
    if (!Number.isFinite(expected) || !Number.isFinite(got)) continue;
    compared++;
    if (Math.abs(expected - got) > 1e-5 * Math.max(1, Math.abs(expected))) {
      return {
        passed: false,
        detail: `at ${v} = ${x}: finite difference ${fmt({ re: expected, im: 0 })}, formula ${fmt({ re: got, im: 0 })}`,
      };
    }
  }
  return compared >= 3
    ? { passed: true, detail: `agrees with a finite-difference derivative at ${compared} points` }
    : { passed: false, detail: 'too few points to compare' };
};

const simpson = (f: Node, v: string, a: number, b: number): number => {
  const n = 2000;
  const h = (b - a) / n;
  let sum = evalReal(f, { [v]: a }) + evalReal(f, { [v]: b });
  for (let k = 1; k < n; k++) sum += (k % 2 ? 4 : 2) * evalReal(f, { [v]: a + k * h });
  return (sum * h) / 3;
};

const mainVariable = (node: Node, options: CalculusOptions): string => {
  const vars = variables(node);
  if (options.variable) return options.variable;
  if (vars.length > 1) throw new Unsupported(`several variables (${vars.join(', ')}): say which one, e.g. "… for x"`);
  return vars[0] ?? 'x';
};

const casGuard = (node: Node): void => {
  if (size(node).count > MAX_CAS_NODES) throw new Unsupported('the expression is too large to handle reliably');
  const s = toText(node);
  for (const m of s.matchAll(/\^\(?(-?\d+)/g))
    if (Math.abs(Number(m[1])) > 20) throw new Unsupported('the power is too large to handle reliably');
};

const answerOf = (node: Node, suffix = ''): { text: string; latex: string } => ({
  text: `${toText(node)}${suffix}`,
  latex: `${toLatex(node)}${suffix}`,
});

const similarPolynomial =
  (template: (p: string) => string) =>
  (random: () => number): string => {
    const a = randInt(random, 2, 6);
    const b = randInt(random, -9, 9, [0]);
    const c = randInt(random, -9, 9, [0]);
    return template(`${a}x^3 ${b < 0 ? '-' : '+'} ${Math.abs(b)}x^2 ${c < 0 ? '-' : '+'} ${Math.abs(c)}x`);
  };

export const solveCalculus = (intent: Intent, node: Node, options: CalculusOptions): Outcome => {
  if (node.k === 'rel') throw new Unsupported(`a ${intent} of an equation is not supported`);
  casGuard(node);
  const v = mainVariable(node, options);
  switch (intent) {
    case 'derivative': {
      const d = polish(fromCas(cas(`diff(${toCas(node)}, ${v})`), false), v);
      const result = derivativeMatches(node, d, v);
      return {
        kind: 'derivative',
        answer: answerOf(d),
        steps: [
          step('Read the function', `Differentiate with respect to ${v}.`, node),
          step(
            'Apply the rules',
            "Use the sum rule term by term, the product rule (u·v)' = u'·v + u·v', the chain rule for functions of functions, and the power rule (x^n)' = n·x^(n-1).",
          ),
          step('Result', 'Collect the terms.', d),
        ],
        checks: [{ kind: 'finite-difference', ...result }],
        hints: [
          'This is a derivative.',
          'Split it into terms and identify products and compositions.',
          'Apply the product and chain rules where needed.',
          'Simplify the result.',
        ],
        grade: (s) => gradeExpression(d, s),
        similar: similarPolynomial((p) => `derivative of ${p}`),
      };
    }
    case 'integral': {
      const F = polish(fromCas(cas(`integrate(${toCas(node)}, ${v})`), false), v);
      const back = derivativeMatches(F, node, v);
      if (options.lower === undefined || options.upper === undefined) {
        return {
          kind: 'indefinite-integral',
          answer: answerOf(F, ' + C'),
          steps: [
            step('Read the integrand', `Integrate with respect to ${v}.`, node),
            step(
              'Find an antiderivative',
              'Use the power rule ∫x^n dx = x^(n+1)/(n+1), the standard integrals of sin, cos and e^x, and substitution or integration by parts where needed.',
              F,
            ),
            step('Add the constant', 'Every antiderivative differs by a constant C.'),
          ],
          checks: [{ kind: 'differentiate-back', ...back }],
          hints: [
            'This is an indefinite integral.',
            'Split the integrand into simpler terms.',
            'Use the power rule and standard integrals; look for a substitution or parts.',
            'Differentiate your answer to check it.',
          ],
          grade: (s) => gradeExpression(F, s, { upToConstant: true }),
          similar: similarPolynomial((p) => `integrate ${p}`),
        };
      }
      const a = parse(options.lower);
      const b = parse(options.upper);
      const value = fromCas(cas(`(${toCas(substitute(F, v, b))}) - (${toCas(substitute(F, v, a))})`), false);
      let passed = false;
      let detail = '';
      try {
        const quad = simpson(node, v, evalReal(a, {}), evalReal(b, {}));
        const got = evalReal(value, {});
        passed = Math.abs(quad - got) <= 1e-7 * Math.max(1, Math.abs(quad)) && back.passed;
        detail = `Simpson quadrature gives ${fmt({ re: quad, im: 0 })}, the exact value is ${fmt({ re: got, im: 0 })}`;
      } catch (error) {
        if (!(error instanceof Undefined)) throw error;
        throw new Unsupported('the integrand is undefined somewhere on the interval');
      }
      return {
        kind: 'definite-integral',
        answer: answerOf(value),
        steps: [
          step('Find an antiderivative', 'First integrate without bounds.', F),
          step('Evaluate at the bounds', `F(${toText(b)}) - F(${toText(a)}).`),
          step('Result', 'Simplify.', value),
        ],
        checks: [
          { kind: 'quadrature', passed, detail },
          { kind: 'differentiate-back', ...back },
        ],
        hints: ['This is a definite integral.', 'Find an antiderivative F first.', 'Compute F(upper) - F(lower).'],
        grade: (s) => gradeExpression(value, s),
        similar: (random) =>
          `integrate ${randInt(random, 2, 9)}x^2 + ${randInt(random, 1, 9)} from 0 to ${randInt(random, 1, 4)}`,
      };
    }
    case 'limit': {
      if (options.point === undefined) throw new Unsupported('say where the limit is taken, e.g. "as x -> 0"');
      const pointNode = parse(options.point);
      const at = options.point === 'inf' ? 'Infinity' : toCas(pointNode);
      const raw = cas(`limit(${toCas(node)}, ${v}, ${at})`);
      if (/infinity|undefined|nan/i.test(raw))
        throw new Unsupported('the limit is infinite or does not exist (not reported by this engine)');
      const L = fromCas(raw, false);
      const target = evalReal(L, {});
      let passed = true;
      let detail = '';
      const p = options.point === 'inf' ? Infinity : evalReal(pointNode, {});
      const probes = p === Infinity ? [1e5, 1e6] : [p - 1e-5, p + 1e-5, p - 1e-6, p + 1e-6];
      for (const x of probes) {
        try {
          const y = evalReal(node, { [v]: x });
          if (Math.abs(y - target) > 1e-3 * Math.max(1, Math.abs(target))) {
            passed = false;
            detail = `at ${v} = ${x} the expression is ${fmt({ re: y, im: 0 })}, not near ${fmt({ re: target, im: 0 })}`;
          }
        } catch {
          passed = false;
          detail = `undefined near the point (${v} = ${x})`;
        }
      }
      if (passed) detail = `values near ${options.point} on both sides approach ${fmt({ re: target, im: 0 })}`;
      return {
        kind: 'limit',
        answer: answerOf(L),
        steps: [
          step(
            'Try direct substitution',
            `Substitute ${v} = ${options.point}; if that gives an indeterminate form such as 0/0, simplify first (factor and cancel, or use a standard limit).`,
          ),
          step('Result', 'The limit is:', L),
        ],
        checks: [{ kind: 'numeric-approach', passed, detail }],
        hints: [
          'This is a limit.',
          'Try substituting the point directly.',
          'If you get 0/0, factor and cancel, or use sin(x)/x → 1.',
        ],
        grade: (s) => gradeExpression(L, s),
      };
    }
    default:
      return simplifyLike(intent, node, v);
  }
};

/** Expand, factor or simplify, checked by evaluating original and result at sample points. */
const simplifyLike = (intent: Intent, node: Node, v: string): Outcome => {
  let result: Node;
  let kind: string;
  let exactPoly = false;
  if (intent === 'expand' || intent === 'simplify') {
    try {
      const f = toRatFn(node, v);
      if (f.den.length === 1 && R.isOne(f.den[0]!)) {
        result = polyToNode(f.num, v);
        exactPoly = true;
      } else {
        result = div(polyToNode(f.num, v), polyToNode(f.den, v));
      }
      kind = intent === 'expand' ? 'expand-polynomial' : 'simplify-rational-expression';
    } catch (error) {
      if (!(error instanceof NotRational)) throw error;
      result = fromCas(cas(`simplify(${toCas(node)})`), false);
      kind = intent === 'simplify' ? 'simplify' : 'expand';
      if (intent === 'expand') result = fromCas(cas(`expand(${toCas(node)})`), false);
    }
  } else {
    if (intent !== 'factor')
      throw new Unsupported(
        'this expression is not an equation; say what to do with it (simplify, expand, factor, derivative, integrate)',
      );
    result = fromCas(cas(`factor(${toCas(node)})`), false);
    kind = 'factor-polynomial';
  }
  let compared = 0;
  let passed = true;
  for (const x of POINTS) {
    let a: C;
    let b: C;
    try {
      a = evaluate(node, { [v]: { re: x, im: 0 } });
      b = evaluate(result, { [v]: { re: x, im: 0 } });
    } catch {
      continue;
    }
    compared++;
    if (!close(a, b, 1e-9)) passed = false;
  }
  passed = passed && compared >= 3;
  void exactPoly;
  return {
    kind,
    answer: answerOf(result),
    steps: [
      step('Read the expression', '', node),
      step(
        intent === 'factor' ? 'Factor' : intent === 'expand' ? 'Expand' : 'Simplify',
        intent === 'factor'
          ? 'Take out common factors, then look for roots: a root r gives a factor (x - r).'
          : intent === 'expand'
            ? 'Multiply out every bracket and collect like terms, highest power first.'
            : 'Factor numerator and denominator and cancel common factors (they stay excluded from the domain).',
        result,
      ),
    ],
    checks: [{ kind: 'numeric-equivalence', passed, detail: `original and result agree at ${compared} sample points` }],
    hints: [
      `This is a ${intent} problem.`,
      intent === 'factor' ? 'Look for a common factor first.' : 'Work bracket by bracket.',
      'Collect like terms.',
    ],
    grade: (s) => gradeExpression(result, s),
    similar: (random) => {
      const r1 = randInt(random, -9, 9, [0]);
      const r2 = randInt(random, -9, 9, [0, r1, -r1]);
      return intent === 'factor'
        ? `factor x^2 ${-(r1 + r2) < 0 ? '-' : '+'} ${Math.abs(r1 + r2)}x ${r1 * r2 < 0 ? '-' : '+'} ${Math.abs(r1 * r2)}`
        : `expand (x ${r1 < 0 ? '-' : '+'} ${Math.abs(r1)})(x ${r2 < 0 ? '-' : '+'} ${Math.abs(r2)})`;
    },
  };
};

/**
 * Splits at each comma whose next bracket is not `)` (what `/,(?![^(]*\)/` does), in one pass from the right: the
 * lookahead scans from every comma to the next bracket, quadratic on a long CAS answer.
 */
const splitOutsideParens = (text: string): string[] => {
  const parts: string[] = [];
  let end = text.length;
  let nextBracket = '';
  for (let i = text.length - 1; i >= 0; i--) {
    const ch = text[i]!;
    if (ch === '(' || ch === ')') nextBracket = ch;
    else if (ch === ',' && nextBracket !== ')') {
      parts.unshift(text.slice(i + 1, end));
      end = i;
    }
  }
  parts.unshift(text.slice(0, end));
  return parts;
};

/** Equations that are not polynomial (2^x = 32, log_2(x) = 5, e^(2x) = 7), inequalities, bare expressions. */
export const solveOther = (what: string, node: Node, options: CalculusOptions): Outcome => {
  if (what === 'simplify') return solveCalculus('simplify', node, options);
  if (what === 'inequality') return solveInequality(node, options);
  if (node.k !== 'rel') throw new Unsupported('not an equation');
  casGuard(node);
  const v = mainVariable(node, options);
  // A letter in an exponent; `^` left out of the scan so that each scan ends at the next `^` (linear).
  const transcendental = /e\^|exp|ln|log|\^\(?[^()a-z^]*[a-z]/.test(toText(node));
  const own = exponentialRoot(node, v);
  const raw = own ? toText(own) : cas(`solve(${toCas(node.a)} = ${toCas(node.b)}, ${v})`).replace(/^\[|\]$/g, '');
  if (!raw.trim()) throw new Unsupported('no exact solution was found');
  const parts = own ? [own] : splitOutsideParens(raw).map((p) => fromCas(p, false));
  // A CAS may return a close rational approximation of ln(7)/2; substitution cannot tell them apart, so a
  // rational with a large denominator from a transcendental equation is refused rather than passed off as exact.
  if (!own && transcendental && parts.some((p) => p.k === 'num' && p.v.d > 100n)) {
    throw new Unsupported('only an approximate solution was found, not an exact one');
  }
  const checks: Check[] = [];
  const values: C[] = [];
  for (const r of parts) {
    const value = evaluate(r, {});
    values.push(value);
    let passed = false;
    let detail = '';
    try {
      const l = evaluate(node.a, { [v]: value });
      const rr = evaluate(node.b, { [v]: value });
      passed = close(l, rr, 1e-9);
      detail = `${v} = ${toText(r)}: left ${fmt(l)}, right ${fmt(rr)}`;
    } catch {
      detail = `${v} = ${toText(r)} is outside the domain`;
    }
    checks.push({ kind: 'substitution', passed, detail });
  }
  if (!checks.every((c) => c.passed)) throw new Unsupported('the symbolic solution did not pass its check');
  const rel = (r: Node): Node => ({ k: 'rel', op: '=', a: sym(v), b: r });
  const isLog = /log|ln/.test(toText(node));
  return {
    kind: isLog ? 'logarithmic-equation' : transcendental ? 'exponential-equation' : 'equation',
    answer: {
      text: parts.map((r) => toText(rel(r))).join(', '),
      latex: parts.map((r) => toLatex(rel(r))).join(',\\; '),
    },
    steps: [
      step('Read the equation', `Solve for ${v}.`, node),
      step(
        isLog ? 'Undo the logarithm' : 'Take logarithms',
        isLog
          ? 'log_b(u) = c means u = b^c.'
          : 'If b^u = c then u = ln(c)/ln(b); write both sides as powers of the same base when possible.',
      ),
      step('Result', 'Solve the remaining equation.', parts.length === 1 ? rel(parts[0]!) : undefined),
    ],
    checks,
    hints: [
      isLog ? 'This is a logarithmic equation.' : 'This is an exponential equation.',
      isLog
        ? 'Rewrite it in exponential form.'
        : 'Can both sides be written as powers of the same base? If not, take ln of both sides.',
      'Solve the resulting equation and check the domain.',
    ],
    grade: (s) => gradeRoots(v, values, s),
    similar: isLog
      ? (random) => `log_${randInt(random, 2, 5)}(x) = ${randInt(random, 2, 4)}`
      : (random) => {
          const b = randInt(random, 2, 5);
          return `${b}^x = ${b ** randInt(random, 2, 5)}`;
        },
  };
};

/** Linear and quadratic inequalities by sign analysis of a polynomial (exact roots), answered as intervals. */
const solveInequality = (node: Node, options: CalculusOptions): Outcome => {
  if (node.k !== 'rel') throw new Unsupported('only single inequalities are supported');
  const v = mainVariable(node, options);
  let f;
  try {
    f = toRatFn({ k: 'add', args: [node.a, { k: 'neg', arg: node.b }] }, v);
  } catch (error) {
    if (error instanceof NotRational) throw new Unsupported('only polynomial inequalities are supported');
    throw error;
  }
  if (f.den.length !== 1) throw new Unsupported('inequalities with the variable in a denominator are not supported');
  const p = f.num;
  const deg = p.length - 1;
  if (deg < 1 || deg > 2) throw new Unsupported('only linear and quadratic inequalities are supported');
  // Exact real roots (rational or quadratic surds), sorted.
  let roots: Node[] = [];
  let values: number[] = [];
  if (deg === 1) {
    const r = R.div(R.neg(p[0]!), p[1]!);
    roots = [num(r)];
    values = [R.toNumber(r)];
  } else {
    const { quadraticRoots } = require('./equations') as typeof import('./equations');
    const prim = p.map((c) => c);
    let l = 1n;
    for (const c of prim) l = R.lcm(l, c.d);
    const [c0, c1, c2] = prim.map((c) => (c.n * l) / c.d) as [bigint, bigint, bigint];
    const sgn = c2 < 0n ? -1n : 1n;
    const found = quadraticRoots(c2 * sgn, c1 * sgn, c0 * sgn);
    if (found.disc >= 0n) {
      roots = found.roots.map((r) => r.node);
      values = found.roots.map((r) => r.value.re);
    }
  }
  const op = node.op;
  const holds = (x: number): boolean => {
    const y = evalReal({ k: 'add', args: [node.a, { k: 'neg', arg: node.b }] }, { [v]: x });
    return op === '<'
      ? y < 0
      : op === '>'
        ? y > 0
        : op === '<='
          ? y <= 1e-12
          : op === '>='
            ? y >= -1e-12
            : Math.abs(y) < 1e-12;
  };
  const strict = op === '<' || op === '>';
  const lt = strict ? '<' : '<=';
  const gt = strict ? '>' : '>=';
  // Test one point in each interval between roots, plus the roots themselves.
  const cuts = values;
  const samples =
    cuts.length === 0
      ? [0]
      : [cuts[0]! - 1, ...cuts.slice(1).map((c, k) => (c + cuts[k]!) / 2), cuts[cuts.length - 1]! + 1];
  const inside = samples.map(holds);
  const x = sym(v);
  const relText = (a: Node, o: string, b: Node): string => `${toText(a)} ${o} ${toText(b)}`;
  let text: string;
  if (cuts.length === 0) text = inside[0] ? 'all real numbers' : 'no solution';
  else if (cuts.length === 1) {
    const r = roots[0]!;
    text =
      inside[0] && inside[1]
        ? strict
          ? `${v} != ${toText(r)}`
          : 'all real numbers'
        : inside[0]
          ? relText(x, lt, r)
          : inside[1]
            ? relText(x, gt, r)
            : strict
              ? 'no solution'
              : `${v} = ${toText(r)}`;
  } else if (inside[1]) text = `${toText(roots[0]!)} ${lt} ${v} ${lt} ${toText(roots[1]!)}`;
  else text = `${relText(x, lt, roots[0]!)} or ${relText(x, gt, roots[1]!)}`;
  // Check: sample many points and compare membership in the answer with the original inequality.
  const answerNode = text.includes(' or ') || /real|solution|!=/.test(text) ? null : parse(text);
  let passed = true;
  if (answerNode) {
    for (let k = -40; k <= 40; k++) {
      const t = k * 0.37 + 0.011;
      const inAnswer =
        answerNode.k === 'rel'
          ? holdsRel(answerNode, v, t)
          : answerNode.k === 'call'
            ? answerNode.args.every((a) => holdsRel(a, v, t))
            : false;
      if (inAnswer !== holds(t)) passed = false;
    }
  }
  return {
    kind: deg === 1 ? 'linear-inequality' : 'quadratic-inequality',
    answer: { text, latex: text.replace(/<=/g, '\\le').replace(/>=/g, '\\ge').replace(/ or /g, ' \\text{ or } ') },
    steps: [
      step('Move everything to one side', 'Compare the expression with 0.', {
        k: 'rel',
        op,
        a: polyToNode(p, v),
        b: num(0),
      }),
      step(
        'Find the boundary points',
        cuts.length
          ? `Solve the equation: ${roots.map((r) => `${v} = ${toText(r)}`).join(', ')}.`
          : 'The expression is never zero.',
      ),
      step(
        'Test each interval',
        'Pick a point in each interval and check the sign (dividing by a negative number flips the inequality).',
      ),
    ],
    checks: [
      { kind: 'sample-points', passed, detail: 'the answer and the original inequality agree at 81 sample points' },
    ],
    hints: [
      `This is a ${deg === 1 ? 'linear' : 'quadratic'} inequality.`,
      'Solve the matching equation to find the boundary points.',
      'Test a point in each interval.',
    ],
    grade: (s) =>
      s.replace(/\s/g, '') === text.replace(/\s/g, '')
        ? { correct: true, differences: [] }
        : { correct: false, differences: [`the solution set is ${text}`] },
    similar: (random) => `${randInt(random, 2, 9)}x - ${randInt(random, 1, 20)} > ${randInt(random, 1, 20)}`,
  };
};

const holdsRel = (node: Node, v: string, t: number): boolean => {
  if (node.k !== 'rel') return false;
  const a = evalReal(node.a, { [v]: t });
  const b = evalReal(node.b, { [v]: t });
  return node.op === '<'
    ? a < b
    : node.op === '>'
      ? a > b
      : node.op === '<='
        ? a <= b
        : node.op === '>='
          ? a >= b
          : a === b;
};

/** Exact root of b^(m x + n) = c, e^(m x + n) = c, log_b(m x + n) = c, ln(m x + n) = c; null for other shapes. */
const exponentialRoot = (node: Node & { k: 'rel' }, v: string): Node | null => {
  let [lhs, rhs] = [node.a, node.b];
  if (variables(lhs).length === 0) [lhs, rhs] = [rhs, lhs];
  if (variables(rhs).length > 0) return null;
  const linearSolve = (u: Node, value: Node): Node | null => {
    try {
      const f = toRatFn(u, v);
      if (f.den.length !== 1 || f.num.length !== 2) return null;
      const [n, m] = [f.num[0]!, f.num[1]!];
      if (value.k === 'num') return num(R.div(R.sub(value.v, n), m));
      const shifted = R.isZero(n) ? value : { k: 'add' as const, args: [value, num(R.neg(n))] };
      return R.isOne(m) ? shifted : div(shifted, num(m));
    } catch {
      return null;
    }
  };
  const c = rhs.k === 'num' ? rhs.v : null;
  const isE = (n: Node): boolean => n.k === 'sym' && n.name === 'e';
  if (
    (lhs.k === 'pow' && variables(lhs.a).length === 0 && variables(lhs.b).length > 0) ||
    (lhs.k === 'call' && lhs.fn === 'exp')
  ) {
    const base = lhs.k === 'pow' ? lhs.a : sym('e');
    const u = lhs.k === 'pow' ? lhs.b : lhs.args[0]!;
    if (!c || R.sign(c) <= 0) return null;
    let exponent: Node | null = null;
    if (base.k === 'num' && R.isInt(base.v) && base.v.n > 1n && R.isInt(c)) {
      // b^k = c with k a whole number (2^x = 32 gives 5, exactly), including negative k for 1/c.
      let power = 1n;
      for (let k = 0; k <= 64 && power <= c.n; k++, power *= base.v.n) if (power === c.n) exponent = num(k);
    }
    if (!exponent && base.k === 'num' && R.isInt(base.v) && c.n === 1n && c.d > 1n) {
      let power = 1n;
      for (let k = 0; k <= 64 && power <= c.d; k++, power *= base.v.n) if (power === c.d) exponent = num(-k);
    }
    if (!exponent) exponent = isE(base) ? call('ln', rhs) : div(call('ln', rhs), call('ln', base));
    return linearSolve(u, exponent);
  }
  if (lhs.k === 'call' && (lhs.fn === 'ln' || lhs.fn === 'log') && rhs.k === 'num') {
    const base = lhs.fn === 'ln' ? sym('e') : lhs.args[1]!;
    const value: Node =
      base.k === 'num' && R.isInt(rhs.v) && Math.abs(Number(rhs.v.n)) <= 64
        ? num(R.pow(base.v, Number(rhs.v.n)))
        : isE(base) && R.isInt(rhs.v) && R.isOne(rhs.v)
          ? sym('e')
          : { k: 'pow', a: base, b: rhs };
    return linearSolve(lhs.args[0]!, value);
  }
  return null;
};

/** A polynomial result is written highest power first (`9*x^2 + 6*x - 3`); anything else is left as it is. */
const polish = (node: Node, v: string): Node => {
  try {
    const f = toRatFn(node, v);
    return f.den.length === 1 && R.isOne(f.den[0]!) ? polyToNode(f.num, v) : node;
  } catch {
    return node;
  }
};
