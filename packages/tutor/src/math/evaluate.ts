/**
 * A tiny complex-number evaluator of the engine's tree. Checks substitute answers into the ORIGINAL question with
 * it: the path is independent of how the answer was found (polynomial algebra, elimination, a CAS), so a bug in
 * a solver shows up as a failed check instead of a wrong answer marked verified.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import type { Node } from './ast';
import { toNumber } from '../rational';

export interface C {
  re: number;
  im: number;
}

/** Raised where the expression is undefined (division by zero, log of zero): a root there must be rejected. */
export class Undefined extends Error {}

const c = (re: number, im = 0): C => ({ re, im });
const cadd = (a: C, b: C): C => c(a.re + b.re, a.im + b.im);
const cmul = (a: C, b: C): C => c(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
const cdiv = (a: C, b: C): C => {
  const d = b.re * b.re + b.im * b.im;
  if (d === 0 || !Number.isFinite(d)) throw new Undefined('division by zero');
  return c((a.re * b.re + a.im * b.im) / d, (a.im * b.re - a.re * b.im) / d);
};
const cabs = (a: C): number => Math.hypot(a.re, a.im);
const cexp = (a: C): C => c(Math.exp(a.re) * Math.cos(a.im), Math.exp(a.re) * Math.sin(a.im));
const cln = (a: C): C => {
  if (a.re === 0 && a.im === 0) throw new Undefined('logarithm of zero');
  return c(Math.log(cabs(a)), Math.atan2(a.im, a.re));
};
const real = (a: C): boolean => Math.abs(a.im) <= 1e-12 * Math.max(1, Math.abs(a.re));

const cpow = (a: C, b: C): C => {
  if (real(b) && Number.isInteger(b.re) && Math.abs(b.re) <= 64) {
    // Exact repeated multiplication for integer powers: no branch cut, no rounding of (−2)^3.
    let result = c(1);
    for (let k = 0; k < Math.abs(b.re); k++) result = cmul(result, a);
    return b.re < 0 ? cdiv(c(1), result) : result;
  }
  if (a.re === 0 && a.im === 0) {
    if (b.re > 0) return c(0);
    throw new Undefined('zero to a non-positive power');
  }
  if (real(a) && real(b) && a.re > 0) return c(a.re ** b.re);
  // A real odd root of a negative number (cube roots): students mean the real one.
  if (real(a) && real(b) && a.re < 0) {
    const inv = 1 / b.re;
    if (Number.isInteger(Math.round(inv)) && Math.abs(inv - Math.round(inv)) < 1e-12 && Math.round(inv) % 2 !== 0) {
      return c(-((-a.re) ** b.re));
    }
  }
  return cexp(cmul(b, cln(a)));
};

const realOnly = (name: string, a: C, f: (x: number) => number): C => {
  if (!real(a)) {
    switch (name) {
      case 'sin':
        return c(Math.sin(a.re) * Math.cosh(a.im), Math.cos(a.re) * Math.sinh(a.im));
      case 'cos':
        return c(Math.cos(a.re) * Math.cosh(a.im), -Math.sin(a.re) * Math.sinh(a.im));
      default:
        throw new Undefined(`${name} of a complex number`);
    }
  }
  const v = f(a.re);
  if (!Number.isFinite(v)) throw new Undefined(`${name} is undefined here`);
  return c(v);
};

const FUNCS: Record<string, (x: number) => number> = {
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  sec: (x) => 1 / Math.cos(x),
  csc: (x) => 1 / Math.sin(x),
  cot: (x) => 1 / Math.tan(x),
  asin: (x) => (Math.abs(x) <= 1 ? Math.asin(x) : NaN),
  acos: (x) => (Math.abs(x) <= 1 ? Math.acos(x) : NaN),
  atan: Math.atan,
  sinh: Math.sinh,
  cosh: Math.cosh,
  tanh: Math.tanh,
  cbrt: Math.cbrt,
  abs: Math.abs,
  factorial: (x) => {
    if (!Number.isInteger(x) || x < 0 || x > 170) return NaN;
    let r = 1;
    for (let k = 2; k <= x; k++) r *= k;
    return r;
  },
};

/** Evaluates with complex arithmetic; `env` gives the variables. Throws Undefined where the value does not exist. */
export const evaluate = (node: Node, env: Readonly<Record<string, C>>): C => {
  switch (node.k) {
    case 'num':
      return c(toNumber(node.v));
    case 'sym': {
      const v = env[node.name];
      if (v) return v;
      if (node.name === 'pi') return c(Math.PI);
      if (node.name === 'e') return c(Math.E);
      if (node.name === 'i') return c(0, 1);
      if (node.name === 'inf') return c(Infinity);
      throw new Undefined(`no value for ${node.name}`);
    }
    case 'add':
      return node.args.reduce((acc, a) => cadd(acc, evaluate(a, env)), c(0));
    case 'mul':
      return node.args.reduce((acc, a) => cmul(acc, evaluate(a, env)), c(1));
    case 'neg': {
      const v = evaluate(node.arg, env);
      return c(-v.re, -v.im);
    }
    case 'div':
      return cdiv(evaluate(node.a, env), evaluate(node.b, env));
    case 'pow':
      return cpow(evaluate(node.a, env), evaluate(node.b, env));
    case 'rel':
      return cadd(evaluate(node.a, env), cmul(c(-1), evaluate(node.b, env)));
    case 'call': {
      const x = evaluate(node.args[0]!, env);
      switch (node.fn) {
        case 'sqrt':
          if (real(x) && x.re >= 0) return c(Math.sqrt(x.re));
          return cpow(x, c(0.5));
        case 'ln':
          if (real(x) && x.re <= 0) throw new Undefined('logarithm of a non-positive number');
          return cln(x);
        case 'log': {
          const b = evaluate(node.args[1]!, env);
          if ((real(x) && x.re <= 0) || (real(b) && (b.re <= 0 || b.re === 1)))
            throw new Undefined('logarithm undefined');
          return cdiv(cln(x), cln(b));
        }
        case 'exp':
          return cexp(x);
        case 'and':
          throw new Undefined('not a number');
        default: {
          const f = FUNCS[node.fn];
          if (!f) throw new Undefined(`unknown function ${node.fn}`);
          return realOnly(node.fn, x, f);
        }
      }
    }
  }
};

export const evalReal = (node: Node, env: Readonly<Record<string, number>>): number => {
  const cenv: Record<string, C> = {};
  for (const [k, v] of Object.entries(env)) cenv[k] = c(v);
  const r = evaluate(node, cenv);
  if (!real(r)) throw new Undefined('not real');
  return r.re;
};

/** Relative closeness for checks: tight enough that a perturbed coefficient fails, loose enough for rounding. */
export const close = (a: C, b: C, tol = 1e-9): boolean =>
  Math.hypot(a.re - b.re, a.im - b.im) <= tol * Math.max(1, cabs(a), cabs(b));

export const complex = c;
export const magnitude = cabs;
