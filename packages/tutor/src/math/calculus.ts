/**
 * Calculus and symbolic algebra: derivatives, integrals, limits, expanding, factoring, simplifying. nerdamer-prime
 * does the symbolic work (cas.ts); every result is then checked by our own numeric evaluator against the ORIGINAL
 * question: finite differences, quadrature, substitution. A result that fails or cannot be read back is refused,
 * never shown. Equations that are not polynomial are in nonpolynomial.ts, inequalities in inequality.ts.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { type Node, Unsupported, div, neg, substitute, sym, variables } from './ast';
import { cas, casGuard, fromCas, polish, toCas } from './cas';
import { type Outcome, fmt, randInt, step } from './common';
import { type C, Undefined, close, evalReal, evaluate } from './evaluate';
import { gradeExpression } from './grade';
import { parse } from './parse';
import { factorOverRationals } from './factor';
import { degree, polyToNode, toRatFn, NotRational } from './poly';
import { toLatex, toText } from './print';
import * as R from '../rational';
import { similarLimit, similarRationalExpression } from './practice';

export type Intent = 'auto' | 'derivative' | 'integral' | 'limit' | 'factor' | 'expand' | 'simplify';
export interface CalculusOptions {
  variable?: string | undefined;
  lower?: string | undefined;
  upper?: string | undefined;
  point?: string | undefined;
  /** The order of a derivative (2 for the second derivative); 1 when not given. */
  order?: number | undefined;
  /** The tangent line at `point` is asked, not the derivative. */
  tangent?: boolean | undefined;
}

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

export const mainVariable = (node: Node, options: CalculusOptions): string => {
  const vars = variables(node);
  if (options.variable) return options.variable;
  if (vars.length > 1) throw new Unsupported(`several variables (${vars.join(', ')}): say which one, e.g. "… for x"`);
  return vars[0] ?? 'x';
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
      if ((options.order ?? 1) > 1 || options.point !== undefined || options.tangent)
        return derivativeBeyondFirst(node, v, options);
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
      let passed: boolean;
      let detail: string;
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
          step(
            'Evaluate at the bounds',
            'Take the antiderivative at the upper bound minus its value at the lower bound.',
            `F\\left(${toLatex(b)}\\right) - F\\left(${toLatex(a)}\\right)`,
          ),
          step('Result', 'Simplify.', value),
        ],
        checks: [
          { kind: 'quadrature', passed, detail },
          { kind: 'differentiate-back', ...back },
        ],
        hints: [
          'This is a definite integral.',
          'Find an antiderivative F first.',
          'Work out F at the upper limit minus F at the lower limit.',
        ],
        grade: (s) => gradeExpression(value, s),
        similar: (random) =>
          `integrate ${randInt(random, 2, 9)}x^2 + ${randInt(random, 1, 9)} from 0 to ${randInt(random, 1, 4)}`,
      };
    }
    case 'limit': {
      if (options.point === undefined) throw new Unsupported('say where the limit is taken, e.g. "as x -> 0"');
      // At infinity: 'inf' and '-inf' (the phrasing layer writes "as x goes to negative infinity" so).
      const infinite = /^([-+]?)inf$/.exec(options.point.replace(/\s/g, ''));
      const sign = infinite?.[1] === '-' ? -1 : 1;
      const pointNode = parse(options.point);
      const at = infinite ? (sign < 0 ? '-Infinity' : 'Infinity') : toCas(pointNode);
      let raw = cas(`limit(${toCas(node)}, ${v}, ${at})`);
      // nerdamer leaves e^x at −∞ as e^(-Infinity): x = −t turns it into a limit at +∞, which it does read.
      const flipped = infinite !== null && sign < 0 && /infinity|undefined|nan/i.test(raw);
      if (flipped) raw = cas(`limit(${toCas(substitute(node, v, neg(sym(v))))}, ${v}, Infinity)`);
      if (/infinity|undefined|nan|limit/i.test(raw))
        throw new Unsupported(
          'I cannot find this limit reliably: it may be infinite or not exist, or need a method I do not have',
        );
      const L = fromCas(raw, false);
      // A limit left with a letter in it: the question has another unknown (often a word read as letters).
      if (variables(L).length > 0) throw new Unsupported(`the limit depends on ${variables(L).join(', ')} as well`);
      const target = evalReal(L, {});
      let passed = true;
      let detail = '';
      const p = infinite ? sign * Infinity : evalReal(pointNode, {});
      // Far out for rational functions; where that overflows (e^x at x = 10^5), nearer, where exponentials have
      // long since settled: at 40 and 80 e^-x is below 10^-17.
      const overflows = (x: number): boolean => {
        try {
          return !Number.isFinite(evalReal(node, { [v]: x }));
        } catch {
          return true;
        }
      };
      const far = [sign * 1e5, sign * 1e6];
      const probes = infinite
        ? far.some(overflows)
          ? [sign * 40, sign * 80]
          : far
        : [p - 1e-5, p + 1e-5, p - 1e-6, p + 1e-6];
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
          ...(flipped
            ? [
                step(
                  'Turn it into a limit at +∞',
                  `Write ${v} = −t: as ${v} → −∞, t → +∞, and every ${v} in the expression becomes −t.`,
                ),
              ]
            : []),
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
        similar: similarLimit,
      };
    }
    default:
      return simplifyLike(intent, node, v);
  }
};

