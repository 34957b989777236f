/**
 * The trig calls of a tree and their angles. An angle is read as an integer combination of variables plus a
 * multiple of pi/2 (`2x`, `x + y`, `pi/2 - x`); anything else is outside the exact ring (NotTrig).
 */
import { type Node, CONSTANTS, neg } from '../ast';
import * as R from '../../rational';
import type { Q } from '../../rational';

export const TRIG = new Set(['sin', 'cos', 'tan', 'sec', 'csc', 'cot']);

/** The expression is outside the exact ring (a variable outside a trig call, sqrt, sin(x^2)…): no rewrite chain. */
export class NotTrig extends Error {}

export const hasTrig = (n: Node): boolean => {
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
export const mapTree = (n: Node, f: (n: Node) => Node): Node => {
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
      return f({ ...n, a: mapTree(n.a, f), b: mapTree(n.b, f) });
  }
};

export const trigCalls = (n: Node, out: Node[] = []): Node[] => {
  mapTree(n, (m) => {
    if (m.k === 'call' && TRIG.has(m.fn)) out.push(m);
    return m;
  });
  return out;
};

export interface Lin {
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

export const linOf = (n: Node): Lin => {
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
