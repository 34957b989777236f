/**
 * Common trigonometric identities: "prove/verify/show that LHS = RHS" (answer `true` or `false`) and "simplify" of
 * trig expressions. The rewrite chain (quotient, reciprocal, double-angle, angle-sum and Pythagorean identities) is
 * done on an exact ring: every trig call becomes a polynomial in sin(u) and cos(u) of a base angle u, and
 * sin²u + cos²u = 1 decides equality. The verdict is never taken from that chain alone: it comes from an
 * independent numeric evaluation of both sides at random points (poles avoided), which can fail and then gives a
 * counterexample.
 */
import type { CheckResult, Step } from '@studyease/contract';
import {
  type Node,
  CONSTANTS,
  InvalidInput,
  Unsupported,
  add,
  call,
  div,
  mul,
  neg,
  num,
  pow,
  size,
  sym,
  variables,
} from './ast';
import { type Outcome, fmt, seeded, step } from './common';
import { type C, Undefined, complex, evaluate, magnitude } from './evaluate';
import { solveCalculus } from './calculus';
import { gradeExpression } from './grade';
import { parse } from './parse';
import { toLatex, toText } from './print';
import * as R from '../rational';
import type { Q } from '../rational';
import { trimTrailing } from '../trim-trailing';

const babs = (a: bigint): bigint => (a < 0n ? -a : a);

const TRIG = new Set(['sin', 'cos', 'tan', 'sec', 'csc', 'cot']);

/** The expression is outside the exact ring (a variable outside a trig call, sqrt, sin(x^2)…): no rewrite chain. */
class NotTrig extends Error {}

const hasTrig = (n: Node): boolean => {
  switch (n.k) {
    case 'num':
    case 'sym':
      return false;
    case 'call':
      return TRIG.has(n.fn) || n.args.some(hasTrig);
    case 'add':
    case 'mul':
      return n.args.some(hasTrig);
    case 'neg':
      return hasTrig(n.arg);
    default:
      return hasTrig(n.a) || hasTrig(n.b);
  }
};

/** Maps a tree bottom-up. */
const mapTree = (n: Node, f: (n: Node) => Node): Node => {
  switch (n.k) {
    case 'num':
    case 'sym':
      return f(n);
    case 'call':
      return f({ k: 'call', fn: n.fn, args: n.args.map((a) => mapTree(a, f)) });
    case 'add':
    case 'mul':
      return f({ k: n.k, args: n.args.map((a) => mapTree(a, f)) });
    case 'neg':
      return f(neg(mapTree(n.arg, f)));
    default:
      return f({ ...n, a: mapTree(n.a, f), b: mapTree(n.b, f) } as Node);
  }
};

const trigCalls = (n: Node, out: Node[] = []): Node[] => {
  mapTree(n, (m) => {
    if (m.k === 'call' && TRIG.has(m.fn)) out.push(m);
    return m;
  });
  return out;
};

// ---------------------------------------------------------------- angles: integer combinations of variables + kπ/2

interface Lin {
  c: Record<string, Q>;
  pi: Q;
}

const linScale = (l: Lin, k: Q): Lin => ({
  c: Object.fromEntries(Object.entries(l.c).map(([v, x]) => [v, R.mul(x, k)])),
  pi: R.mul(l.pi, k),
});
const linAdd = (a: Lin, b: Lin): Lin => {
  const c = { ...a.c };
  for (const [v, x] of Object.entries(b.c)) c[v] = R.add(c[v] ?? R.ZERO, x);
  return { c, pi: R.add(a.pi, b.pi) };
};

const linOf = (n: Node): Lin => {
  switch (n.k) {
    case 'num':
      if (R.isZero(n.v)) return { c: {}, pi: R.ZERO };
      throw new NotTrig('a numeric angle');
    case 'sym':
      if (n.name === 'pi') return { c: {}, pi: R.ONE };
      if (CONSTANTS.has(n.name) || n.name === 'inf') throw new NotTrig('a constant angle');
      return { c: { [n.name]: R.ONE }, pi: R.ZERO };
    case 'neg':
      return linScale(linOf(n.arg), R.q(-1));
    case 'add':
      return n.args.map(linOf).reduce(linAdd);
    case 'mul': {
      let k = R.ONE;
      let rest: Lin | null = null;
      for (const a of n.args) {
        if (a.k === 'num') k = R.mul(k, a.v);
        else if (rest) throw new NotTrig('a product of variables in an angle');
        else rest = linOf(a);
      }
      return linScale(rest ?? { c: {}, pi: R.ZERO }, k);
    }
    case 'div':
      if (n.b.k !== 'num' || R.isZero(n.b.v)) throw new NotTrig('a division in an angle');
      return linScale(linOf(n.a), R.div(R.ONE, n.b.v));
    default:
      throw new NotTrig('an angle that is not linear');
  }
};

// ---------------------------------------------------------------- the ring: polynomials in sin(u_v), cos(u_v)

interface Ctx {
  vars: string[];
  /** Base angle of v is v / L[v]. */
  L: Record<string, bigint>;
}
type Poly = Map<string, Q>;
interface Rat {
  n: Poly;
  d: Poly;
}

