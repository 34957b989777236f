/**
 * Finding the formula: every reading of the values given (when a value could be several quantities), every
 * formula or chain of two that yields the quantity asked, evaluated in SI; and, when none does, what is missing.
 */
import { type Expr, evaluate, toText, variablesOf } from './expr';
import { FORMULAS, type Formula, type FormulaContext, resistorFormula } from './formulas';
import type { Problem } from './parse';
import { CONSTANTS, quantity } from './quantities';

export interface Known {
  id: string;
  si: number;
  sf: number;
  /** Written as a whole number without a decimal point (its precision is not stated). */
  whole?: boolean;
  /** As given, e.g. `20 mA`; empty for implied values and constants. */
  label: string;
  why?: string;
  constant?: boolean;
}

export interface Route {
  target: string;
  links: Array<{ formula: Formula; target: string; expr: Expr; value: number }>;
  used: Set<string>;
  value: number;
  knowns: Map<string, Known>;
}

export const relClose = (a: number, b: number, tol: number): boolean =>
  Math.abs(a - b) <= tol * Math.max(Math.abs(a), Math.abs(b), 1e-300);

export function* assignments(problem: Problem): Generator<Map<string, Known>> {
  const givens = problem.givens;
  const choice = new Array<number>(givens.length).fill(0);
  let count = 0;
  for (;;) {
    const map = new Map<string, Known>();
    let ok = true;
    for (const [i, g] of givens.entries()) {
      const id = g.candidates[choice[i] ?? 0] ?? '';
      if (map.has(id)) ok = false;
      map.set(id, { id, si: g.si, sf: g.sf, whole: /^[-+]?\d+$/u.test(g.numberText), label: g.label });
    }
    if (ok) {
      for (const imp of problem.implied)
        if (!map.has(imp.id))
          map.set(imp.id, { id: imp.id, si: imp.value, sf: Number.POSITIVE_INFINITY, label: '', why: imp.why });
      yield map;
    }
    // Next combination (odometer); capped, readings beyond a few hundred mean the question is too vague.
    let i = 0;
    while (i < givens.length) {
      const limit = givens[i]?.candidates.length ?? 1;
      choice[i] = (choice[i] ?? 0) + 1;
      if ((choice[i] ?? 0) < limit) break;
      choice[i] = 0;
      i += 1;
    }
    count += 1;
    if (i === givens.length || count > 400) return;
  }
}

function withConstants(knowns: Map<string, Known>): Map<string, Known> {
  const all = new Map(knowns);
  if (!all.has('g'))
    all.set('g', { id: 'g', si: CONSTANTS.g.value, sf: Number.POSITIVE_INFINITY, label: '', constant: true });
  all.set('Rgas', { id: 'Rgas', si: CONSTANTS.Rgas.value, sf: Number.POSITIVE_INFINITY, label: '', constant: true });
  return all;
}

function formulasFor(problem: Problem, known: ReadonlySet<string>): Formula[] {
  const resistors = [1, 2, 3, 4, 5, 6].filter((i) => known.has(`R${i}`)).length;
  const list = [...FORMULAS];
  if (resistors >= 2 && problem.series !== problem.parallel) list.push(resistorFormula(resistors, problem.parallel));
  return list;
}

export function routesFor(problem: Problem, knowns: Map<string, Known>, target: string): Route[] {
  const all = withConstants(knowns);
  const ctx: FormulaContext = { freeFall: problem.freeFall, known: new Set(knowns.keys()) };
  const formulas = formulasFor(problem, ctx.known).filter((f) => f.applies?.(ctx) ?? true);
  const values = new Map([...all].map(([id, k]) => [id, k.si]));
  const routes: Route[] = [];
  const usedOf = (exprs: Expr[]): Set<string> => {
    const used = new Set<string>();
    for (const e of exprs) for (const id of variablesOf(e)) if (knowns.has(id)) used.add(id);
    return used;
  };
  for (const f of formulas) {
    const expr = f.solved[target];
    if (expr === undefined) continue;
    const vars = [...variablesOf(expr)];
    const missing = vars.filter((id) => !all.has(id));
    if (missing.length === 0) {
      const value = evaluate(expr, values);
      routes.push({ target, links: [{ formula: f, target, expr, value }], used: usedOf([expr]), value, knowns: all });
    } else if (missing.length === 1 && missing[0] !== undefined && missing[0] !== target && f.chainable !== false) {
      const mid = missing[0];
      for (const f1 of formulas) {
        const expr1 = f1.solved[mid];
        if (f1 === f || expr1 === undefined || f1.chainable === false) continue;
        const vars1 = [...variablesOf(expr1)];
        if (vars1.includes(target) || !vars1.every((id) => all.has(id))) continue;
        const midValue = evaluate(expr1, values);
        const value = evaluate(expr, new Map([...values, [mid, midValue]]));
        routes.push({
          target,
          links: [
            { formula: f1, target: mid, expr: expr1, value: midValue },
            { formula: f, target, expr, value },
          ],
          used: usedOf([expr1, expr]),
          value,
          knowns: all,
        });
      }
    }
  }
  return routes;
}

/** What the student would need to give: the formula for the target missing the fewest values. */
export function missingReason(problem: Problem, knowns: Map<string, Known>, target: string): string {
  const all = withConstants(knowns);
  const ctx: FormulaContext = { freeFall: problem.freeFall, known: new Set(knowns.keys()) };
  let best: { formula: Formula; missing: string[] } | undefined;
  for (const f of formulasFor(problem, ctx.known).filter((formula) => formula.applies?.(ctx) ?? true)) {
    const expr = f.solved[target];
    if (expr === undefined) continue;
    const missing = [...variablesOf(expr)].filter((id) => !all.has(id));
    if (best === undefined || missing.length < best.missing.length) best = { formula: f, missing };
  }
  const q = quantity(target);
  if (
    /^R\d$/u.test([...knowns.keys()].find((id) => /^R\d$/u.test(id)) ?? '') &&
    problem.series === problem.parallel &&
    target === 'R'
  ) {
    return 'Say whether the resistors are connected in series or in parallel.';
  }
  if (best === undefined || best.missing.length === 0)
    return `I have no formula that gives the ${q.name} in this situation from the values given.`;
  const names = best.missing.map((id) => `the ${quantity(id).name} (${quantity(id).symbol})`).join(' and ');
  const equation = `${toText(best.formula.lhs, sym)} = ${toText(best.formula.rhs, sym)}`;
  return `Not enough data to find the ${q.name}: with ${equation} I would also need ${names}.`;
}

export const sym = (id: string): string => quantity(id).symbol;
export const symLatex = (id: string): string => quantity(id).latex;