/** A value in a formula: a negative or compound one in brackets. */
const bracketed = (node: Node): string =>
  node.k === 'num' && R.sign(node.v) >= 0 ? toText(node) : `(${toText(node)})`;

const ORDINAL_WORDS = ['', 'first', 'second', 'third', 'fourth', 'fifth'];

/** An exact value with no letters left: CAS simplification of a number, or a refusal. */
const exactNumber = (node: Node): Node => {
  const value = polish(fromCas(cas(toCas(node)), false), 'x');
  if (variables(value).length > 0) throw new Unsupported('the value at that point still has letters in it');
  let approx: number;
  try {
    approx = evalReal(value, {});
  } catch (error) {
    if (error instanceof Undefined) throw new Unsupported('the function is not defined at that point');
    throw error;
  }
  if (!Number.isFinite(approx)) throw new Unsupported('the function is not defined at that point');
  return value;
};

/**
 * Derivatives of a higher order (differentiate once per step), at a point (then substitute, then work it out), and
 * the tangent line there. Each differentiation is checked against a finite difference of the one before; the
 * value at the point against a finite difference at the point itself.
 */
const derivativeBeyondFirst = (node: Node, v: string, options: CalculusOptions): Outcome => {
  const order = options.order ?? 1;
  if (!Number.isInteger(order) || order < 1 || order > 5) throw new Unsupported('I take derivatives up to the fifth');
  if (options.tangent && order !== 1) throw new Unsupported('a tangent line uses the first derivative only');
  const chain: Node[] = [node];
  const steps = [step('Read the function', `Differentiate with respect to ${v}.`, node)];
  const details: string[] = [];
  let passed = true;
  for (let k = 1; k <= order; k++) {
    const previous = chain[k - 1]!;
    const d = polish(fromCas(cas(`diff(${toCas(previous)}, ${v})`), false), v);
    chain.push(d);
    const match = derivativeMatches(previous, d, v);
    passed &&= match.passed;
    details.push(`${ORDINAL_WORDS[k] ?? String(k)} derivative: ${match.detail}`);
    steps.push(
      step(
        k === 1 ? 'Differentiate' : `Differentiate again (${ORDINAL_WORDS[k] ?? String(k)} derivative)`,
        k === 1
          ? "Use the sum rule term by term, the product rule (u·v)' = u'·v + u·v', the chain rule for functions of functions, and the power rule (x^n)' = n·x^(n-1)."
          : 'Differentiate the previous result with the same rules.',
        d,
      ),
    );
  }
  const derivative = chain[order]!;
  const checks = [{ kind: 'finite-difference', passed, detail: details.join('; ') }];
  const name = order === 1 ? "f'" : order === 2 ? "f''" : `f^(${String(order)})`;
  if (options.point === undefined) {
    return {
      kind: 'higher-derivative',
      answer: answerOf(derivative),
      steps: [...steps, step('Result', `The ${ORDINAL_WORDS[order] ?? ''} derivative is:`, derivative)],
      checks,
      hints: [
        `This is a ${ORDINAL_WORDS[order] ?? ''} derivative: differentiate ${String(order)} times.`,
        'Differentiate once and simplify.',
        'Differentiate that result again.',
      ],
      grade: (s) => gradeExpression(derivative, s),
      similar: similarPolynomial((p) => `${ORDINAL_WORDS[order] ?? 'second'} derivative of ${p}`),
    };
  }
  const a = parse(options.point);
  if (variables(a).length > 0) throw new Unsupported('the point must be a number, such as x = 2');
  const at = evalReal(a, {});
  const substituted = substitute(derivative, v, a);
  const value = exactNumber(substituted);
  const got = evalReal(value, {});
  let expected: number;
  try {
    expected = numericDerivative(chain[order - 1]!, v, at);
  } catch {
    throw new Unsupported('the function is not defined around that point');
  }
  const atPassed = Number.isFinite(expected) && Math.abs(expected - got) <= 1e-5 * Math.max(1, Math.abs(expected));
  checks.push({
    kind: 'finite-difference-at-point',
    passed: atPassed,
    detail: `at ${v} = ${toText(a)} a finite difference gives ${fmt({ re: expected, im: 0 })}, the exact value is ${fmt({ re: got, im: 0 })}`,
  });
  const pointSteps = [
    step(`Substitute ${v} = ${toText(a)}`, `Put ${toText(a)} in place of ${v} in ${name}(${v}).`, substituted),
    step('Work it out', `${name}(${toText(a)}) = ${toText(value)}.`, value),
  ];
  if (!options.tangent) {
    return {
      kind: 'derivative-at-point',
      answer: answerOf(value),
      steps: [...steps, ...pointSteps],
      checks,
      hints: [
        `This is a derivative at a point: differentiate first, as a function of ${v}.`,
        `Then substitute ${v} = ${toText(a)} into the derivative (not into the original function).`,
      ],
      grade: (s) => gradeExpression(value, s),
      similar: (random) => `derivative of ${String(randInt(random, 2, 6))}x^3 at x = ${String(randInt(random, -3, 3))}`,
    };
  }
  // The tangent line: the point on the curve, then y - y0 = m(x - a), then y = m x + c.
  const y0 = exactNumber(substitute(node, v, a));
  const slopeForm = `(${toCas(value)})*(${v} - (${toCas(a)})) + (${toCas(y0)})`;
  const line = polish(fromCas(cas(`expand(${slopeForm})`), false), v);
  const lineAt = (x: number): number => evalReal(line, { [v]: x });
  const touches = Math.abs(lineAt(at) - evalReal(node, { [v]: at })) <= 1e-9 * Math.max(1, Math.abs(lineAt(at)));
  const slope = lineAt(at + 1) - lineAt(at);
  const sameSlope = Math.abs(slope - expected) <= 1e-5 * Math.max(1, Math.abs(expected));
  checks.push({
    kind: 'tangent-touches',
    passed: touches && sameSlope,
    detail: `the line meets the curve at ${v} = ${toText(a)} and its slope ${fmt({ re: slope, im: 0 })} matches the curve's`,
  });
  return {
    kind: 'tangent-line',
    answer: { text: `y = ${toText(line)}`, latex: `y = ${toLatex(line)}` },
    steps: [
      ...steps,
      ...pointSteps.map((s, i) => (i === 1 ? { ...s, explanation: `${s.explanation} This is the slope m.` } : s)),
      step(
        'Find the point on the curve',
        `Put ${v} = ${toText(a)} in the function itself: y = ${toText(y0)}.`,
        substitute(node, v, a),
      ),
      step(
        'Use the point-slope form',
        `y − y₀ = m(${v} − ${v}₀): y − ${bracketed(y0)} = ${bracketed(value)}(${v} − ${bracketed(a)}).`,
      ),
      step('Rearrange to y = m' + v + ' + c', 'Expand the bracket and collect the constant.', `y = ${toLatex(line)}`),
    ],
    checks,
    hints: [
      'This is a tangent line: its slope is the derivative at the point.',
      'The tangent passes through the point on the curve.',
      'Use y − y₀ = m(x − x₀).',
    ],
    grade: (s) => gradeExpression(line, s.replace(/^\s?y\s?=\s?/i, '')),
  };
};

