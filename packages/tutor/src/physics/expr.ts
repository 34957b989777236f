/**
 * A tiny expression tree for the formula library. One tree serves three purposes, so the formula table is
 * written once: numeric evaluation (the answer and the substitution check), dimensional evaluation (the units
 * check, which really can fail when a solved form is wrong) and printing (LaTeX and calculator text for steps).
 */

/** Exponents of the SI base dimensions: mass, length, time, current, temperature, amount. Angles count as 1. */
export type Dims = readonly [number, number, number, number, number, number];

export const DIMENSIONLESS: Dims = [0, 0, 0, 0, 0, 0];

export type Expr =
  | { readonly k: 'var'; readonly id: string }
  | { readonly k: 'num'; readonly value: number; readonly text?: string }
  | { readonly k: 'add' | 'sub' | 'mul' | 'div'; readonly a: Expr; readonly b: Expr }
  | { readonly k: 'pow'; readonly a: Expr; readonly n: number }
  | { readonly k: 'sqrt' | 'sin' | 'cos' | 'asin' | 'neg'; readonly a: Expr }
  | { readonly k: 'sum' | 'recipsum'; readonly items: readonly Expr[] };

// Constructors keep the formula table readable.
export const v = (id: string): Expr => ({ k: 'var', id });
export const n = (value: number, text?: string): Expr =>
  text === undefined ? { k: 'num', value } : { k: 'num', value, text };
export const add = (a: Expr, b: Expr): Expr => ({ k: 'add', a, b });
export const sub = (a: Expr, b: Expr): Expr => ({ k: 'sub', a, b });
export const mul = (a: Expr, b: Expr, ...rest: Expr[]): Expr =>
  rest.reduce<Expr>((acc, e) => ({ k: 'mul', a: acc, b: e }), { k: 'mul', a, b });
export const div = (a: Expr, b: Expr): Expr => ({ k: 'div', a, b });
export const pow = (a: Expr, p: number): Expr => ({ k: 'pow', a, n: p });
export const sqrt = (a: Expr): Expr => ({ k: 'sqrt', a });
export const sin = (a: Expr): Expr => ({ k: 'sin', a });
export const cos = (a: Expr): Expr => ({ k: 'cos', a });
export const asin = (a: Expr): Expr => ({ k: 'asin', a });
export const neg = (a: Expr): Expr => ({ k: 'neg', a });
export const half = n(0.5, '1/2');

/** @returns the numeric value; NaN when out of the real domain (negative square root, asin beyond 1) */
export function evaluate(e: Expr, values: ReadonlyMap<string, number>): number {
  switch (e.k) {
    case 'var': {
      const value = values.get(e.id);
      if (value === undefined) throw new Error(`no value for ${e.id}`);
      return value;
    }
    case 'num':
      return e.value;
    case 'add':
      return evaluate(e.a, values) + evaluate(e.b, values);
    case 'sub':
      return evaluate(e.a, values) - evaluate(e.b, values);
    case 'mul':
      return evaluate(e.a, values) * evaluate(e.b, values);
    case 'div':
      return evaluate(e.a, values) / evaluate(e.b, values);
    case 'pow':
      return evaluate(e.a, values) ** e.n;
    case 'sqrt': {
      const x = evaluate(e.a, values);
      return x < 0 ? Number.NaN : Math.sqrt(x);
    }
    case 'sin':
      return Math.sin(evaluate(e.a, values));
    case 'cos':
      return Math.cos(evaluate(e.a, values));
    case 'asin': {
      const x = evaluate(e.a, values);
      return Math.abs(x) > 1 ? Number.NaN : Math.asin(x);
    }
    case 'neg':
      return -evaluate(e.a, values);
    case 'sum':
      return e.items.reduce((acc, item) => acc + evaluate(item, values), 0);
    case 'recipsum':
      return 1 / e.items.reduce((acc, item) => acc + 1 / evaluate(item, values), 0);
  }
}

