/**
 * The exact ring of the rewrite chain: every trig call becomes a polynomial in sin(u) and cos(u) of a base angle u
 * of each variable (a TrigPoly: sparse, keyed by exponents), a quotient of two is a TrigRatio, and
 * sin²u + cos²u = 1 decides equality. Not math/poly.ts's Poly (dense, one variable, for equations): different
 * names, so a reader never takes one for the other.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { type Node, call, div, num, sym } from '../ast';
import * as R from '../../rational';
import type { Q } from '../../rational';
import { type Lin, NotTrig, TRIG, linOf, trigCalls } from './angles';

export interface Ctx {
  vars: string[];
  /** Base angle of v is v / L[v]. */
  L: Record<string, bigint>;
}
/** Coefficient per term; a term's key is its exponents of sin(u0), cos(u0), sin(u1), … joined by commas. */
export type TrigPoly = Map<string, Q>;
/** A quotient of two TrigPolys. */
export interface TrigRatio {
  n: TrigPoly;
  d: TrigPoly;
}

const width = (ctx: Ctx): number => 2 * ctx.vars.length;
export const keyOf = (e: number[]): string => e.join(',');
export const expsOf = (key: string): number[] => (key === '' ? [] : key.split(',').map(Number));
const MAX_TERMS = 400;
const MAX_DEGREE = 24;

const trigConst = (ctx: Ctx, k: Q): TrigPoly => {
  const p: TrigPoly = new Map();
  if (!R.isZero(k)) p.set(keyOf(new Array<number>(width(ctx)).fill(0)), k);
  return p;
};
const trigAtom = (ctx: Ctx, index: number): TrigPoly => {
  const e = new Array<number>(width(ctx)).fill(0);
  e[index] = 1;
  return new Map([[keyOf(e), R.ONE]]);
};
export const addTerm = (p: TrigPoly, key: string, k: Q): void => {
  const v = R.add(p.get(key) ?? R.ZERO, k);
  if (R.isZero(v)) p.delete(key);
  else p.set(key, v);
};
export const trigAdd = (a: TrigPoly, b: TrigPoly, kb: Q = R.ONE): TrigPoly => {
  const out = new Map(a);
  for (const [key, k] of b) addTerm(out, key, R.mul(k, kb));
  return out;
};
export const trigScale = (a: TrigPoly, k: Q): TrigPoly => trigAdd(new Map(), a, k);
const trigMul = (a: TrigPoly, b: TrigPoly): TrigPoly => {
  const out: TrigPoly = new Map();
  for (const [ka, va] of a) {
    const ea = expsOf(ka);
    for (const [kb, vb] of b) {
      const eb = expsOf(kb);
      const e = ea.map((x, i) => x + eb[i]!);
      if (e.reduce((s, x) => s + x, 0) > MAX_DEGREE) throw new NotTrig('too high a degree');
      addTerm(out, keyOf(e), R.mul(va, vb));
    }
  }
  if (out.size > MAX_TERMS) throw new NotTrig('too many terms');
  return out;
};
const isZeroTrig = (p: TrigPoly): boolean => p.size === 0;
export const trigConstantOf = (p: TrigPoly): Q | null => {
  if (p.size === 0) return R.ZERO;
  if (p.size !== 1) return null;
  const [key, k] = [...p][0]!;
  return expsOf(key).every((x) => x === 0) ? k : null;
};

