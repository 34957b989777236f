/**
 * Polynomials and rational functions in one variable with exact rational coefficients: the exact core of
 * linear, quadratic, polynomial and fractional equations, and of expanding and factoring.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { type Node, Unsupported, add as addN, mul as mulN, neg as negN, num, pow as powN, sym } from './ast';
import * as R from '../rational';
import type { Q } from '../rational';

export type Poly = Q[];

export const MAX_DEGREE = 12;
const MAX_BITS = 256;

export const trim = (p: Poly): Poly => {
  const out = [...p];
  while (out.length > 0 && R.isZero(out[out.length - 1]!)) out.pop();
  return out;
};
export const degree = (p: Poly): number => trim(p).length - 1;
export const isZeroPoly = (p: Poly): boolean => trim(p).length === 0;
export const constant = (v: Q): Poly => trim([v]);
export const X: Poly = [R.ZERO, R.ONE];

export const padd = (a: Poly, b: Poly): Poly => {
  const out: Q[] = [];
  for (let k = 0; k < Math.max(a.length, b.length); k++) out.push(R.add(a[k] ?? R.ZERO, b[k] ?? R.ZERO));
  return trim(out);
};
export const pneg = (a: Poly): Poly => a.map(R.neg);
export const psub = (a: Poly, b: Poly): Poly => padd(a, pneg(b));
export const pmul = (a: Poly, b: Poly): Poly => {
  if (a.length === 0 || b.length === 0) return [];
  const out: Q[] = Array.from({ length: a.length + b.length - 1 }, () => R.ZERO);
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) out[i + j] = R.add(out[i + j]!, R.mul(a[i]!, b[j]!));
  }
  const result = trim(out);
  if (result.length - 1 > MAX_DEGREE)
    throw new Unsupported(`the degree is above ${MAX_DEGREE}, too high to handle reliably`);
  if (result.some((c) => R.bits(c) > MAX_BITS)) throw new Unsupported('the numbers grow too large to handle reliably');
  return result;
};
export const pscale = (a: Poly, k: Q): Poly => trim(a.map((c) => R.mul(c, k)));
export const lead = (p: Poly): Q => p[p.length - 1] ?? R.ZERO;

/** Long division: a = q·b + r. */
export const pdivmod = (a: Poly, b: Poly): { quo: Poly; rem: Poly } => {
  let rem = trim(a);
  const bt = trim(b);
  if (bt.length === 0) throw new RangeError('division by the zero polynomial');
  const quo: Q[] = Array.from({ length: Math.max(0, rem.length - bt.length + 1) }, () => R.ZERO);
  while (rem.length >= bt.length) {
    const shift = rem.length - bt.length;
    const factor = R.div(lead(rem), lead(bt));
    quo[shift] = factor;
    const sub: Q[] = Array.from({ length: shift }, () => R.ZERO).concat(bt.map((c) => R.mul(c, factor)));
    rem = psub(rem, sub);
  }
  return { quo: trim(quo), rem };
};

export const monic = (p: Poly): Poly => (p.length ? pscale(p, R.div(R.ONE, lead(p))) : p);

export const pgcd = (a: Poly, b: Poly): Poly => {
  let x = trim(a);
  let y = trim(b);
  while (y.length > 0) [x, y] = [y, pdivmod(x, y).rem];
  return monic(x);
};

export const peval = (p: Poly, x: Q): Q => {
  let acc = R.ZERO;
  for (let k = p.length - 1; k >= 0; k--) acc = R.add(R.mul(acc, x), p[k]!);
  return acc;
};
export const pevalNum = (p: Poly, x: number): number => {
  let acc = 0;
  for (let k = p.length - 1; k >= 0; k--) acc = acc * x + R.toNumber(p[k]!);
  return acc;
};

export const pderiv = (p: Poly): Poly => trim(p.slice(1).map((c, k) => R.mul(c, R.q(k + 1))));

/** A rational function num/den, kept reduced, plus every denominator met on the way (for excluded values). */
export interface RatFn {
  num: Poly;
  den: Poly;
}

const reduce = (f: RatFn): RatFn => {
  if (f.num.length === 0) return { num: [], den: [R.ONE] };
  const g = pgcd(f.num, f.den);
  let n = f.num;
  let d = f.den;
  if (g.length > 1) {
    n = pdivmod(n, g).quo;
    d = pdivmod(d, g).quo;
  }
  const l = lead(d);
  return { num: pscale(n, R.div(R.ONE, l)), den: pscale(d, R.div(R.ONE, l)) };
};

/** Not a polynomial/rational function in the variable (a sin, a root, x^x): callers try another route. */
export class NotRational extends Error {}

/**
 * Converts a tree to a rational function of `v`; `denominators` collects each divisor met (a root that makes one
 * of them zero is not a solution of the original equation, even when the fraction cancels).
 */
