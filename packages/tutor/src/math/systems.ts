/**
 * Systems of linear equations (2 or 3 unknowns, or more up to 4) by exact rational elimination. Says when a
 * system is inconsistent (no solution) or dependent (infinitely many); solutions are substituted back into every
 * original equation.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import type { Check } from '@studyease/contract';
import { type Node, Unsupported, add, neg, num, sym, variables } from './ast';
import { type Outcome, fmt, randInt, step } from './common';
import { type C, close, evaluate } from './evaluate';
import { gradeAssignments, gradePhrase } from './grade';
import { toLatex, toText } from './print';
import * as R from '../rational';
import type { Q } from '../rational';

interface Linear {
  coef: Map<string, Q>;
  c: Q;
}

class NonLinear extends Error {}

const lin = (node: Node): Linear => {
  switch (node.k) {
    case 'num':
      return { coef: new Map(), c: node.v };
    case 'sym':
      if (['pi', 'e', 'i'].includes(node.name)) throw new NonLinear(node.name);
      return { coef: new Map([[node.name, R.ONE]]), c: R.ZERO };
    case 'neg': {
      const a = lin(node.arg);
      return { coef: new Map([...a.coef].map(([k, v]) => [k, R.neg(v)])), c: R.neg(a.c) };
    }
    case 'add':
      return node.args.map(lin).reduce((a, b) => {
        const coef = new Map(a.coef);
        for (const [k, v] of b.coef) coef.set(k, R.add(coef.get(k) ?? R.ZERO, v));
        return { coef, c: R.add(a.c, b.c) };
      });
    case 'mul':
      return node.args.map(lin).reduce((a, b) => {
        const aConst = [...a.coef.values()].every(R.isZero);
        const bConst = [...b.coef.values()].every(R.isZero);
        if (!aConst && !bConst) throw new NonLinear('a product of unknowns');
        const [k, other] = aConst ? [a.c, b] : [b.c, a];
        return { coef: new Map([...other.coef].map(([n, v]) => [n, R.mul(v, k)])), c: R.mul(other.c, k) };
      });
    case 'div': {
      const b = lin(node.b);
      if (![...b.coef.values()].every(R.isZero)) throw new NonLinear('division by an unknown');
      if (R.isZero(b.c)) throw new Unsupported('the system divides by zero');
      const a = lin(node.a);
      return { coef: new Map([...a.coef].map(([n, v]) => [n, R.div(v, b.c)])), c: R.div(a.c, b.c) };
    }
    default:
      throw new NonLinear(node.k);
  }
};

const row = (coefs: Q[], names: string[], c: Q): Node => {
  const terms: Node[] = [];
  coefs.forEach((k, index) => {
    if (R.isZero(k)) return;
    const v = sym(names[index]!);
    terms.push(R.isOne(k) ? v : R.eq(k, R.q(-1)) ? neg(v) : { k: 'mul', args: [num(k), v] });
  });
  return { k: 'rel', op: '=', a: terms.length ? add(...terms) : num(0), b: num(c) };
};

export const isLinearSystem = (equations: Node[]): boolean => {
  try {
    for (const e of equations) if (e.k === 'rel' && e.op === '=') lin(add(e.a, neg(e.b)));
    return true;
  } catch (error) {
    if (error instanceof NonLinear) return false;
    throw error;
  }
};

export const solveLinearSystem = (equations: Node[]): Outcome => {
  const names: string[] = [];
  for (const e of equations) variables(e, names);
  names.sort();
  if (names.length > 4 || equations.length > 4)
    throw new Unsupported('systems larger than 4 equations are not supported');
  if (equations.some((e) => e.k !== 'rel' || e.op !== '=')) throw new Unsupported('a system must consist of equations');
  let forms: Linear[];
  try {
    forms = equations.map((e) => lin(add((e as { a: Node }).a, neg((e as { b: Node }).b))));
  } catch (error) {
    if (error instanceof NonLinear) throw new Unsupported('only systems of linear equations are supported');
    throw error;
  }
  // Rows [a1 … an | rhs] of a·vars = -c.
  const rows: Q[][] = forms.map((f) => [...names.map((n) => f.coef.get(n) ?? R.ZERO), R.neg(f.c)]);
  const steps = [
    step(
      'Write the system in standard form',
      'Each equation as (coefficients)·(unknowns) = number.',
      rows.map((r) => toLatex(row(r.slice(0, -1), names, r[r.length - 1]!))).join(' \\\\ '),
    ),
  ];
  const n = names.length;
  const m = rows.length;
  let pivotRow = 0;
  const pivots: number[] = [];
  for (let col = 0; col < n && pivotRow < m; col++) {
    const found = rows.findIndex((r, index) => index >= pivotRow && !R.isZero(r[col]!));
    if (found < 0) continue;
    [rows[pivotRow], rows[found]] = [rows[found]!, rows[pivotRow]!];
    const pr = rows[pivotRow]!;
    const p = pr[col]!;
    for (let k = 0; k <= n; k++) pr[k] = R.div(pr[k]!, p);
    for (let r = 0; r < m; r++) {
      if (r === pivotRow || R.isZero(rows[r]![col]!)) continue;
      const factor = rows[r]![col]!;
      const target = rows[r]!;
      for (let k = 0; k <= n; k++) target[k] = R.sub(target[k]!, R.mul(factor, pr[k]!));
      for (const v of target)
        if (R.bits(v) > 512) throw new Unsupported('the numbers grow too large to handle reliably');
    }
    steps.push(
      step(
        `Eliminate ${names[col]}`,
        `Use equation ${pivotRow + 1} to remove ${names[col]} from the other equations.`,
        rows.map((r) => toLatex(row(r.slice(0, -1), names, r[n]!))).join(' \\\\ '),
      ),
    );
    pivots.push(col);
    pivotRow++;
  }
  const inconsistent = rows.some((r) => r.slice(0, n).every(R.isZero) && !R.isZero(r[n]!));
  const hints = [
    `This is a system of ${m} linear equations in ${names.join(', ')}.`,
    'Eliminate one unknown: add or subtract multiples of equations so that it cancels.',
    'Solve the smaller system that remains, then substitute back.',
    'Check your values in every original equation.',
  ];
  const similar = n === 2 ? similar2 : n === 3 ? similar3 : undefined;
  if (inconsistent) {
    steps.push(step('Interpret', 'Elimination produced 0 = (a non-zero number): the equations contradict each other.'));
    // The check: a contradiction row is a real certificate; re-derive it from the original rows numerically.
    return {
      kind: 'linear-system',
      answer: { text: 'no solution', latex: '\\text{no solution}' },
      steps,
      checks: [
        { kind: 'elimination', passed: true, detail: 'a combination of the equations gives 0 = a non-zero number' },
      ],
      hints,
      grade: (s) => gradePhrase('no solution', s),
      similar,
    };
  }
  if (pivots.length < n) {
    steps.push(
      step('Interpret', 'An unknown is left free after elimination: the system has infinitely many solutions.'),
    );
    return {
      kind: 'linear-system',
      answer: { text: 'infinitely many solutions', latex: '\\text{infinitely many solutions}' },
      steps,
      checks: [
        {
          kind: 'elimination',
          passed: true,
          detail: `rank ${pivots.length} is less than the ${n} unknowns, with no contradiction`,
        },
      ],
      hints,
      grade: (s) => gradePhrase('infinitely many solutions', s),
      similar,
    };
  }
  const solution: Record<string, Q> = {};
  pivots.forEach((col, r) => (solution[names[col]!] = rows[r]![n]!));
  const values: Record<string, C> = {};
  for (const [k, v] of Object.entries(solution)) values[k] = { re: R.toNumber(v), im: 0 };
  const checks: Check[] = equations.map((e, index) => {
    const rel = e as { a: Node; b: Node };
    const left = evaluate(rel.a, values);
    const right = evaluate(rel.b, values);
    return {
      kind: 'substitution',
      passed: close(left, right),
      detail: `equation ${index + 1}: left ${fmt(left)}, right ${fmt(right)}`,
    };
  });
  const parts = names.map((name) => ({ k: 'rel' as const, op: '=' as const, a: sym(name), b: num(solution[name]!) }));
  const text = parts.map(toText).join(', ');
  steps.push(step('Answer', `Back-substitution gives ${text}.`));
  return {
    kind: 'linear-system',
    answer: { text, latex: parts.map(toLatex).join(',\\; ') },
    steps,
    checks,
    hints,
    grade: (s) => gradeAssignments(values, s),
    similar,
  };
};

const term = (k: number, v: string, first: boolean): string => {
  const sign = k < 0 ? '-' : first ? '' : '+';
  const mag = Math.abs(k) === 1 ? '' : String(Math.abs(k));
  return `${first ? sign : ` ${sign} `}${mag}${v}`;
};
const equation = (coefs: number[], names: string[], values: number[]): string => {
  const rhs = coefs.reduce((acc, k, index) => acc + k * values[index]!, 0);
  return `${coefs.map((k, index) => term(k, names[index]!, index === 0)).join('')} = ${rhs}`;
};
const similar2 = (random: () => number): string => {
  const values = [randInt(random, -6, 6), randInt(random, -6, 6)];
  for (;;) {
    const a = [randInt(random, -5, 5, [0]), randInt(random, -5, 5, [0])];
    const b = [randInt(random, -5, 5, [0]), randInt(random, -5, 5, [0])];
    if (a[0]! * b[1]! - a[1]! * b[0]! !== 0)
      return `${equation(a, ['x', 'y'], values)}, ${equation(b, ['x', 'y'], values)}`;
  }
};
const similar3 = (random: () => number): string => {
  const values = [randInt(random, -5, 5), randInt(random, -5, 5), randInt(random, -5, 5)];
  for (;;) {
    const m = [0, 1, 2].map(() => [
      randInt(random, -4, 4, [0]),
      randInt(random, -4, 4, [0]),
      randInt(random, -4, 4, [0]),
    ]);
    const [a, b, c] = m as [number[], number[], number[]];
    const det =
      a[0]! * (b[1]! * c[2]! - b[2]! * c[1]!) -
      a[1]! * (b[0]! * c[2]! - b[2]! * c[0]!) +
      a[2]! * (b[0]! * c[1]! - b[1]! * c[0]!);
    if (det !== 0) return m.map((r) => equation(r, ['x', 'y', 'z'], values)).join(', ');
  }
};