/** Expand, factor or simplify, checked by evaluating original and result at sample points. */
const simplifyLike = (intent: Intent, node: Node, v: string): Outcome => {
  let result: Node;
  let kind: string;
  if (intent === 'expand' || intent === 'simplify') {
    try {
      const f = toRatFn(node, v);
      if (f.den.length === 1 && R.isOne(f.den[0]!)) {
        result = polyToNode(f.num, v);
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
    kind = 'factor-polynomial';
    // A polynomial in one variable is factored by its rational roots, multiplied back exactly (factor.ts); the
    // CAS only for what that cannot show.
    let own: ReturnType<typeof factorOverRationals> = null;
    try {
      const f = toRatFn(node, v);
      if (degree(f.den) === 0 && variables(node).length === 1) own = factorOverRationals(f.num, v);
    } catch (error) {
      if (!(error instanceof NotRational)) throw error;
    }
    result = own?.node ?? fromCas(cas(`factor(${toCas(node)})`), false);
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
      if (kind === 'simplify-rational-expression') return similarRationalExpression(random);
      const r1 = randInt(random, -9, 9, [0]);
      const r2 = randInt(random, -9, 9, [0, r1, -r1]);
      return intent === 'factor'
        ? `factor x^2 ${-(r1 + r2) < 0 ? '-' : '+'} ${Math.abs(r1 + r2)}x ${r1 * r2 < 0 ? '-' : '+'} ${Math.abs(r1 * r2)}`
        : `expand (x ${r1 < 0 ? '-' : '+'} ${Math.abs(r1)})(x ${r2 < 0 ? '-' : '+'} ${Math.abs(r2)})`;
    },
  };
};