const sameDims = (a: Dims, b: Dims): boolean => a.every((x, i) => Math.abs(x - (b[i] ?? 0)) < 1e-9);
const scale = (a: Dims, f: number): Dims => a.map((x) => x * f) as unknown as Dims;
const combine = (a: Dims, b: Dims, sign: number): Dims => a.map((x, i) => x + sign * (b[i] ?? 0)) as unknown as Dims;

export class DimensionMismatch extends Error {}

/**
 * @returns the dimensions of the expression given those of its variables
 * @throws DimensionMismatch when it adds unlike quantities or takes the sine of a dimensioned one
 */
export function dimensionsOf(e: Expr, dims: (id: string) => Dims): Dims {
  switch (e.k) {
    case 'var':
      return dims(e.id);
    case 'num':
      return DIMENSIONLESS;
    case 'add':
    case 'sub': {
      const a = dimensionsOf(e.a, dims);
      const b = dimensionsOf(e.b, dims);
      if (!sameDims(a, b)) throw new DimensionMismatch('adds quantities of different dimensions');
      return a;
    }
    case 'mul':
      return combine(dimensionsOf(e.a, dims), dimensionsOf(e.b, dims), 1);
    case 'div':
      return combine(dimensionsOf(e.a, dims), dimensionsOf(e.b, dims), -1);
    case 'pow':
      return scale(dimensionsOf(e.a, dims), e.n);
    case 'sqrt':
      return scale(dimensionsOf(e.a, dims), 0.5);
    case 'sin':
    case 'cos':
    case 'asin':
      if (!sameDims(dimensionsOf(e.a, dims), DIMENSIONLESS))
        throw new DimensionMismatch('takes the sine of a dimensioned quantity');
      return DIMENSIONLESS;
    case 'neg':
      return dimensionsOf(e.a, dims);
    case 'sum':
    case 'recipsum': {
      const [first, ...rest] = e.items.map((item) => dimensionsOf(item, dims));
      if (first === undefined) return DIMENSIONLESS;
      if (!rest.every((d) => sameDims(d, first)))
        throw new DimensionMismatch('adds quantities of different dimensions');
      return first;
    }
  }
}

export { sameDims };

/** How a variable is printed: its symbol, or its value with unit in a substitution. */
export type Namer = (id: string) => string;

const PREC: Record<Expr['k'], number> = {
  add: 1,
  sub: 1,
  sum: 1,
  neg: 2,
  mul: 3,
  div: 3,
  recipsum: 4,
  pow: 5,
  sqrt: 6,
  sin: 6,
  cos: 6,
  asin: 6,
  var: 7,
  num: 7,
};

/** LaTeX of an expression; `atom` tells whether a variable's printout needs brackets under a power or product. */
export function toLatex(e: Expr, name: Namer, atomic: (id: string) => boolean = () => true): string {
  const wrap = (child: Expr, min: number): string => {
    const s = toLatex(child, name, atomic);
    const needs =
      PREC[child.k] < min ||
      (child.k === 'var' && !atomic(child.id) && min >= 3) ||
      (child.k === 'num' && child.value < 0);
    return needs ? `\\left(${s}\\right)` : s;
  };
  switch (e.k) {
    case 'var':
      return name(e.id);
    case 'num':
      return e.text === '1/2' ? '\\frac{1}{2}' : formatPlain(e.value);
    case 'add':
      return `${wrap(e.a, 1)} + ${wrap(e.b, 2)}`;
    case 'sub':
      return `${wrap(e.a, 1)} - ${wrap(e.b, 2)}`;
    case 'mul': {
      const sep =
        e.b.k === 'num' || (e.b.k === 'var' && !atomic(e.b.id)) || (e.a.k === 'var' && !atomic(e.a.id))
          ? ' \\cdot '
          : ' ';
      return `${wrap(e.a, 3)}${sep}${wrap(e.b, 3)}`;
    }
    case 'div':
      return `\\frac{${toLatex(e.a, name, atomic)}}{${toLatex(e.b, name, atomic)}}`;
    case 'pow':
      return e.n === 2 && e.a.k === 'sin' ? `\\sin^{2}${toLatex(e.a.a, name, atomic)}` : `${wrap(e.a, 6)}^{${e.n}}`;
    case 'sqrt':
      return `\\sqrt{${toLatex(e.a, name, atomic)}}`;
    case 'sin':
      return `\\sin\\left(${toLatex(e.a, name, atomic)}\\right)`;
    case 'cos':
      return `\\cos\\left(${toLatex(e.a, name, atomic)}\\right)`;
    case 'asin':
      return `\\arcsin\\left(${toLatex(e.a, name, atomic)}\\right)`;
    case 'neg':
      return `-${wrap(e.a, 3)}`;
    case 'sum':
      return e.items.map((item) => wrap(item, 1)).join(' + ');
    case 'recipsum':
      return `\\frac{1}{${e.items.map((item) => `\\frac{1}{${toLatex(item, name, atomic)}}`).join(' + ')}}`;
  }
}

