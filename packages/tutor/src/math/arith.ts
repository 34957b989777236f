/**
 * Arithmetic, percentages and fraction arithmetic, exact: `1/2 + 1/3` is `5/6`, `15% of 80` is `12`. A result
 * that is not rational (`sqrt(2)`, `pi/3`) is refused rather than rounded and passed off as exact.
 */
import { type Node, Unsupported } from './ast';
import { type Outcome, fmt, randInt, step } from './common';
import { Undefined, close, evaluate } from './evaluate';
import { gradeExpression } from './grade';
import { toLatex, toText } from './print';
import * as R from '../rational';
import type { Q } from '../rational';

const MAX_BITS = 4096;

/** Exact value of a number-only tree, or null when it is not rational. Guards sizes before computing. */
/**
 * log_base(x) when it is rational (log_2(8) = 3, log_8(2) = 1/3, log_4(1/2) = -1/2): x^q = base^p checked exactly
 * for small q; null otherwise (log_2(3) is irrational and is refused, never rounded).
 */
const exactLog = (x: Q, base: Q): Q | null => {
  if (R.sign(x) <= 0 || R.sign(base) <= 0 || R.isOne(base)) throw new Undefined('a logarithm of a non-positive number');
  const ratio = Math.log(R.toNumber(x)) / Math.log(R.toNumber(base));
  if (!Number.isFinite(ratio) || Math.abs(ratio) > 64) return null;
  for (let q = 1; q <= 6; q++) {
    const p = Math.round(ratio * q);
    if (Math.abs(ratio * q - p) > 1e-9) continue;
    if (R.eq(R.pow(base, p), R.pow(x, q))) return R.q(p, q);
  }
  return null;
};

export const exactValue = (node: Node): Q | null => {
  switch (node.k) {
    case 'num':
      return node.v;
    case 'sym':
      return null;
    case 'neg': {
      const v = exactValue(node.arg);
      return v && R.neg(v);
    }
    case 'add':
    case 'mul': {
      let acc = node.k === 'add' ? R.ZERO : R.ONE;
      for (const a of node.args) {
        const v = exactValue(a);
        if (!v) return null;
        acc = node.k === 'add' ? R.add(acc, v) : R.mul(acc, v);
      }
      return acc;
    }
    case 'div': {
      const a = exactValue(node.a);
      const b = exactValue(node.b);
      if (!a || !b) return null;
      if (R.isZero(b)) throw new Undefined('division by zero');
      return R.div(a, b);
    }
    case 'pow': {
      const a = exactValue(node.a);
      const b = exactValue(node.b);
      if (!a || !b) return null;
      if (!R.isInt(b)) {
        // Rational exponents only when the root is exact (8^(2/3) = 4).
        if (b.d > 12n || R.sign(a) < 0) return null;
        const root = (v: bigint): bigint | null => {
          const r = BigInt(Math.round(Number(v) ** (1 / Number(b.d))));
          for (const c of [r - 1n, r, r + 1n]) if (c >= 0n && c ** b.d === v) return c;
          return null;
        };
        const n = root(a.n);
        const d = root(a.d);
        if (n === null || d === null) return null;
        return exactValue({ k: 'pow', a: { k: 'num', v: R.q(n, d) }, b: { k: 'num', v: R.q(b.n) } });
      }
      if (R.isZero(a) && R.sign(b) <= 0) throw new Undefined('0 to a non-positive power');
      const e = Number(b.n);
      if (R.isZero(a) || R.isOne(a)) return R.isZero(a) ? R.ZERO : R.ONE;
      if (a.n === -1n && a.d === 1n) return R.q(b.n % 2n === 0n ? 1 : -1);
      if (Math.abs(e) * R.bits(a) > MAX_BITS) throw new Unsupported('the number is too large to compute exactly');
      return R.pow(a, e);
    }
    case 'call': {
      const x = node.args[0] ? exactValue(node.args[0]) : null;
      if (!x) return null;
      if (node.fn === 'abs') return R.sign(x) < 0 ? R.neg(x) : x;
      if (node.fn === 'sqrt') {
        if (R.sign(x) < 0) return null;
        const n = R.isqrt(x.n);
        const d = R.isqrt(x.d);
        return n * n === x.n && d * d === x.d ? R.q(n, d) : null;
      }
      if (node.fn === 'cbrt') {
        const root = exactValue({
          k: 'pow',
          a: { k: 'num', v: R.sign(x) < 0 ? R.neg(x) : x },
          b: { k: 'num', v: R.q(1, 3) },
        });
        return root && (R.sign(x) < 0 ? R.neg(root) : root);
      }
      if (node.fn === 'log') {
        const base = node.args[1] ? exactValue(node.args[1]) : null;
        return base && exactLog(x, base);
      }
      if (node.fn === 'factorial') {
        if (!R.isInt(x) || x.n < 0n) throw new Undefined('factorial of a non-natural number');
        if (x.n > 300n) throw new Unsupported('the number is too large to compute exactly');
        let r = 1n;
        for (let k = 2n; k <= x.n; k++) r *= k;
        return R.q(r);
      }
      return null;
    }
    default:
      return null;
  }
};