const width = (ctx: Ctx): number => 2 * ctx.vars.length;
const keyOf = (e: number[]): string => e.join(',');
const expsOf = (key: string): number[] => (key === '' ? [] : key.split(',').map(Number));
const MAX_TERMS = 400;
const MAX_DEGREE = 24;

const pconst = (ctx: Ctx, k: Q): Poly => {
  const p: Poly = new Map();
  if (!R.isZero(k)) p.set(keyOf(new Array<number>(width(ctx)).fill(0)), k);
  return p;
};
const patom = (ctx: Ctx, index: number): Poly => {
  const e = new Array<number>(width(ctx)).fill(0);
  e[index] = 1;
  return new Map([[keyOf(e), R.ONE]]);
};
const addTerm = (p: Poly, key: string, k: Q): void => {
  const v = R.add(p.get(key) ?? R.ZERO, k);
  if (R.isZero(v)) p.delete(key);
  else p.set(key, v);
};
const padd = (a: Poly, b: Poly, kb: Q = R.ONE): Poly => {
  const out = new Map(a);
  for (const [key, k] of b) addTerm(out, key, R.mul(k, kb));
  return out;
};
const pscale = (a: Poly, k: Q): Poly => padd(new Map(), a, k);
const pmul = (a: Poly, b: Poly): Poly => {
  const out: Poly = new Map();
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
const isZeroPoly = (p: Poly): boolean => p.size === 0;
const constOf = (p: Poly): Q | null => {
  if (p.size === 0) return R.ZERO;
  if (p.size !== 1) return null;
  const [key, k] = [...p][0]!;
  return expsOf(key).every((x) => x === 0) ? k : null;
};

/** Replaces cos² by 1 − sin² (toward 'sin') or sin² by 1 − cos² (toward 'cos') until none is left. */
const reduce = (p: Poly, toward: 'sin' | 'cos' = 'sin'): Poly => {
  const out: Poly = new Map();
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

const rconst = (ctx: Ctx, k: Q): Rat => ({ n: pconst(ctx, k), d: pconst(ctx, R.ONE) });
const radd = (a: Rat, b: Rat, kb: Q = R.ONE): Rat => {
  if (samePoly(a.d, b.d)) return { n: padd(a.n, b.n, kb), d: a.d };
  return { n: padd(pmul(a.n, b.d), pmul(b.n, a.d), kb), d: pmul(a.d, b.d) };
};
const rmul = (a: Rat, b: Rat): Rat => ({ n: pmul(a.n, b.n), d: pmul(a.d, b.d) });
const rinv = (a: Rat): Rat => {
  if (isZeroPoly(reduce(a.n))) throw new NotTrig('division by zero');
  return { n: a.d, d: a.n };
};
const samePoly = (a: Poly, b: Poly): boolean =>
  a.size === b.size && [...a].every(([k, v]) => R.eq(b.get(k) ?? R.ZERO, v));

/** Exact equality of two ring elements, using sin² + cos² = 1 (the quotient ring is an integral domain). */
const ratEqual = (a: Rat, b: Rat): boolean => isZeroPoly(reduce(padd(pmul(a.n, b.d), pmul(b.n, a.d), R.q(-1))));

interface Built {
  ctx: Ctx;
  toRat: (n: Node) => Rat;
  /** sin and cos of an angle as ring elements. */
  sinCos: (l: Lin) => { s: Poly; c: Poly };
  isBase: (l: Lin) => boolean;
  atomNode: (index: number) => Node;
}

/** The ring for a set of trees: base angle of each variable is v/L with L the lcm of its denominators. */
const buildRing = (nodes: Node[]): Built => {
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
  const multiple = new Map<string, { s: Poly; c: Poly }>();
  const sinCosMultiple = (j: number, n: number): { s: Poly; c: Poly } => {
    const key = `${j}:${n}`;
    const hit = multiple.get(key);
    if (hit) return hit;
    let result: { s: Poly; c: Poly };
    if (Math.abs(n) > 8) throw new NotTrig('too large a multiple angle');
    if (n === 0) result = { s: new Map(), c: pconst(ctx, R.ONE) };
    else if (n < 0) {
      const p = sinCosMultiple(j, -n);
      result = { s: pscale(p.s, R.q(-1)), c: p.c };
    } else if (n === 1) result = { s: patom(ctx, 2 * j), c: patom(ctx, 2 * j + 1) };
    else {
      const p = sinCosMultiple(j, n - 1);
      const one = sinCosMultiple(j, 1);
      result = {
        s: padd(pmul(p.s, one.c), pmul(p.c, one.s)),
        c: padd(pmul(p.c, one.c), pmul(p.s, one.s), R.q(-1)),
      };
    }
    multiple.set(key, result);
    return result;
  };
  const sinCos = (l: Lin): { s: Poly; c: Poly } => {
    const twice = R.mul(l.pi, R.q(2));
    if (!R.isInt(twice)) throw new NotTrig('an angle that is not a multiple of pi/2');
    const k = Number(((twice.n % 4n) + 4n) % 4n);
    let s = pconst(ctx, R.q([0, 1, 0, -1][k]!));
    let c = pconst(ctx, R.q([1, 0, -1, 0][k]!));
    for (const [v, x] of Object.entries(l.c)) {
      if (R.isZero(x)) continue;
      const m = R.mul(x, R.q(L[v]!));
      const t = sinCosMultiple(vars.indexOf(v), Number(m.n));
      [s, c] = [padd(pmul(s, t.c), pmul(c, t.s)), padd(pmul(c, t.c), pmul(s, t.s), R.q(-1))];
    }
    return { s, c };
  };
  const isBase = (l: Lin): boolean => {
    const entries = Object.entries(l.c).filter(([, x]) => !R.isZero(x));
    return R.isZero(l.pi) && entries.length === 1 && R.eq(R.mul(entries[0]![1], R.q(L[entries[0]![0]]!)), R.ONE);
  };
  const toRat = (n: Node): Rat => {
    switch (n.k) {
      case 'num':
        return rconst(ctx, n.v);
      case 'sym':
        throw new NotTrig(`${n.name} outside a trig function`);
      case 'add':
        return n.args.map(toRat).reduce((a, b) => radd(a, b));
      case 'mul':
        return n.args.map(toRat).reduce(rmul);
      case 'neg': {
        const a = toRat(n.arg);
        return { n: pscale(a.n, R.q(-1)), d: a.d };
      }
      case 'div':
        return rmul(toRat(n.a), rinv(toRat(n.b)));
      case 'pow': {
        if (n.b.k !== 'num' || !R.isInt(n.b.v) || n.b.v.n > 12n || n.b.v.n < -12n)
          throw new NotTrig('a power that is not a small integer');
        const e = Number(n.b.v.n);
        const base = toRat(n.a);
        let r = rconst(ctx, R.ONE);
        for (let k = 0; k < Math.abs(e); k++) r = rmul(r, base);
        return e < 0 ? rinv(r) : r;
      }
      case 'call': {
        if (!TRIG.has(n.fn)) throw new NotTrig(`the function ${n.fn}`);
        const { s, c } = sinCos(linOf(n.args[0]!));
        const one = pconst(ctx, R.ONE);
        const ratio = (a: Poly, b: Poly): Rat => rinv({ n: b, d: a });
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

// ---------------------------------------------------------------- display: tidy ring elements back into trees

/** sin²u + cos²u → 1, k − k·cos²u → k·sin²u, k − k·sin²u → k·cos²u, while that shortens the polynomial. */
const pythagorean = (p: Poly): Poly => {
  let cur = new Map(p);
  for (let round = 0; round < 50; round++) {
    let changed = false;
    outer: for (const [key, k] of cur) {
      const e = expsOf(key);
      for (let j = 0; j < e.length; j += 2) {
        const tryPair = (partner: number[], coef: Q, result: number[]): boolean => {
          const pk = cur.get(keyOf(partner));
          if (!pk || !R.eq(pk, coef)) return false;
          const next = new Map(cur);
          next.delete(key);
          next.delete(keyOf(partner));
          addTerm(next, keyOf(result), k);
          cur = next;
          return true;
        };
        const plus = (d: [number, number], base = e): number[] =>
          base.map((x, i) => (i === j ? x + d[0] : i === j + 1 ? x + d[1] : x));
        if (e[j]! >= 2 && tryPair(plus([-2, 2]), k, plus([-2, 0]))) changed = true;
        else if (tryPair(plus([0, 2]), R.neg(k), plus([2, 0]))) changed = true;
        else if (tryPair(plus([2, 0]), R.neg(k), plus([0, 2]))) changed = true;
        if (changed) break outer;
      }
    }
    if (!changed) break;
  }
  return cur;
};

/** Cancels a common monomial factor and a constant denominator; keeps the denominator's sign positive. */
const cancel = (r: Rat): Rat => {
  const all = [...r.n.keys(), ...r.d.keys()].map(expsOf);
  if (all.length === 0 || r.n.size === 0) return r;
  const min = all[0]!.map((_, i) => Math.min(...all.map((e) => e[i]!)));
  const shift = (p: Poly): Poly => new Map([...p].map(([k, v]) => [keyOf(expsOf(k).map((x, i) => x - min[i]!)), v]));
  let n = shift(r.n);
  let d = shift(r.d);
  const dc = constOf(d);
  if (dc && !R.isZero(dc)) {
    n = pscale(n, R.div(R.ONE, dc));
    d = pscale(d, R.div(R.ONE, dc));
  } else {
    if ([...d.values()].every((v) => R.sign(v) < 0)) {
      n = pscale(n, R.q(-1));
      d = pscale(d, R.q(-1));
    }
  }
  return { n, d };
};

const polyNode = (ring: Built, p: Poly): Node => {
  const terms = [...p].sort(([ka], [kb]) => {
    const ea = expsOf(ka);
    const eb = expsOf(kb);
    const da = ea.reduce((s, x) => s + x, 0);
    const db = eb.reduce((s, x) => s + x, 0);
    return db - da || (kb < ka ? -1 : kb > ka ? 1 : 0);
  });
  if (terms.length === 0) return num(0);
  // `1 - 2*sin(x)^2` rather than `-2*sin(x)^2 + 1`: a positive term leads when there is one.
  const firstPositive = terms.findIndex(([, k]) => R.sign(k) > 0);
  if (firstPositive > 0) terms.unshift(...terms.splice(firstPositive, 1));
  const nodes = terms.map(([key, k]) => {
    const factors: Node[] = [];
    expsOf(key).forEach((x, i) => {
      if (x === 1) factors.push(ring.atomNode(i));
      else if (x > 1) factors.push(pow(ring.atomNode(i), num(x)));
    });
    if (factors.length === 0) return num(k);
    if (R.isOne(k)) return mul(...factors);
    if (R.eq(k, R.q(-1))) return neg(mul(...factors));
    if (!R.isInt(k)) {
      const top = babs(k.n) === 1n ? mul(...factors) : mul(num(babs(k.n)), ...factors);
      const d = div(top, num(k.d));
      return k.n < 0n ? neg(d) : d;
    }
    return mul(num(k), ...factors);
  });
  return add(...nodes);
};

const ratNode = (ring: Built, r: Rat): Node => {
  const c = cancel(r);
  const dc = constOf(c.d);
  return dc && R.isOne(dc) ? polyNode(ring, c.n) : div(polyNode(ring, c.n), polyNode(ring, c.d));
};

// ---------------------------------------------------------------- the rewrite chain on trees

interface Stage {
  title: string;
  explanation: string;
  node: Node;
}

const same = (a: Node, b: Node): boolean => toText(a) === toText(b);

/** Quotient and reciprocal identities: tan, cot, sec, csc in terms of sin and cos. */
const quotientStage = (node: Node): Stage | null => {
  const used = new Set<string>();
  const out = mapTree(node, (m) => {
    if (m.k !== 'call') return m;
    const a = m.args[0]!;
    switch (m.fn) {
      case 'tan':
        used.add('tan');
        return div(call('sin', a), call('cos', a));
      case 'cot':
        used.add('cot');
        return div(call('cos', a), call('sin', a));
      case 'sec':
        used.add('sec');
        return div(num(1), call('cos', a));
      case 'csc':
        used.add('csc');
        return div(num(1), call('sin', a));
      default:
        return m;
    }
  });
  if (used.size === 0) return null;
  const quotient = ['tan', 'cot'].filter((f) => used.has(f));
  const reciprocal = ['sec', 'csc'].filter((f) => used.has(f));
  const formulas: Record<string, string> = {
    tan: 'tan(x) = sin(x)/cos(x)',
    cot: 'cot(x) = cos(x)/sin(x)',
    sec: 'sec(x) = 1/cos(x)',
    csc: 'csc(x) = 1/sin(x)',
  };
  const title =
    quotient.length && reciprocal.length
      ? 'Quotient and reciprocal identities'
      : quotient.length
        ? 'Quotient identity'
        : 'Reciprocal identity';
  return {
    title,
    explanation: `Write everything in sin and cos: ${[...used].map((f) => formulas[f]).join(', ')}.`,
    node: out,
  };
};

/** Double-angle, angle-sum and shift identities: sin and cos of anything but the base angle, expanded. */
const angleStage = (ring: Built, node: Node, prefer?: 'sin' | 'cos'): Stage | null => {
  const rewrites: string[] = [];
  const names = new Set<string>();
  const out = mapTree(node, (m) => {
    if (m.k !== 'call' || (m.fn !== 'sin' && m.fn !== 'cos')) return m;
    const l = linOf(m.args[0]!);
    if (ring.isBase(l)) return m;
    const { s, c } = ring.sinCos(l);
    let p = m.fn === 'sin' ? s : c;
    if (prefer) p = reduce(p, prefer);
    const replacement = polyNode(ring, p);
    const parts = Object.values(l.c).filter((x) => !R.isZero(x));
    if (!R.isZero(l.pi)) names.add('shift (cofunction) identity');
    else if (parts.length > 1) names.add('angle-sum identity');
    else if (parts.length === 1 && ring.ctx.vars.length === 1) {
      const mult = R.mul(parts[0]!, R.q(ring.ctx.L[ring.ctx.vars[0]!]!));
      names.add(R.eq(mult, R.q(2)) || R.eq(mult, R.q(-2)) ? 'double-angle identity' : 'multiple-angle identity');
    } else names.add('multiple-angle identity');
    rewrites.push(`${toText(m)} = ${toText(replacement)}`);
    return replacement;
  });
  if (rewrites.length === 0) return null;
  const list = [...names];
  const title = list.map((n, i) => (i === 0 ? n[0]!.toUpperCase() + n.slice(1) : n)).join(' and ');
  return {
    title,
    explanation: `Expand the angles: ${[...new Set(rewrites)].join('; ')}.`,
    node: out,
  };
};

/** Combine into one fraction, expand, then sin² + cos² = 1. */
const algebraStages = (ring: Built, node: Node): Stage[] => {
  const stages: Stage[] = [];
  const rat = ring.toRat(node);
  const combined = ratNode(ring, rat);
  let last = node;
  if (!same(combined, last)) {
    stages.push({
      title: 'Combine and expand',
      explanation: 'Put everything over one common denominator, multiply out and cancel common factors.',
      node: combined,
    });
    last = combined;
  }
  const c = cancel(rat);
  const tidy = ratNode(ring, { n: pythagorean(c.n), d: pythagorean(c.d) });
  if (!same(tidy, last)) {
    stages.push({
      title: 'Pythagorean identity',
      explanation: 'Use sin(x)^2 + cos(x)^2 = 1 (so 1 - cos(x)^2 = sin(x)^2 and 1 - sin(x)^2 = cos(x)^2), then cancel.',
      node: tidy,
    });
  }
  return stages;
};

/** The whole chain on one side; stops as soon as the target tree is reached. */
const chain = (ring: Built, node: Node, prefer: 'sin' | 'cos' | undefined, target?: Node): Stage[] => {
  const stages: Stage[] = [];
  const reached = (): boolean => !!target && stages.length > 0 && same(stages[stages.length - 1]!.node, target);
  const q1 = quotientStage(node);
  if (q1) stages.push(q1);
  if (reached()) return stages;
  const q2 = angleStage(ring, q1?.node ?? node, prefer);
  if (q2) stages.push(q2);
  if (reached()) return stages;
  for (const s of algebraStages(ring, stages[stages.length - 1]?.node ?? node)) {
    stages.push(s);
    if (reached()) return stages;
  }
  return stages;
};

const stageSteps = (side: string, stages: Stage[]): Step[] =>
  stages.map((s) => step(s.title, `${s.explanation} The ${side} side becomes ${toText(s.node)}.`, s.node));

// ---------------------------------------------------------------- the independent numeric check

interface Numeric {
  agree: Record<string, number>[];
  counterexample?: { env: Record<string, number>; a: C; b: C };
}

const envText = (env: Record<string, number>): string =>
  Object.entries(env)
    .map(([v, x]) => `${v} = ${x}`)
    .join(', ');

/** Evaluates a and b at random points (poles and badly conditioned points skipped). */
const compareNumerically = (a: Node, b: Node, vars: string[], seed: string): Numeric => {
  const random = seeded(`trig:${seed}`);
  const agree: Record<string, number>[] = [];
  for (let attempt = 0; attempt < 40 && agree.length < 8; attempt++) {
    const env: Record<string, number> = {};
    for (const v of vars) env[v] = Math.round((random() * 6 - 3) * 1000) / 1000;
    const cenv: Record<string, C> = {};
    for (const [v, x] of Object.entries(env)) cenv[v] = complex(x);
    let va: C;
    let vb: C;
    try {
      va = evaluate(a, cenv);
      vb = evaluate(b, cenv);
    } catch (error) {
      if (error instanceof Undefined) continue;
      throw error;
    }
    const scale = Math.max(1, magnitude(va), magnitude(vb));
    if (!Number.isFinite(scale) || scale > 1e5) continue; // near a pole
    const diff = Math.hypot(va.re - vb.re, va.im - vb.im);
    if (diff <= 1e-9 * scale) agree.push(env);
    else if (diff > 1e-6 * scale) return { agree, counterexample: { env, a: va, b: vb } };
  }
  return { agree };
};

// ---------------------------------------------------------------- prove / verify

const PROVE =
  /^(?:please\s+)?(?:can you\s+)?(?:prove|verify|show|check|confirm|is it true)(?:\s+(?:that|whether|if))?(?:\s+the\s+(?:trig(?:onometric)?\s+)?identity)?\s*[:,]?\s*/i;
// Read on trimmed text, from the character before it: tried once per run of spaces (see math/index.ts).
const IDENTITY_SUFFIX = /(\S)(?:\s*(?:,\s*)?is\s+|\s+)(?:an?\s+)?(?:trig(?:onometric)?\s+)?identity$/i;

const IDENTITY_PRACTICE = [
  'prove sin(x)^2 + cos(x)^2 = 1',
  'prove 1 + tan(x)^2 = sec(x)^2',
  'prove 1 + cot(x)^2 = csc(x)^2',
  'prove sin(2x) = 2 sin(x) cos(x)',
  'prove cos(2x) = 1 - 2 sin(x)^2',
  'prove cos(2x) = 2 cos(x)^2 - 1',
  'prove cos(2x) = cos(x)^2 - sin(x)^2',
  'prove tan(x) = sin(x)/cos(x)',
  'prove cot(x) = cos(x)/sin(x)',
  'prove tan(x) cos(x) = sin(x)',
  'prove (1 - cos(x)^2)/sin(x) = sin(x)',
  'prove sec(x)^2 - tan(x)^2 = 1',
  'prove tan(x) + cot(x) = sec(x) csc(x)',
  'prove sin(x) tan(x) + cos(x) = sec(x)',
  'prove (sin(x) + cos(x))^2 = 1 + sin(2x)',
  'prove sin(x)^4 - cos(x)^4 = sin(x)^2 - cos(x)^2',
  'prove sin(3x) = 3 sin(x) - 4 sin(x)^3',
  'prove sin(pi/2 - x) = cos(x)',
];

const SIMPLIFY_PRACTICE = [
  'simplify sin(x)^2 + cos(x)^2',
  'simplify 2*sin(x)*cos(x)',
  'simplify tan(x)*cos(x)',
  'simplify (1 - cos(x)^2)/sin(x)',
  'simplify sec(x)^2 - tan(x)^2',
  'simplify cos(x)^2 - sin(x)^2',
  'simplify 1 - sin(x)^2',
  'simplify sin(x)/tan(x)',
  'simplify sec(x)^2 - 1',
  'simplify cot(x)*sin(x)',
  'simplify 1 - 2*sin(x)^2',
  'simplify (1 + tan(x)^2)*cos(x)^2',
  'simplify csc(x)*tan(x)',
  'simplify sin(x)^4 - cos(x)^4',
];

const pick = (list: string[]) => (random: () => number) => list[Math.floor(random() * list.length)]!;

const gradeVerdict = (expected: boolean, student: string): CheckResult => {
  const s = student.trim().toLowerCase();
  const yes = /^(true|yes|correct|valid|it is true|it is an identity|(it'?s )?an identity|holds|it holds)\.?$/.test(s);
  const no =
    /^(false|no|incorrect|invalid|not true|it is false|not an identity|it is not an identity|does not hold)\.?$/.test(
      s,
    );
  if (!yes && !no) return { correct: false, differences: ['answer "true" (it is an identity) or "false" (it is not)'] };
  if (yes === expected) return { correct: true, differences: [] };
  return {
    correct: false,
    differences: [
      expected
        ? 'it is an identity: both sides are equal for every x'
        : 'it is not an identity: the sides differ at some x',
    ],
  };
};

const complexity = (n: Node): number => {
  let score = size(n).count;
  mapTree(n, (m) => {
    if (m.k === 'call' && TRIG.has(m.fn)) {
      if (m.fn !== 'sin' && m.fn !== 'cos') score += 6;
      if (m.args[0]!.k !== 'sym') score += 6;
    }
    return m;
  });
  return score;
};

const onlyFn = (n: Node): 'sin' | 'cos' | undefined => {
  const fns = new Set(trigCalls(quotientStage(n)?.node ?? n).map((c) => (c.k === 'call' ? c.fn : '')));
  if (fns.has('sin') && !fns.has('cos')) return 'sin';
  if (fns.has('cos') && !fns.has('sin')) return 'cos';
  return undefined;
};

const proveIdentity = (question: string, relation: Node): Outcome => {
  if (relation.k !== 'rel' || relation.op !== '=') throw new InvalidInput('an identity needs two sides joined by =');
  const vars = variables(relation);
  if (vars.length === 0) throw new Unsupported('there is no variable, so this is a numeric statement, not an identity');
  if (vars.length > 3) throw new Unsupported('identities in more than three variables');
  const { a: lhs, b: rhs } = relation;
  const numeric = compareNumerically(lhs, rhs, vars, question);
  if (!numeric.counterexample && numeric.agree.length < 6)
    throw new Unsupported('both sides are undefined at too many test points to decide');
  const verdict = !numeric.counterexample;

  // The rewrite chain (exact), when both sides fit the ring.
  let ring: Built | null = null;
  let exact: boolean | null = null;
  try {
    ring = buildRing([lhs, rhs]);
    exact = ratEqual(ring.toRat(lhs), ring.toRat(rhs));
  } catch (error) {
    if (!(error instanceof NotTrig)) throw error;
    ring = null;
  }
  if (exact !== null && exact !== verdict)
    throw new Unsupported('the algebra and the numeric check disagree (the sides may be undefined in places)');

  const steps: Step[] = [
    step('Read the identity', 'Decide whether both sides are equal for every value where they are defined.', relation),
  ];
  const leftFirst = complexity(lhs) >= complexity(rhs);
  const [start, other] = leftFirst ? [lhs, rhs] : [rhs, lhs];
  const [startName, otherName] = leftFirst ? ['left', 'right'] : ['right', 'left'];
  let lastStart: Node = start;
  if (ring) {
    const ringOk = ring;
    steps.push(
      step(
        `Start from the ${startName} side`,
        'Work on the more complicated side and turn it into the other one, one identity at a time.',
        start,
      ),
    );
    const startStages = chain(ringOk, start, onlyFn(other), other);
    steps.push(...stageSteps(startName, startStages));
    lastStart = startStages[startStages.length - 1]?.node ?? start;
    if (verdict) {
      if (same(lastStart, other)) {
        steps.push(
          step(
            `This is the ${otherName} side`,
            `${toText(lastStart)} is exactly the ${otherName} side, so the identity holds.`,
            relation,
          ),
        );
      } else {
        const otherStages = chain(ringOk, other, onlyFn(lastStart), lastStart);
        const lastOther = otherStages[otherStages.length - 1]?.node ?? other;
        if (otherStages.length) {
          steps.push(step(`Now the ${otherName} side`, `Simplify the ${otherName} side the same way.`, other));
          steps.push(...stageSteps(otherName, otherStages));
        }
        if (same(lastOther, lastStart)) {
          steps.push(
            step(
              'Both sides match',
              `Both sides equal ${toText(lastStart)}, so the identity holds.`,
              `${toLatex(lastStart)} = ${toLatex(lastOther)}`,
            ),
          );
        } else {
          steps.push(
            step(
              'Both sides match',
              `Cross-multiply ${toText(lastStart)} = ${toText(lastOther)} and replace every cos(x)^2 by 1 - sin(x)^2: both sides become the same polynomial, so the identity holds.`,
              `${toLatex(lastStart)} = ${toLatex(lastOther)}`,
            ),
          );
        }
      }
    } else {
      steps.push(
        step(
          `Compare with the ${otherName} side`,
          `The ${startName} side simplifies to ${toText(lastStart)}, which is not the same as ${toText(other)}.`,
        ),
      );
    }
  } else if (verdict) {
    steps.push(
      step(
        'No rewrite chain found',
        'This identity is outside my table of standard identities, so it is decided by the numeric check alone.',
      ),
    );
  }

  const sample = numeric.agree.slice(0, 4).map(envText).join('; ');
  let checkDetail: string;
  if (numeric.counterexample) {
    const { env, a, b } = numeric.counterexample;
    const [va, vb] = [a, b];
    checkDetail = `counterexample at ${envText(env)}: left side = ${fmt(va)}, right side = ${fmt(vb)}`;
    steps.push(
      step(
        'Test a value',
        `Take ${envText(env)}: the left side is ${fmt(va)} but the right side is ${fmt(vb)}. One value where they differ is enough: this is not an identity.`,
      ),
    );
  } else {
    checkDetail = `both sides agree at ${numeric.agree.length} random points (${sample}; poles skipped)`;
    steps.push(
      step(
        'Check with numbers',
        `Both sides give the same value at ${numeric.agree.length} random points, e.g. ${sample}.`,
      ),
    );
  }
  const checks = [{ kind: 'numeric-identity', passed: true, detail: checkDetail }];
  if (exact !== null)
    checks.push({
      kind: 'exact-rewrite',
      passed: exact === verdict,
      detail: exact
        ? 'the sides are equal after the identity rewrites (exact algebra)'
        : 'the sides differ after the identity rewrites (exact algebra)',
    });
  const text = verdict ? 'true' : 'false';
  return {
    kind: 'trig-identity',
    answer: { text, latex: `\\text{${text}}` },
    steps,
    checks,
    hints: [
      'This is a trigonometric identity: is the equation true for every x where both sides are defined?',
      'Try one value of x first: if the sides differ even once, it is not an identity.',
      'Start from the more complicated side and write tan, cot, sec and csc in terms of sin and cos.',
      'Expand double angles (sin(2x) = 2 sin(x) cos(x), cos(2x) = cos(x)^2 - sin(x)^2) and combine into one fraction.',
      ring
        ? `Use sin(x)^2 + cos(x)^2 = 1: the ${startName} side becomes ${toText(lastStart)}; compare it with ${toText(other)}.`
        : 'Use sin(x)^2 + cos(x)^2 = 1 to finish.',
    ],
    grade: (student) => gradeVerdict(verdict, student),
    similar: pick(IDENTITY_PRACTICE),
  };
};

// ---------------------------------------------------------------- simplify

const rationalize = (x: number): Q | null => {
  if (!Number.isFinite(x)) return null;
  for (let d = 1; d <= 24; d++) {
    const n = Math.round(x * d);
    if (Math.abs(x - n / d) < 1e-9 * Math.max(1, Math.abs(x))) return R.q(n, d);
  }
  return null;
};

const angleNode = (v: string, k: Q): Node => {
  const top = babs(k.n) === 1n ? sym(v) : mul(num(babs(k.n)), sym(v));
  const body = k.d === 1n ? top : div(top, num(k.d));
  return k.n < 0n ? neg(body) : body;
};

const IDENTITY_NAME: Record<string, string> = {
  const: 'Pythagorean identity',
  sin: 'Recognize the result',
  cos: 'Recognize the result',
  tan: 'Quotient identity',
  cot: 'Quotient identity',
  sec: 'Reciprocal identity',
  csc: 'Reciprocal identity',
  sin2: 'Double-angle identity',
  cos2: 'Double-angle identity',
  tan2: 'Double-angle identity',
  square: 'Pythagorean identity',
};

const simplifyTrig = (question: string, node: Node): Outcome | null => {
  const vars = variables(node);
  let ring: Built;
  let rat: Rat;
  try {
    ring = buildRing([node]);
    if (ring.ctx.vars.length !== 1 || vars.length !== 1) return null;
    rat = ring.toRat(node);
  } catch (error) {
    if (error instanceof NotTrig) return null;
    throw error;
  }
  const v = ring.ctx.vars[0]!;
  const unit = R.q(1n, ring.ctx.L[v]!);
  const u = angleNode(v, unit);
  const u2 = angleNode(v, R.mul(unit, R.q(2)));
  const candidates: [string, Node][] = [
    ['const', num(1)],
    ['sin', call('sin', u)],
    ['cos', call('cos', u)],
    ['tan', call('tan', u)],
    ['cot', call('cot', u)],
    ['sec', call('sec', u)],
    ['csc', call('csc', u)],
    ['sin2', call('sin', u2)],
    ['cos2', call('cos', u2)],
    ...['sin', 'cos', 'tan', 'cot', 'sec', 'csc'].map((f): [string, Node] => ['square', pow(call(f, u), num(2))]),
    ['tan2', call('tan', u2)],
  ];
  const at = (n: Node, x: number): number | null => {
    try {
      const r = evaluate(n, { [v]: complex(x) });
      return Math.abs(r.im) < 1e-12 && Math.abs(r.re) < 1e5 ? r.re : null;
    } catch (error) {
      if (error instanceof Undefined) return null;
      throw error;
    }
  };
  /** The input as k*f + m, with k and m read off two sample points, then proved exactly in the ring. */
  const fit = (f: Node, constant: boolean, allowShift: boolean): { k: Q; m: Q } | null => {
    const xs = [0.731, 1.117, -0.413, 2.309, -1.871].filter((x) => at(node, x) !== null && at(f, x) !== null);
    if (xs.length < 2) return null;
    let k: Q | null;
    let m: Q | null = R.ZERO;
    if (constant) k = rationalize(at(node, xs[0]!)!);
    else {
      const [i1, i2, f1, f2] = [at(node, xs[0]!)!, at(node, xs[1]!)!, at(f, xs[0]!)!, at(f, xs[1]!)!];
      if (Math.abs(f1 - f2) < 1e-6) return null;
      const kk = (i1 - i2) / (f1 - f2);
      k = rationalize(kk);
      m = allowShift ? rationalize(i1 - kk * f1) : R.ZERO;
      if (!k || R.isZero(k)) return null;
    }
    if (!k || !m) return null;
    const fr = constant ? rconst(ring.ctx, R.ONE) : ring.toRat(f);
    const shifted: Rat = { n: padd(pscale(fr.n, k), fr.d, m), d: fr.d };
    return ratEqual(rat, shifted) ? { k, m } : null;
  };
  let result: Node | null = null;
  let name = '';
  for (const allowShift of [false, true]) {
    for (const [kind, f] of candidates) {
      if (allowShift && kind === 'const') continue;
      const found = fit(f, kind === 'const', allowShift);
      if (!found) continue;
      const { k, m } = found;
      let term: Node;
      if (kind === 'const') term = num(k);
      else if (R.isOne(k)) term = f;
      else if (R.eq(k, R.q(-1))) term = neg(f);
      else if (R.isInt(k)) term = mul(num(k), f);
      else {
        const top = babs(k.n) === 1n ? f : mul(num(babs(k.n)), f);
        term = k.n < 0n ? neg(div(top, num(k.d))) : div(top, num(k.d));
      }
      result = R.isZero(m) ? term : R.sign(m) > 0 ? add(num(m), term) : add(term, num(m));
      name = IDENTITY_NAME[kind]!;
      break;
    }
    if (result) break;
  }
  const stages = chain(ring, node, undefined);
  if (!result) {
    const last = stages[stages.length - 1]?.node;
    if (!last || size(last).count >= size(node).count) return null;
    result = last;
  }
  // The check: the result must equal the input at random points, independently of the algebra.
  const numeric = compareNumerically(node, result, [v], question);
  if (numeric.counterexample || numeric.agree.length < 6) return null;
  const steps: Step[] = [step('Read the expression', 'Simplify using the standard trig identities.', node)];
  steps.push(...stages.map((s) => step(s.title, s.explanation, s.node)));
  const lastShown = stages[stages.length - 1]?.node ?? node;
  if (!same(lastShown, result))
    steps.push(step(name || 'Recognize the result', `${toText(lastShown)} = ${toText(result)}.`, result));
  const finalResult = result;
  return {
    kind: 'simplify-trig-expression',
    answer: { text: toText(finalResult), latex: toLatex(finalResult) },
    steps,
    checks: [
      {
        kind: 'numeric-equivalence',
        passed: true,
        detail: `original and result agree at ${numeric.agree.length} random points (${numeric.agree.slice(0, 3).map(envText).join('; ')})`,
      },
    ],
    hints: [
      'This is a trig simplification: look for a standard identity.',
      'Write tan, cot, sec and csc in terms of sin and cos.',
      'Expand double angles and put everything over one denominator.',
      'Use sin(x)^2 + cos(x)^2 = 1, then cancel common factors.',
      `The expression reduces to ${toText(lastShown)}; which single trig function or double angle is that?`,
    ],
    grade: (student) => gradeExpression(finalResult, student),
    similar: pick(SIMPLIFY_PRACTICE),
  };
};

// ---------------------------------------------------------------- routing

/**
 * Handles "prove/verify/show that … = …" with trig functions, and "simplify" of trig expressions.
 * @returns null when the question is not for this module (or, for simplify, when the table finds nothing simpler)
 */
export const solveTrig = (
  question: string,
  simplifyBody?: string,
  variable?: string,
): { outcome: Outcome; node: Node } | null => {
  if (simplifyBody !== undefined) {
    let node: Node;
    try {
      node = parse(simplifyBody);
    } catch {
      return null;
    }
    if (node.k === 'rel' || !hasTrig(node) || size(node).count > 200) return null;
    const outcome = simplifyTrig(question, node);
    if (outcome) return { outcome, node };
    // Beyond the table: the general simplifier (nerdamer), accepted only if its numeric check passed.
    const general = solveCalculus('simplify', node, { variable: variable });
    if (!general.checks.every((c) => c.passed))
      throw new Unsupported('no simpler form could be found and checked for this trig expression');
    return { outcome: general, node };
  }
  const trimmed = trimTrailing(question.trim(), /[?.!]/).trim();
  const m = PROVE.exec(trimmed);
  if (!m || m[0].length === 0) return null;
  const rest = trimmed.slice(m[0].length);
  const suffix = IDENTITY_SUFFIX.exec(rest);
  const body = (suffix ? rest.slice(0, suffix.index + 1) : rest).trim();
  if (!body.includes('=')) return null;
  let node: Node;
  try {
    node = parse(body);
  } catch {
    return null;
  }
  if (node.k !== 'rel' || node.op !== '=' || !hasTrig(node)) return null;
  if (size(node).count > 200) throw new Unsupported('the identity is too large to handle reliably');
  return { outcome: proveIdentity(question, node), node };
};