/** Replaces cos² by 1 − sin² (toward 'sin') or sin² by 1 − cos² (toward 'cos') until none is left. */
export const reduceSquares = (p: TrigPoly, toward: 'sin' | 'cos' = 'sin'): TrigPoly => {
  const out: TrigPoly = new Map();
  const stack: [number[], Q][] = [...p].map(([key, k]) => [expsOf(key), k]);
  let guard = 0;
  while (stack.length) {
    if (++guard > 20000) throw new NotTrig('too large');
    const [e, k] = stack.pop()!;
    const j = e.findIndex((x, i) => (toward === 'sin' ? i % 2 === 1 : i % 2 === 0) && x >= 2);
    if (j < 0) {
      addTerm(out, keyOf(e), k);
      continue;
    }
    const other = toward === 'sin' ? j - 1 : j + 1;
    const base = [...e];
    base[j] = base[j]! - 2;
    const swapped = [...base];
    swapped[other] = swapped[other]! + 2;
    stack.push([base, k], [swapped, R.neg(k)]);
  }
  return out;
};

export const ratioConst = (ctx: Ctx, k: Q): TrigRatio => ({ n: trigConst(ctx, k), d: trigConst(ctx, R.ONE) });
const ratioAdd = (a: TrigRatio, b: TrigRatio, kb: Q = R.ONE): TrigRatio => {
  if (sameTrigPoly(a.d, b.d)) return { n: trigAdd(a.n, b.n, kb), d: a.d };
  return { n: trigAdd(trigMul(a.n, b.d), trigMul(b.n, a.d), kb), d: trigMul(a.d, b.d) };
};
const ratioMul = (a: TrigRatio, b: TrigRatio): TrigRatio => ({ n: trigMul(a.n, b.n), d: trigMul(a.d, b.d) });
const ratioInverse = (a: TrigRatio): TrigRatio => {
  if (isZeroTrig(reduceSquares(a.n))) throw new NotTrig('division by zero');
  return { n: a.d, d: a.n };
};
const sameTrigPoly = (a: TrigPoly, b: TrigPoly): boolean =>
  a.size === b.size && [...a].every(([k, v]) => R.eq(b.get(k) ?? R.ZERO, v));

/** Exact equality of two ring elements, using sin² + cos² = 1 (the quotient ring is an integral domain). */
export const ratioEqual = (a: TrigRatio, b: TrigRatio): boolean =>
  isZeroTrig(reduceSquares(trigAdd(trigMul(a.n, b.d), trigMul(b.n, a.d), R.q(-1))));

export interface TrigRing {
  ctx: Ctx;
  toRat: (n: Node) => TrigRatio;
  /** sin and cos of an angle as ring elements. */
  sinCos: (l: Lin) => { s: TrigPoly; c: TrigPoly };
  isBase: (l: Lin) => boolean;
  atomNode: (index: number) => Node;
}