/** Percentages and decimals read best as decimals; fraction arithmetic keeps fractions. */
export const formatValue = (v: Q, preferDecimal: boolean): { text: string; latex: string } => {
  const decimal = preferDecimal ? R.toTerminatingDecimal(v) : null;
  if (decimal !== null) return { text: decimal, latex: decimal };
  const node: Node = { k: 'num', v };
  return { text: toText(node), latex: toLatex(node) };
};

export const solveArithmetic = (node: Node, source: string, percentOf: boolean): Outcome => {
  let value: Q | null;
  try {
    value = exactValue(node);
  } catch (error) {
    if (error instanceof Undefined) throw new Unsupported(`the expression is undefined: ${error.message}`);
    throw error;
  }
  if (!value)
    throw new Unsupported('the exact value is not a rational number; exact irrational arithmetic is not supported yet');
  const preferDecimal = /[.%]/.test(source) || /percent|increase|decrease/i.test(source);
  const shown = formatValue(value, preferDecimal);
  const kind = /%|percent/i.test(source) ? 'percentage' : /\//.test(source) ? 'fraction-arithmetic' : 'arithmetic';
  const steps = [step('Read the expression', 'Written in calculator form:', node)];
  if (kind === 'percentage') {
    steps.push(
      step(
        'Turn percentages into fractions',
        'p% means p/100; "of" means multiply; "increased by p%" means multiply by (1 + p/100).',
      ),
    );
  }
  if (kind === 'fraction-arithmetic') {
    steps.push(
      step(
        'Use a common denominator',
        'Add or subtract fractions over their least common denominator, multiply numerators and denominators, then reduce.',
      ),
    );
  }
  steps.push(step('Result', `The exact value is ${shown.text}.`, shown.latex));
  // Independent check: floating-point evaluation of the same tree must agree with the exact result.
  let checkPassed = false;
  let detail: string;
  try {
    const approx = evaluate(node, {});
    checkPassed = close(approx, { re: R.toNumber(value), im: 0 }, 1e-9);
    detail = `numeric evaluation gives ${fmt(approx)}`;
  } catch (error) {
    detail = `numeric evaluation failed: ${(error as Error).message}`;
  }
  const expected: Node = { k: 'num', v: value };
  return {
    kind,
    answer: shown,
    steps,
    checks: [{ kind: 'numeric-evaluation', passed: checkPassed, detail }],
    hints:
      kind === 'percentage'
        ? [
            'This is a percentage problem.',
            'Write the percentage as a fraction of 100.',
            percentOf ? 'Multiply that fraction by the amount.' : 'Multiply by 1 plus (or minus) that fraction.',
          ]
        : kind === 'fraction-arithmetic'
          ? [
              'This is fraction arithmetic.',
              'Find the least common denominator.',
              'Rewrite each fraction over it, combine the numerators, then reduce.',
            ]
          : [
              'This is arithmetic: mind the order of operations.',
              'Brackets first, then powers, then × and ÷, then + and −.',
            ],
    grade: (s) => gradeExpression(expected, s.replace(/%\s*$/, '')),
    similar: (random) => {
      if (kind === 'percentage') {
        const p = randInt(random, 1, 19) * 5;
        const amount = randInt(random, 2, 40) * 10;
        return /increase|decrease/i.test(source)
          ? `${amount} ${/decrease/i.test(source) ? 'decreased' : 'increased'} by ${p}%`
          : `${p}% of ${amount}`;
      }
      if (kind === 'fraction-arithmetic') {
        const b = randInt(random, 2, 9);
        const d = randInt(random, 2, 9, [b]);
        // Fractions in lowest terms, as a teacher sets them (not 4/8).
        const lowest = (den: number): number => {
          const top = randInt(random, 1, den - 1);
          return R.gcd(BigInt(top), BigInt(den)) === 1n ? top : 1;
        };
        return `${String(lowest(b))}/${String(b)} + ${String(lowest(d))}/${String(d)}`;
      }
      return `${String(randInt(random, 2, 50))} × ${String(randInt(random, 2, 20))} - ${String(randInt(random, 2, 99))}`;
    },
  };
};
