/**
 * Equations that are not polynomial (2^x = 32, log_2(x) = 5, e^(2x) = 7): solved exactly by our own rule for the
 * common shapes (exponentialRoot), else by nerdamer; every root is substituted back into the original equation,
 * and an approximate root is refused. Also routes "simplify" and inequalities (solveOther).
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import type { Check } from '@studyease/contract';
import { type Node, Unsupported, call, div, num, sym, variables } from './ast';
import { type CalculusOptions, mainVariable, solveCalculus } from './calculus';
import { cas, casGuard, fromCas, toCas } from './cas';
import { type Outcome, fmt, step } from './common';
import { type C, close, evaluate } from './evaluate';
import { gradeRoots } from './grade';
import { solveInequality } from './inequality';
import { toRatFn } from './poly';
import { toLatex, toText } from './print';
import { trigCalls } from './trig/angles';
import { solveTrigEquation } from './trig/equation';
import { similarExponential, similarLogarithmic } from './practice';
import * as R from '../rational';

/**
 * Splits at each comma whose next bracket is not `)` (what `/,(?![^(]*\)/` does), in one pass from the right: the
 * lookahead scans from every comma to the next bracket, quadratic on a long CAS answer.
 */
const splitOutsideParens = (text: string): string[] => {
  const parts: string[] = [];
  let end = text.length;
  let nextBracket = '';
  for (let i = text.length - 1; i >= 0; i--) {
    const ch = text[i]!;
    if (ch === '(' || ch === ')') nextBracket = ch;
    else if (ch === ',' && nextBracket !== ')') {
      parts.unshift(text.slice(i + 1, end));
      end = i;
    }
  }
  parts.unshift(text.slice(0, end));
  return parts;
};

