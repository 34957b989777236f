/**
 * Finding the formula: every reading of the values given (when a value could be several quantities), every
 * formula or chain of two that yields the quantity asked, evaluated in SI; and, when none does, what is missing.
 */
import { type Expr, evaluate, toText, variablesOf } from './expr';
import { FORMULAS, type Formula, type FormulaContext, netForceFormula, resistorFormula } from './formulas';
import type { Problem } from './parse';
import { CONSTANTS, CONSTANT_IDS, quantity } from './quantities';

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
  for (const id of CONSTANT_IDS) {
    const constant = Object.values(CONSTANTS).find((c) => c.id === id);
    if (constant !== undefined && !all.has(id))
      all.set(id, { id, si: constant.value, sf: Number.POSITIVE_INFINITY, label: '', constant: true });
  }
  return all;
}

export function contextOf(problem: Problem, known: ReadonlySet<string>): FormulaContext {
  return {
    freeFall: problem.freeFall,
    known,
    light: problem.light,
    incline: problem.incline,
    verticalUp: problem.verticalUp,
    upPhase: problem.upPhase,
    upTime: problem.upTime,
    lift: problem.lift,
    forceAngle: problem.forceAngle,
    hanging: problem.hanging,
    gravity: problem.gravity,
  };
}

function formulasFor(problem: Problem, known: ReadonlySet<string>): Formula[] {
  const resistors = [1, 2, 3, 4, 5, 6].filter((i) => known.has(`R${i}`)).length;
  const list = [...FORMULAS];
  if (resistors >= 2 && problem.series !== problem.parallel) list.push(resistorFormula(resistors, problem.parallel));
  if (problem.forces !== null) list.push(netForceFormula(problem.forces));
  return list;
}

type Link = Route['links'][number];

/** Longest chain of formulas tried: friction from mu, the net force, then Newton's second law, then kinematics. */
const MAX_DEPTH = 4;
/** Sub-chains kept per unknown: the best few are enough, and the search stays small. */
const KEEP = 3;

/**
 * Every chain of at most `depth` formulas that gives `target` from the values in `values`, each chain's links in
 * the order they are worked out. `avoid` holds the quantities being solved for further up (no circles).
 */
function chains(
  formulas: readonly Formula[],
  values: ReadonlyMap<string, number>,
  target: string,
  depth: number,
  avoid: ReadonlySet<string>,
): Link[][] {
  const out: Link[][] = [];
  for (const f of formulas) {
    const expr = f.solved[target];
    if (expr === undefined) continue;
    const missing = [...variablesOf(expr)].filter((id) => !values.has(id));
    if (missing.length === 0) {
      out.push([{ formula: f, target, expr, value: evaluate(expr, values) }]);
      continue;
    }
    // Constant-speed formulas contradict the constant-acceleration ones: never chained with them.
    if (depth <= 1 || f.chainable === false || missing.length > 2 || missing.some((id) => avoid.has(id))) continue;
    const inner = new Set([...avoid, target]);
    const others = formulas.filter((other) => other !== f && other.chainable !== false);
    let partial: Link[][] = [[]];
    for (const mid of missing) {
      const next: Link[][] = [];
      for (const before of partial) {
        const known = new Map(values);
        for (const link of before) known.set(link.target, link.value);
        const options = chains(others, known, mid, depth - 1 - before.length, inner)
          .sort((x, y) => x.length - y.length)
          .slice(0, KEEP);
        for (const option of options) next.push([...before, ...option]);
      }
      partial = next;
      if (partial.length === 0) break;
    }
    for (const before of partial) {
      if (before.length === 0 || before.length + 1 > depth) continue;
      const known = new Map(values);
      for (const link of before) known.set(link.target, link.value);
      out.push([...before, { formula: f, target, expr, value: evaluate(expr, known) }]);
    }
  }
  return out;
}

export function routesFor(problem: Problem, knowns: Map<string, Known>, target: string): Route[] {
  const all = withConstants(knowns);
  const ctx = contextOf(problem, new Set(knowns.keys()));
  const formulas = formulasFor(problem, ctx.known).filter((f) => f.applies?.(ctx) ?? true);
  const values = new Map([...all].map(([id, k]) => [id, k.si]));
  // Long chains only where they are needed (forces), and short ones when the values can be read many ways: each
  // reading is searched again, so the time stays bounded (a question with ten vague values answers in milliseconds).
  const readings = problem.givens.reduce((product, g) => product * Math.max(g.candidates.length, 1), 1);
  const depth = readings > 64 ? 2 : problem.forces === null ? 3 : MAX_DEPTH;
  return chains(formulas, values, target, depth, new Set()).map((links) => {
    const used = new Set<string>();
    for (const link of links) for (const id of variablesOf(link.expr)) if (knowns.has(id)) used.add(id);
    return { target, links, used, value: links.at(-1)?.value ?? Number.NaN, knowns: all };
  });
}

/** What the student would need to give: the formula for the target missing the fewest values. */
export function missingReason(problem: Problem, knowns: Map<string, Known>, target: string): string {
  const all = withConstants(knowns);
  const ctx = contextOf(problem, new Set(knowns.keys()));
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