export const toRatFn = (node: Node, v: string, denominators: Poly[] = []): RatFn => {
  const go = (n: Node): RatFn => {
    switch (n.k) {
      case 'num':
        return { num: constant(n.v), den: [R.ONE] };
      case 'sym':
        if (n.name === v) return { num: X, den: [R.ONE] };
        throw new NotRational(`${n.name} is not a number`);
      case 'add':
        return n.args
          .map(go)
          .reduce((a, b) => reduce({ num: padd(pmul(a.num, b.den), pmul(b.num, a.den)), den: pmul(a.den, b.den) }));
      case 'mul':
        return n.args.map(go).reduce((a, b) => reduce({ num: pmul(a.num, b.num), den: pmul(a.den, b.den) }));
      case 'neg': {
        const a = go(n.arg);
        return { num: pneg(a.num), den: a.den };
      }
      case 'div': {
        const a = go(n.a);
        const b = go(n.b);
        if (b.num.length === 0) throw new Unsupported('the expression divides by zero');
        if (degree(b.num) > 0) denominators.push(b.num);
        return reduce({ num: pmul(a.num, b.den), den: pmul(a.den, b.num) });
      }
      case 'pow': {
        if (n.b.k !== 'num' && !(n.b.k === 'neg' && n.b.arg.k === 'num')) throw new NotRational('a non-numeric power');
        const e = n.b.k === 'num' ? n.b.v : R.neg((n.b as { arg: { v: Q } }).arg.v);
        if (!R.isInt(e)) throw new NotRational('a fractional power');
        if (e.n > BigInt(MAX_DEGREE) || e.n < -BigInt(MAX_DEGREE)) {
          throw new Unsupported('the power is too large to handle reliably');
        }
        const base = go(n.a);
        const k = Number(e.n);
        let result: RatFn = { num: [R.ONE], den: [R.ONE] };
        for (let j = 0; j < Math.abs(k); j++)
          result = { num: pmul(result.num, base.num), den: pmul(result.den, base.den) };
        if (k < 0) {
          if (base.num.length === 0) throw new Unsupported('the expression divides by zero');
          if (degree(base.num) > 0) denominators.push(base.num);
          result = { num: result.den, den: result.num };
        }
        return reduce(result);
      }
      default:
        throw new NotRational(`${n.k === 'call' ? n.fn : n.k} is not a polynomial operation`);
    }
  };
  return go(node);
};

/** Scales to integer coefficients with no common factor and a positive leading coefficient. */
export const primitive = (p: Poly): Poly => {
  const t = trim(p);
  if (!t.length) return t;
  let l = 1n;
  for (const c of t) l = R.lcm(l, c.d);
  let g = 0n;
  for (const c of t) g = R.gcd(g, (c.n * l) / c.d);
  const s = lead(t).n < 0n ? -1n : 1n;
  return t.map((c) => R.q((s * c.n * l) / c.d, g));
};

const divisors = (v: bigint): bigint[] => {
  const n = v < 0n ? -v : v;
  if (n > 10n ** 12n) throw new Unsupported('the coefficients are too large to factor reliably');
  const out: bigint[] = [];
  for (let d = 1n; d * d <= n; d++) {
    if (n % d === 0n) {
      out.push(d);
      if (d * d !== n) out.push(n / d);
    }
  }
  return out;
};

/**
 * Rational roots (with multiplicity) by the rational root theorem, and the factor left when they are divided out.
 */
export const rationalRoots = (p: Poly): { roots: Q[]; rest: Poly } => {
  let rest = primitive(p);
  const roots: Q[] = [];
  while (rest.length > 1 && R.isZero(rest[0]!)) {
    roots.push(R.ZERO);
    rest = rest.slice(1);
  }
  if (rest.length <= 1) return { roots, rest };
  const ps = divisors(rest[0]!.n);
  const qs = divisors(lead(rest).n);
  const candidates: Q[] = [];
  for (const a of ps) for (const b of qs) for (const s of [1n, -1n]) candidates.push(R.q(s * a, b));
  for (const cand of candidates) {
    while (rest.length > 1 && R.isZero(peval(rest, cand))) {
      roots.push(cand);
      rest = primitive(pdivmod(rest, [R.neg(cand), R.ONE]).quo);
    }
  }
  return { roots, rest };
};

/** The polynomial as a tree in `v`, highest power first: `x^2 - 5*x + 6`. */
export const polyToNode = (p: Poly, v: string): Node => {
  const terms: Node[] = [];
  for (let k = p.length - 1; k >= 0; k--) {
    const c = p[k]!;
    if (R.isZero(c)) continue;
    const x = k === 0 ? null : k === 1 ? sym(v) : powN(sym(v), num(k));
    if (!x) terms.push(num(c));
    else if (R.isOne(c)) terms.push(x);
    else if (R.eq(c, R.q(-1))) terms.push(negN(x));
    else if (R.isInt(c)) terms.push(mulN(num(c), x));
    else {
      // `x^3/3` reads better than `1/3*x^3`.
      const top = c.n === 1n ? x : c.n === -1n ? negN(x) : mulN(num(c.n), x);
      terms.push({ k: 'div', a: top, b: num(c.d) });
    }
  }
  return terms.length === 0 ? num(0) : addN(...terms);
};
