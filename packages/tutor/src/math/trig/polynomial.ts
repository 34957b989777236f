/**
 * Reads an equation as a polynomial in sin(u), cos(u) and tan(u) of ONE angle u with numeric coefficients
 * (2cos²x − 1, 2sin(2x) + 1, sin x − cos x), the shape the unit-circle solver works on. Anything else (the unknown
 * outside a trig call, two different angles, sec/csc/cot, a trig call in a denominator) is refused in plain words.
 */
import { type Node, Unsupported, variables } from '../ast';
import { evaluate } from '../evaluate';
import { toText } from '../print';
import type { TrigFn } from './values';

/** Exponents of sin, cos and tan in one term. */
export type Monomial = readonly [number, number, number];
/** A polynomial: `"i,j,k"` (exponents of sin, cos, tan) → coefficient. */
export type TrigPolynomial = Map<string, number>;

const key = (m: Monomial): string => m.join(',');
export const monomialOf = (k: string): Monomial => {
  const [s = 0, c = 0, t = 0] = k.split(',').map(Number);
  return [s, c, t];
};

const constant = (value: number): TrigPolynomial => new Map(value === 0 ? [] : [[key([0, 0, 0]), value]]);

const plus = (a: TrigPolynomial, b: TrigPolynomial): TrigPolynomial => {
  const out = new Map(a);
  for (const [k, v] of b) out.set(k, (out.get(k) ?? 0) + v);
  return out;
};

const times = (a: TrigPolynomial, b: TrigPolynomial): TrigPolynomial => {
  let out: TrigPolynomial = new Map();
  for (const [ka, va] of a) {
    const ma = monomialOf(ka);
    for (const [kb, vb] of b) {
      const mb = monomialOf(kb);
      out = plus(out, new Map([[key([ma[0] + mb[0], ma[1] + mb[1], ma[2] + mb[2]]), va * vb]]));
    }
  }
  return out;
};

const scale = (a: TrigPolynomial, k: number): TrigPolynomial => new Map([...a].map(([m, v]) => [m, v * k]));

/** Drops coefficients that are rounding noise next to the largest one. */
export const tidy = (p: TrigPolynomial): TrigPolynomial => {
  const largest = Math.max(0, ...[...p.values()].map(Math.abs));
  return new Map([...p].filter(([, v]) => Math.abs(v) > 1e-13 * Math.max(1, largest)));
};

export const degreeOf = (p: TrigPolynomial): number =>
  Math.max(0, ...[...p.keys()].map((k) => monomialOf(k).reduce((a, b) => a + b, 0)));

const FUNCTIONS: Record<string, TrigFn> = { sin: 'sin', cos: 'cos', tan: 'tan' };
const INDEX: Record<TrigFn, number> = { sin: 0, cos: 1, tan: 2 };

/**
 * @param difference - the equation's left side minus its right side
 * @param variable - the unknown
 * @returns the polynomial and the one angle every trig call has
 * @throws Unsupported when the equation is not a polynomial in sin, cos and tan of one angle
 */
export const trigPolynomial = (difference: Node, variable: string): { polynomial: TrigPolynomial; angle: Node } => {
  const found: { angle: Node | null } = { angle: null };
  const read = (node: Node): TrigPolynomial => {
    if (!variables(node).includes(variable)) {
      const value = evaluate(node, {});
      if (Math.abs(value.im) > 1e-12) throw new Unsupported('the equation has a number that is not real');
      return constant(value.re);
    }
    switch (node.k) {
      case 'add':
        return node.args.map(read).reduce(plus);
      case 'mul':
        return node.args.map(read).reduce(times);
      case 'neg':
        return scale(read(node.arg), -1);
      case 'div': {
        if (variables(node.b).includes(variable))
          throw new Unsupported(`a fraction with ${variable} in its denominator is beyond the exact trig solver`);
        const d = evaluate(node.b, {});
        if (d.re === 0 || Math.abs(d.im) > 1e-12) throw new Unsupported('the equation divides by zero');
        return scale(read(node.a), 1 / d.re);
      }
      case 'pow': {
        const e = node.b.k === 'num' && node.b.v.d === 1n ? Number(node.b.v.n) : -1;
        if (e < 0 || e > 4) throw new Unsupported('only whole powers up to 4 of sin, cos and tan are solved exactly');
        let out = constant(1);
        const base = read(node.a);
        for (let i = 0; i < e; i++) out = times(out, base);
        return out;
      }
      case 'call': {
        const fn = FUNCTIONS[node.fn];
        if (!fn) {
          throw new Unsupported(
            ['sec', 'csc', 'cot'].includes(node.fn)
              ? `write ${node.fn} with sin, cos or tan (for example sec x = 1/cos x) and I can solve it`
              : `${variable} inside ${node.fn}(…) is beyond the exact trig solver`,
          );
        }
        const inner = node.args[0];
        if (!inner) throw new Unsupported('a trig function needs an angle');
        const angle = found.angle;
        if (angle && toText(angle) !== toText(inner))
          throw new Unsupported(
            `the equation has two different angles (${toText(angle)} and ${toText(inner)}); I solve equations with one angle exactly`,
          );
        found.angle = inner;
        const m: [number, number, number] = [0, 0, 0];
        m[INDEX[fn]] = 1;
        return new Map([[key(m), 1]]);
      }
      default:
        throw new Unsupported(
          `${variable} appears outside a sine, cosine or tangent, so the exact unit-circle method does not apply`,
        );
    }
  };
  const polynomial = tidy(read(difference));
  if (!found.angle) throw new Unsupported('there is no sine, cosine or tangent of the unknown');
  return { polynomial, angle: found.angle };
};