/** Calculator text of an expression (`*`, `/`, `^`, `sqrt()`), with brackets wherever precedence needs them. */
export function toText(e: Expr, name: Namer, atomic: (id: string) => boolean = () => true): string {
  const wrap = (child: Expr, min: number): string => {
    const s = toText(child, name, atomic);
    const needs =
      PREC[child.k] < min ||
      (child.k === 'var' && !atomic(child.id) && min >= 3) ||
      (child.k === 'num' && (child.value < 0 || (child.text !== undefined && min >= 3)));
    return needs ? `(${s})` : s;
  };
  switch (e.k) {
    case 'var':
      return name(e.id);
    case 'num':
      return e.text ?? formatPlain(e.value);
    case 'add':
      return `${wrap(e.a, 1)} + ${wrap(e.b, 2)}`;
    case 'sub':
      return `${wrap(e.a, 1)} - ${wrap(e.b, 2)}`;
    case 'mul':
      return `${wrap(e.a, 3)}*${wrap(e.b, 3)}`;
    case 'div':
      return `${wrap(e.a, 3)}/${wrap(e.b, 4)}`;
    case 'pow':
      return `${wrap(e.a, 6)}^${e.n}`;
    case 'sqrt':
      return `sqrt(${toText(e.a, name, atomic)})`;
    case 'sin':
      return `sin(${toText(e.a, name, atomic)})`;
    case 'cos':
      return `cos(${toText(e.a, name, atomic)})`;
    case 'asin':
      return `asin(${toText(e.a, name, atomic)})`;
    case 'neg':
      return `-${wrap(e.a, 3)}`;
    case 'sum':
      return e.items.map((item) => wrap(item, 1)).join(' + ');
    case 'recipsum':
      return `1/(${e.items.map((item) => `1/${wrap(item, 4)}`).join(' + ')})`;
  }
}

/** A number as short plain text, without float noise (0.1 + 0.2 prints 0.3). */
export function formatPlain(x: number): string {
  if (x === 0) return '0';
  const s = Number(x.toPrecision(10)).toString();
  return s.replace('e+', 'e');
}

/** @returns the ids of the variables an expression uses */
export function variablesOf(e: Expr, into: Set<string> = new Set()): Set<string> {
  switch (e.k) {
    case 'var':
      into.add(e.id);
      break;
    case 'num':
      break;
    case 'add':
    case 'sub':
    case 'mul':
    case 'div':
      variablesOf(e.a, into);
      variablesOf(e.b, into);
      break;
    case 'pow':
    case 'sqrt':
    case 'sin':
    case 'cos':
    case 'asin':
    case 'neg':
      variablesOf(e.a, into);
      break;
    case 'sum':
    case 'recipsum':
      for (const item of e.items) variablesOf(item, into);
      break;
  }
  return into;
}