/** Equations that are not polynomial (2^x = 32, log_2(x) = 5, e^(2x) = 7), inequalities, bare expressions. */
export const solveOther = (what: string, node: Node, options: CalculusOptions): Outcome => {
  if (what === 'simplify') return solveCalculus('simplify', node, options);
  if (what === 'inequality') return solveInequality(node, options);
  if (node.k !== 'rel') throw new Unsupported('not an equation');
  // Trig equations are solved from the unit circle, exactly, or refused: a CAS answers them with approximations.
  const unknown = mainVariable(node, options);
  if (trigCalls(node).some((c) => variables(c).includes(unknown))) return solveTrigEquation(node, unknown);
  casGuard(node);
  const v = mainVariable(node, options);
  // A letter in an exponent; `^` left out of the scan so that each scan ends at the next `^` (linear).
  const transcendental = /e\^|exp|ln|log|\^\(?[^()a-z^]*[a-z]/.test(toText(node));
  const own = exponentialRoot(node, v);
  const raw = own ? toText(own) : cas(`solve(${toCas(node.a)} = ${toCas(node.b)}, ${v})`).replace(/^\[|\]$/g, '');
  if (!raw.trim()) throw new Unsupported('no exact solution was found');
  const parts = own ? [own] : splitOutsideParens(raw).map((p) => fromCas(p, false));
  // A CAS may return a close rational approximation of ln(7)/2; substitution cannot tell them apart, so a
  // rational with a large denominator from a transcendental equation is refused rather than passed off as exact.
  if (!own && transcendental && parts.some((p) => p.k === 'num' && p.v.d > 100n)) {
    throw new Unsupported('only an approximate solution was found, not an exact one');
  }
  const checks: Check[] = [];
  const values: C[] = [];
  for (const r of parts) {
    let value: C;
    try {
      value = evaluate(r, {});
    } catch {
      // A CAS root with a letter left in it (another unknown): not a value this equation can be checked with.
      throw new Unsupported('the equation has more unknowns than it can be solved for');
    }
    values.push(value);
    let passed = false;
    let detail: string;
    try {
      const l = evaluate(node.a, { [v]: value });
      const rr = evaluate(node.b, { [v]: value });
      passed = close(l, rr, 1e-9);
      detail = `${v} = ${toText(r)}: left ${fmt(l)}, right ${fmt(rr)}`;
    } catch {
      detail = `${v} = ${toText(r)} is outside the domain`;
    }
    checks.push({ kind: 'substitution', passed, detail });
  }
  if (!checks.every((c) => c.passed)) throw new Unsupported('the symbolic solution did not pass its check');
  const rel = (r: Node): Node => ({ k: 'rel', op: '=', a: sym(v), b: r });
  const isLog = /log|ln/.test(toText(node));
  return {
    kind: isLog ? 'logarithmic-equation' : transcendental ? 'exponential-equation' : 'equation',
    answer: {
      text: parts.map((r) => toText(rel(r))).join(', '),
      latex: parts.map((r) => toLatex(rel(r))).join(',\\; '),
    },
    steps: [
      step('Read the equation', `Solve for ${v}.`, node),
      step(
        isLog ? 'Undo the logarithm' : 'Take logarithms',
        isLog
          ? 'log_b(u) = c means u = b^c.'
          : 'If b^u = c then u = ln(c)/ln(b); write both sides as powers of the same base when possible.',
      ),
      step('Result', 'Solve the remaining equation.', parts.length === 1 ? rel(parts[0]!) : undefined),
    ],
    checks,
    hints: [
      isLog ? 'This is a logarithmic equation.' : 'This is an exponential equation.',
      isLog
        ? 'Rewrite it in exponential form.'
        : 'Can both sides be written as powers of the same base? If not, take ln of both sides.',
      'Solve the resulting equation and check the domain.',
    ],
    grade: (s) => gradeRoots(v, values, s),
    similar: isLog ? similarLogarithmic : similarExponential,
  };
};

/** Exact root of b^(m x + n) = c, e^(m x + n) = c, log_b(m x + n) = c, ln(m x + n) = c; null for other shapes. */
const exponentialRoot = (node: Node & { k: 'rel' }, v: string): Node | null => {
  let [lhs, rhs] = [node.a, node.b];
  if (variables(lhs).length === 0) [lhs, rhs] = [rhs, lhs];
  if (variables(rhs).length > 0) return null;
  const linearSolve = (u: Node, value: Node): Node | null => {
    try {
      const f = toRatFn(u, v);
      if (f.den.length !== 1 || f.num.length !== 2) return null;
      const [n, m] = [f.num[0]!, f.num[1]!];
      if (value.k === 'num') return num(R.div(R.sub(value.v, n), m));
      const shifted = R.isZero(n) ? value : { k: 'add' as const, args: [value, num(R.neg(n))] };
      return R.isOne(m) ? shifted : div(shifted, num(m));
    } catch {
      return null;
    }
  };
  const c = rhs.k === 'num' ? rhs.v : null;
  const isE = (n: Node): boolean => n.k === 'sym' && n.name === 'e';
  if (
    (lhs.k === 'pow' && variables(lhs.a).length === 0 && variables(lhs.b).length > 0) ||
    (lhs.k === 'call' && lhs.fn === 'exp')
  ) {
    const base = lhs.k === 'pow' ? lhs.a : sym('e');
    const u = lhs.k === 'pow' ? lhs.b : lhs.args[0]!;
    if (!c || R.sign(c) <= 0) return null;
    let exponent: Node | null = null;
    if (base.k === 'num' && R.isInt(base.v) && base.v.n > 1n && R.isInt(c)) {
      // b^k = c with k a whole number (2^x = 32 gives 5, exactly), including negative k for 1/c.
      let power = 1n;
      for (let k = 0; k <= 64 && power <= c.n; k++, power *= base.v.n) if (power === c.n) exponent = num(k);
    }
    if (!exponent && base.k === 'num' && R.isInt(base.v) && c.n === 1n && c.d > 1n) {
      let power = 1n;
      for (let k = 0; k <= 64 && power <= c.d; k++, power *= base.v.n) if (power === c.d) exponent = num(-k);
    }
    if (!exponent) exponent = isE(base) ? call('ln', rhs) : div(call('ln', rhs), call('ln', base));
    return linearSolve(u, exponent);
  }
  if (lhs.k === 'call' && (lhs.fn === 'ln' || lhs.fn === 'log') && rhs.k === 'num') {
    const base = lhs.fn === 'ln' ? sym('e') : lhs.args[1]!;
    const value: Node =
      base.k === 'num' && R.isInt(rhs.v) && Math.abs(Number(rhs.v.n)) <= 64
        ? num(R.pow(base.v, Number(rhs.v.n)))
        : isE(base) && R.isInt(rhs.v) && R.isOne(rhs.v)
          ? sym('e')
          : { k: 'pow', a: base, b: rhs };
    return linearSolve(lhs.args[0]!, value);
  }
  return null;
};