/** The ring for a set of trees: base angle of each variable is v/L with L the lcm of its denominators. */
export const buildRing = (nodes: Node[]): TrigRing => {
  const vars: string[] = [];
  const L: Record<string, bigint> = {};
  for (const n of nodes)
    for (const t of trigCalls(n)) {
      if (t.k !== 'call') continue;
      const l = linOf(t.args[0]!);
      for (const [v, x] of Object.entries(l.c)) {
        if (R.isZero(x)) continue;
        if (!vars.includes(v)) vars.push(v);
        L[v] = R.lcm(L[v] ?? 1n, x.d);
      }
    }
  if (vars.length === 0 || vars.length > 3) throw new NotTrig('no variable angle');
  const ctx: Ctx = { vars, L };
  const multiple = new Map<string, { s: TrigPoly; c: TrigPoly }>();
  const sinCosMultiple = (j: number, n: number): { s: TrigPoly; c: TrigPoly } => {
    const key = `${j}:${n}`;
    const hit = multiple.get(key);
    if (hit) return hit;
    let result: { s: TrigPoly; c: TrigPoly };
    if (Math.abs(n) > 8) throw new NotTrig('too large a multiple angle');
    if (n === 0) result = { s: new Map(), c: trigConst(ctx, R.ONE) };
    else if (n < 0) {
      const p = sinCosMultiple(j, -n);
      result = { s: trigScale(p.s, R.q(-1)), c: p.c };
    } else if (n === 1) result = { s: trigAtom(ctx, 2 * j), c: trigAtom(ctx, 2 * j + 1) };
    else {
      const p = sinCosMultiple(j, n - 1);
      const one = sinCosMultiple(j, 1);
      result = {
        s: trigAdd(trigMul(p.s, one.c), trigMul(p.c, one.s)),
        c: trigAdd(trigMul(p.c, one.c), trigMul(p.s, one.s), R.q(-1)),
      };
    }
    multiple.set(key, result);
    return result;
  };
  const sinCos = (l: Lin): { s: TrigPoly; c: TrigPoly } => {
    const twice = R.mul(l.pi, R.q(2));
    if (!R.isInt(twice)) throw new NotTrig('an angle that is not a multiple of pi/2');
    const k = Number(((twice.n % 4n) + 4n) % 4n);
    let s = trigConst(ctx, R.q([0, 1, 0, -1][k]!));
    let c = trigConst(ctx, R.q([1, 0, -1, 0][k]!));
    for (const [v, x] of Object.entries(l.c)) {
      if (R.isZero(x)) continue;
      const m = R.mul(x, R.q(L[v]!));
      const t = sinCosMultiple(vars.indexOf(v), Number(m.n));
      [s, c] = [trigAdd(trigMul(s, t.c), trigMul(c, t.s)), trigAdd(trigMul(c, t.c), trigMul(s, t.s), R.q(-1))];
    }
    return { s, c };
  };
  const isBase = (l: Lin): boolean => {
    const entries = Object.entries(l.c).filter(([, x]) => !R.isZero(x));
    return R.isZero(l.pi) && entries.length === 1 && R.eq(R.mul(entries[0]![1], R.q(L[entries[0]![0]]!)), R.ONE);
  };
  const toRat = (n: Node): TrigRatio => {
    switch (n.k) {
      case 'num':
        return ratioConst(ctx, n.v);
      case 'sym':
        throw new NotTrig(`${n.name} outside a trig function`);
      case 'add':
        return n.args.map(toRat).reduce((a, b) => ratioAdd(a, b));
      case 'mul':
        return n.args.map(toRat).reduce(ratioMul);
      case 'neg': {
        const a = toRat(n.arg);
        return { n: trigScale(a.n, R.q(-1)), d: a.d };
      }
      case 'div':
        return ratioMul(toRat(n.a), ratioInverse(toRat(n.b)));
      case 'pow': {
        if (n.b.k !== 'num' || !R.isInt(n.b.v) || n.b.v.n > 12n || n.b.v.n < -12n)
          throw new NotTrig('a power that is not a small integer');
        const e = Number(n.b.v.n);
        const base = toRat(n.a);
        let r = ratioConst(ctx, R.ONE);
        for (let k = 0; k < Math.abs(e); k++) r = ratioMul(r, base);
        return e < 0 ? ratioInverse(r) : r;
      }
      case 'call': {
        if (!TRIG.has(n.fn)) throw new NotTrig(`the function ${n.fn}`);
        const { s, c } = sinCos(linOf(n.args[0]!));
        const one = trigConst(ctx, R.ONE);
        const ratio = (a: TrigPoly, b: TrigPoly): TrigRatio => ratioInverse({ n: b, d: a });
        switch (n.fn) {
          case 'sin':
            return { n: s, d: one };
          case 'cos':
            return { n: c, d: one };
          case 'tan':
            return ratio(s, c);
          case 'cot':
            return ratio(c, s);
          case 'sec':
            return ratio(one, c);
          default:
            return ratio(one, s);
        }
      }
      default:
        throw new NotTrig('a relation');
    }
  };
  const atomNode = (index: number): Node => {
    const v = vars[Math.floor(index / 2)]!;
    const l = L[v]!;
    return call(index % 2 === 0 ? 'sin' : 'cos', l === 1n ? sym(v) : div(sym(v), num(l)));
  };
  return { ctx, toRat, sinCos, isBase, atomNode };
};
