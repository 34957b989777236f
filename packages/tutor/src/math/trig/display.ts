/** Ring elements back into trees a student reads: Pythagorean tidying, cancelling, then ordered terms. */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { type Node, add, div, mul, neg, num, pow } from '../ast';
import * as R from '../../rational';
import type { Q } from '../../rational';
import {
  type TrigPoly,
  type TrigRatio,
  type TrigRing,
  addTerm,
  expsOf,
  keyOf,
  trigConstantOf,
  trigScale,
} from './ring';

/** sin²u + cos²u → 1, k − k·cos²u → k·sin²u, k − k·sin²u → k·cos²u, while that shortens the polynomial. */
export const pythagorean = (p: TrigPoly): TrigPoly => {
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
export const cancel = (r: TrigRatio): TrigRatio => {
  const all = [...r.n.keys(), ...r.d.keys()].map(expsOf);
  if (all.length === 0 || r.n.size === 0) return r;
  const min = all[0]!.map((_, i) => Math.min(...all.map((e) => e[i]!)));
  const shift = (p: TrigPoly): TrigPoly =>
    new Map([...p].map(([k, v]) => [keyOf(expsOf(k).map((x, i) => x - min[i]!)), v]));
  let n = shift(r.n);
  let d = shift(r.d);
  const dc = trigConstantOf(d);
  if (dc && !R.isZero(dc)) {
    n = trigScale(n, R.div(R.ONE, dc));
    d = trigScale(d, R.div(R.ONE, dc));
  } else {
    if ([...d.values()].every((v) => R.sign(v) < 0)) {
      n = trigScale(n, R.q(-1));
      d = trigScale(d, R.q(-1));
    }
  }
  return { n, d };
};

export const trigPolyNode = (ring: TrigRing, p: TrigPoly): Node => {
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
      const top = R.abs(k.n) === 1n ? mul(...factors) : mul(num(R.abs(k.n)), ...factors);
      const d = div(top, num(k.d));
      return k.n < 0n ? neg(d) : d;
    }
    return mul(num(k), ...factors);
  });
  return add(...nodes);
};

export const ratioNode = (ring: TrigRing, r: TrigRatio): Node => {
  const c = cancel(r);
  const dc = trigConstantOf(c.d);
  return dc && R.isOne(dc) ? trigPolyNode(ring, c.n) : div(trigPolyNode(ring, c.n), trigPolyNode(ring, c.d));
};
