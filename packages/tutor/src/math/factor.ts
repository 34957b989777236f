/**
 * Factoring a polynomial in one variable over the rationals, by its rational roots: the CAS (nerdamer) leaves
 * some quadratics unfactored (x^2 + 14x + 48 came back as "14*x + x^2 + 48", and the numeric check cannot see
 * that nothing was factored), so the roots are found by the rational root theorem (poly.ts) and the factors are
 * multiplied back exactly: the answer is the polynomial itself, not a numerical look-alike.
 */
import { type Node, mul, neg, num, pow, sym } from './ast';
import { type Poly, degree, lead, pmul, polyToNode, rationalRoots, trim } from './poly';
import * as R from '../rational';
import type { Q } from '../rational';

/** What factoring found: the factored tree, and whether it is irreducible over the rationals. */
export interface Factored {
  node: Node;
  /** True when no factor of lower degree exists (degree ≤ 3 and no rational root). */
  irreducible: boolean;
}

const samePoly = (a: Poly, b: Poly): boolean => {
  const x = trim(a);
  const y = trim(b);
  return x.length === y.length && x.every((c, i) => R.eq(c, y[i] ?? R.ZERO));
};

/**
 * @param p - the polynomial (coefficients, lowest power first)
 * @param v - its variable
 * @returns the product of a constant, the linear factors of its rational roots (repeated ones as powers) and what
 * is left, exactly equal to p; or null when that cannot be shown (then nothing is claimed)
 */
export function factorOverRationals(p: Poly, v: string): Factored | null {
  if (degree(p) < 1) return null;
  const { roots, rest } = rationalRoots(p);
  if (roots.length === 0) return degree(p) <= 3 ? { node: polyToNode(p, v), irreducible: true } : null;
  // Equal roots are one factor to a power: (x - 2)^2.
  const counts = new Map<string, { root: Q; times: number }>();
  for (const root of roots) {
    const key = `${String(root.n)}/${String(root.d)}`;
    const seen = counts.get(key);
    if (seen) seen.times += 1;
    else counts.set(key, { root, times: 1 });
  }
  let product: Poly = [R.ONE];
  const factors: Node[] = [];
  for (const { root, times } of counts.values()) {
    // The root a/b gives the factor b·x − a, with whole-number coefficients.
    const linear: Poly = [R.q(-root.n), R.q(root.d)];
    for (let i = 0; i < times; i += 1) product = pmul(product, linear);
    const factor = root.n === 0n && root.d === 1n ? sym(v) : polyToNode(linear, v);
    factors.push(times === 1 ? factor : pow(factor, num(times)));
  }
  if (degree(rest) > 0) {
    product = pmul(product, rest);
    factors.push(polyToNode(rest, v));
  }
  const scale = R.div(lead(p), lead(product));
  const scaled = product.map((c) => R.mul(c, scale));
  // The factors multiplied back must be the polynomial itself, coefficient by coefficient.
  if (!samePoly(scaled, p)) return null;
  const node = R.isOne(scale)
    ? mul(...factors)
    : R.eq(scale, R.q(-1))
      ? neg(mul(...factors))
      : mul(num(scale), ...factors);
  return { node, irreducible: false };
}
