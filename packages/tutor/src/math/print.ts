/**
 * Prints trees as the contract's plain calculator syntax (`*`, `^`, `sqrt()`, `ln()`, `pi`, `i`) and as LaTeX.
 * Precedence-aware so that no needless brackets appear, and so the text parses back to the same value.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import type { Node } from './ast';

const PREC = { rel: 0, add: 1, mul: 2, neg: 2, div: 2, pow: 4, atom: 5 } as const;

const isNegativeLeading = (node: Node): boolean =>
  node.k === 'neg' ||
  (node.k === 'num' && node.v.n < 0n) ||
  (node.k === 'mul' && node.args.length > 0 && isNegativeLeading(node.args[0]!)) ||
  (node.k === 'div' && isNegativeLeading(node.a));

/** The same term without its leading minus (for `a - b` instead of `a + -b`). */
const negate = (node: Node): Node => {
  if (node.k === 'neg') return node.arg;
  if (node.k === 'num') return { k: 'num', v: { n: -node.v.n, d: node.v.d } };
  if (node.k === 'mul') {
    const first = negate(node.args[0]!);
    const rest = node.args.slice(1);
    if (first.k === 'num' && first.v.n === 1n && first.v.d === 1n && rest.length > 0) {
      return rest.length === 1 ? rest[0]! : { k: 'mul', args: rest };
    }
    return { k: 'mul', args: [first, ...rest] };
  }
  if (node.k === 'div') return { k: 'div', a: negate(node.a), b: node.b };
  return { k: 'neg', arg: node };
};

const precOf = (node: Node): number => {
  switch (node.k) {
    case 'num':
      return node.v.n < 0n ? PREC.neg : node.v.d !== 1n ? PREC.div : PREC.atom;
    case 'sym':
    case 'call':
      return node.k === 'call' && node.fn === 'exp' ? PREC.pow : PREC.atom;
    case 'add':
      return PREC.add;
    case 'mul':
      return isNegativeLeading(node) ? PREC.neg : PREC.mul;
    case 'neg':
      return PREC.neg;
    case 'div':
      return PREC.div;
    case 'pow':
      return PREC.pow;
    case 'rel':
      return PREC.rel;
  }
};

const REL_TEXT = { '=': '=', '<': '<', '>': '>', '<=': '<=', '>=': '>=' } as const;
const REL_LATEX = { '=': '=', '<': '<', '>': '>', '<=': '\\le', '>=': '\\ge' } as const;

export const toText = (node: Node): string => {
  const wrap = (n: Node, min: number): string => (precOf(n) < min ? `(${toText(n)})` : toText(n));
  switch (node.k) {
    case 'num':
      return node.v.d === 1n ? node.v.n.toString() : `${node.v.n}/${node.v.d}`;
    case 'sym':
      return node.name;
    case 'add':
      return node.args
        .map((a, index) => {
          if (index === 0) return toText(a);
          return isNegativeLeading(a) ? ` - ${wrap(negate(a), PREC.mul)}` : ` + ${wrap(a, PREC.mul)}`;
        })
        .join('');
    case 'mul':
      return node.args.map((a, index) => (index === 0 ? wrap(a, PREC.neg) : wrap(a, PREC.pow))).join('*');
    case 'neg':
      return `-${wrap(node.arg, PREC.mul + 0.5)}`;
    case 'div':
      return `${wrap(node.a, PREC.mul)}/${wrap(node.b, PREC.pow)}`;
    case 'pow':
      return `${wrap(node.a, PREC.atom)}^${wrap(node.b, PREC.atom)}`;
    case 'rel':
      return `${toText(node.a)} ${REL_TEXT[node.op]} ${toText(node.b)}`;
    case 'call': {
      const [x, base] = node.args;
      if (node.fn === 'exp') return `e^${wrap(x!, PREC.atom)}`;
      if (node.fn === 'log') {
        const b = base && base.k === 'num' && base.v.d === 1n ? base.v.n.toString() : null;
        if (b === '10') return `log(${toText(x!)})`;
        return b ? `log_${b}(${toText(x!)})` : `log(${toText(x!)}, ${toText(base!)})`;
      }
      if (node.fn === 'and') return node.args.map(toText).join(' and ');
      return `${node.fn}(${node.args.map(toText).join(', ')})`;
    }
  }
};

const LATEX_FN: Record<string, string> = {
  sin: '\\sin',
  cos: '\\cos',
  tan: '\\tan',
  sec: '\\sec',
  csc: '\\csc',
  cot: '\\cot',
  asin: '\\arcsin',
  acos: '\\arccos',
  atan: '\\arctan',
  sinh: '\\sinh',
  cosh: '\\cosh',
  tanh: '\\tanh',
  ln: '\\ln',
  exp: '\\exp',
};

export const toLatex = (node: Node): string => {
  const wrap = (n: Node, min: number): string => (precOf(n) < min ? `\\left(${toLatex(n)}\\right)` : toLatex(n));
  switch (node.k) {
    case 'num':
      if (node.v.d === 1n) return node.v.n.toString();
      return node.v.n < 0n ? `-\\frac{${-node.v.n}}{${node.v.d}}` : `\\frac{${node.v.n}}{${node.v.d}}`;
    case 'sym':
      return node.name === 'pi' ? '\\pi' : node.name === 'inf' ? '\\infty' : node.name;
    case 'add':
      return node.args
        .map((a, index) => {
          if (index === 0) return toLatex(a);
          return isNegativeLeading(a) ? ` - ${wrap(negate(a), PREC.mul)}` : ` + ${wrap(a, PREC.mul)}`;
        })
        .join('');
    case 'mul':
      return node.args
        .map((a, index) => {
          const text = index === 0 ? wrap(a, PREC.neg) : wrap(a, PREC.pow);
          if (index === 0) return text;
          // Digits next to digits need a dot; `2x` and `x\sin x` read fine side by side.
          return /^[\d-]/.test(text) || node.args[index - 1]!.k === 'div' ? ` \\cdot ${text}` : ` ${text}`;
        })
        .join('');
    case 'neg':
      return `-${wrap(node.arg, PREC.mul + 0.5)}`;
    case 'div':
      return `\\frac{${toLatex(node.a)}}{${toLatex(node.b)}}`;
    case 'pow':
      return `${wrap(node.a, PREC.atom)}^{${toLatex(node.b)}}`;
    case 'rel':
      return `${toLatex(node.a)} ${REL_LATEX[node.op]} ${toLatex(node.b)}`;
    case 'call': {
      const [x, base] = node.args;
      if (node.fn === 'sqrt') return `\\sqrt{${toLatex(x!)}}`;
      if (node.fn === 'abs') return `\\left|${toLatex(x!)}\\right|`;
      if (node.fn === 'exp') return `e^{${toLatex(x!)}}`;
      if (node.fn === 'log') return `\\log_{${toLatex(base!)}}\\left(${toLatex(x!)}\\right)`;
      if (node.fn === 'and') return node.args.map(toLatex).join(' \\text{ and } ');
      const name = LATEX_FN[node.fn] ?? `\\operatorname{${node.fn}}`;
      return `${name}\\left(${node.args.map(toLatex).join(', ')}\\right)`;
    }
  }
};
