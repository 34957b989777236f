/**
 * The bridge to nerdamer-prime, the symbolic library behind derivatives, integrals, limits, factoring and
 * non-polynomial equations: our tree to its syntax and back (tidied to read like a textbook), with the guards that
 * keep its work small. Synchronous and CommonJS, so the Engine stays synchronous; loaded on first use.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { type Node, Unsupported, call, div, mul, num, size, variables } from './ast';
import { parse } from './parse';
import { polyToNode, toRatFn } from './poly';
import { toText } from './print';
import * as R from '../rational';

/** The symbolic library's call signature, as much of it as we use. */
type Nerdamer = ((expression: string) => { toString(): string }) & { clear?: (what: string) => void };
let nerdamerInstance: Nerdamer | null = null;
const nerdamer = (): Nerdamer => {
  if (!nerdamerInstance) {
    // Lazy: the backend must start in seconds, and most requests never need a CAS.
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use (above); the add-ons register
       themselves on the core */
    const core = require('nerdamer-prime') as Nerdamer;
    require('nerdamer-prime/Algebra');
    require('nerdamer-prime/Calculus');
    require('nerdamer-prime/Solve');
    /* eslint-enable @typescript-eslint/no-require-imports */
    nerdamerInstance = core;
  }
  return nerdamerInstance;
};

const MAX_CAS_NODES = 80;

/** Our tree → nerdamer syntax (nerdamer's `log` is the natural logarithm). */
export const toCas = (node: Node): string => {
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
        return { ...n, a: rewrite(n.a), b: rewrite(n.b) };
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
export const fromCas = (text: string, allowI: boolean): Node => {
  for (const word of text.match(/[a-zA-Z]{2,}/g) ?? []) {
    if (!KNOWN_WORDS.has(word)) throw new Unsupported(`the result needs the function ${word}, beyond this engine`);
  }
  if (/\d\.\d/.test(text)) throw new Unsupported('only a decimal approximation was found, not an exact answer');
  if (!allowI && /\bi\b/.test(text)) throw new Unsupported('the result is complex');
  const node = parse(text.replace(/\blog\(/g, 'ln(').replace(/\babs\(/g, 'abs('));
  return tidy(node);
};

export const cas = (expression: string): string => {
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

export const casGuard = (node: Node): void => {
  if (size(node).count > MAX_CAS_NODES) throw new Unsupported('the expression is too large to handle reliably');
  const s = toText(node);
  for (const m of s.matchAll(/\^\(?(-?\d+)/g))
    if (Math.abs(Number(m[1])) > 20) throw new Unsupported('the power is too large to handle reliably');
};

/** A polynomial result is written highest power first (`9*x^2 + 6*x - 3`); anything else is left as it is. */
export const polish = (node: Node, v: string): Node => {
  try {
    const f = toRatFn(node, v);
    return f.den.length === 1 && R.isOne(f.den[0]!) ? polyToNode(f.num, v) : node;
  } catch {
    return node;
  }
};
