/**
 * Picks the formula (or a chain of two) that yields the asked quantity from the knowns, evaluates it and
 * builds the tutor's answer with real checks. When the knowns can be read several ways, every reading is
 * tried, and the engine answers only if the best-supported readings agree.
 */
import { type Check, type Step, type TutorAnswer, refusedAnswer, solvedAnswer } from '@studyease/contract';
import {
  DimensionMismatch,
  type Expr,
  dimensionsOf,
  evaluate,
  formatPlain,
  sameDims,
  toLatex,
  toText,
  variablesOf,
} from './expr';
import { FORMULAS, type Formula, type FormulaContext, resistorFormula } from './formulas';
import { type Problem, dimensionName } from './parse';
import { CONSTANTS, quantity } from './quantities';
import { type DisplayUnit, displayUnit, requestedUnit } from './units';
import { trimTrailing } from '../trim-trailing';

/** `1.500` → `1.5`, `2.000` → `2` (a loop: `/\.?0+$/` is quadratic on a long run of zeros). */
const withoutTrailingZeros = (decimal: string): string => {
  if (!decimal.endsWith('0')) return decimal;
  const trimmed = trimTrailing(decimal, /0/);
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
};

const TOOL = 'physics-solver' as const;

interface Known {
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

interface Route {
  target: string;
  links: Array<{ formula: Formula; target: string; expr: Expr; value: number }>;
  used: Set<string>;
  value: number;
  knowns: Map<string, Known>;
}

export interface Solution {
  problem: Problem;
  answer: TutorAnswer;
  /** Exact SI value and answer precision, for check() and practice(). */
  si?: number;
  sf?: number;
  target?: string;
  unit?: DisplayUnit;
}

/** Rounds to significant figures and prints without float noise; exponent form only for extreme values. */
export function formatSig(x: number, sf: number): string {
  if (x === 0) return '0';
  const rounded = Number(x.toPrecision(sf));
  const exp = Math.floor(Math.log10(Math.abs(rounded)));
  if (exp < -4 || exp >= 9) return rounded.toExponential(sf - 1).replace('e+', 'e');
  return exp >= sf - 1 ? Math.round(rounded).toString() : rounded.toFixed(sf - 1 - exp);
}

const relClose = (a: number, b: number, tol: number): boolean =>
  Math.abs(a - b) <= tol * Math.max(Math.abs(a), Math.abs(b), 1e-300);

function* assignments(problem: Problem): Generator<Map<string, Known>> {
  const givens = problem.givens;
  const choice = new Array<number>(givens.length).fill(0);
  let count = 0;
  for (;;) {
    const map = new Map<string, Known>();
    let ok = true;
    givens.forEach((g, i) => {
      const id = g.candidates[choice[i] ?? 0] ?? '';
      if (map.has(id)) ok = false;
      map.set(id, { id, si: g.si, sf: g.sf, whole: /^[-+]?\d+$/u.test(g.numberText), label: g.label });
    });
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

function routesFor(problem: Problem, knowns: Map<string, Known>, target: string): Route[] {
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
function missingReason(problem: Problem, knowns: Map<string, Known>, target: string): string {
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

const sym = (id: string): string => quantity(id).symbol;
const symLatex = (id: string): string => quantity(id).latex;

function siLabel(id: string, si: number): { text: string; latex: string } {
  const q = quantity(id);
  const value = id === 'theta' ? (si * 180) / Math.PI : si;
  const unitText = id === 'theta' ? 'deg' : q.unit;
  const unitLatex = id === 'theta' ? '^\\circ' : q.unitLatex;
  const num = formatPlain(value);
  return {
    text: unitText === '' ? num : `${num} ${unitText}`,
    latex: unitLatex === '' ? num : `${num}\\,${unitLatex}`,
  };
}

export function solveProblem(problem: Problem): Solution {
  const refuse = (status: 'invalid' | 'unsupported', reason: string, kind = 'physics'): Solution => ({
    problem,
    answer: refusedAnswer(TOOL, status, kind, problem.text, reason),
  });
  if (problem.invalid !== null) return refuse('invalid', problem.invalid);
  if (problem.unsupported !== null) return refuse('unsupported', problem.unsupported);
  if (problem.asked === null)
    return refuse(
      'unsupported',
      'I could not tell which quantity the question asks for (write e.g. "F = ?" or "find the voltage").',
    );
  if (problem.asked.candidates.length === 0)
    return refuse('unsupported', 'The asked symbol is not one of the quantities I know.');
  if (problem.givens.length === 0) return refuse('unsupported', 'The question gives no values with units.');
  for (const g of problem.givens) {
    if (g.candidates.every((id) => quantity(id).positive === true) && g.si <= 0) {
      const q = quantity(g.candidates[0] ?? 't');
      return refuse(
        'invalid',
        g.candidates[0] === 'T'
          ? `${g.label} is below absolute zero.`
          : `The ${q.name} cannot be ${g.label}: it must be positive.`,
      );
    }
  }

  const routes: Route[] = [];
  let lastKnowns = new Map<string, Known>();
  for (const knowns of assignments(problem)) {
    lastKnowns = knowns;
    for (const target of problem.asked.candidates) {
      if (knowns.has(target)) continue;
      routes.push(...routesFor(problem, knowns, target));
    }
  }
  const finite = routes.filter((r) => Number.isFinite(r.value) && r.links.every((l) => Number.isFinite(l.value)));
  if (finite.length === 0) {
    const target = problem.asked.candidates[0] ?? 't';
    if (routes.length > 0) {
      return refuse(
        'invalid',
        `The data are inconsistent: the ${quantity(target).name} has no real value (for example a square root of a negative number or a division by zero).`,
        routes[0]?.links.at(-1)?.formula.family,
      );
    }
    return refuse('unsupported', missingReason(problem, lastKnowns, target));
  }
  const top = Math.max(...finite.map((r) => r.used.size));
  const best = finite.filter((r) => r.used.size === top).sort((x, y) => x.links.length - y.links.length);
  const chosen = best[0];
  if (chosen === undefined) return refuse('unsupported', 'No formula applies.');
  const disagree = best.find((r) => r.target !== chosen.target || !relClose(r.value, chosen.value, 1e-6));
  if (disagree !== undefined) {
    const a = quantity(chosen.target),
      b = quantity(disagree.target);
    return refuse(
      'unsupported',
      a === b
        ? `The question is ambiguous: reading the values differently gives different ${a.name}s (${chosen.links.map((l) => l.formula.title).join(', ')} vs ${disagree.links.map((l) => l.formula.title).join(', ')}). Label the values (e.g. "v0 = ...").`
        : `The question is ambiguous: it could ask for the ${a.name} or the ${b.name}. Name the quantity you want.`,
    );
  }
  return { ...buildAnswer(problem, chosen), problem };
}

function buildAnswer(problem: Problem, route: Route): Omit<Solution, 'problem'> {
  const q = quantity(route.target);
  const family = route.links.at(-1)?.formula.family ?? 'physics';
  const magnitude = problem.asked?.magnitude === true;
  const value = magnitude ? Math.abs(route.value) : route.value;
  if (q.positive === true && !(value > 0)) {
    return {
      answer: refusedAnswer(
        TOOL,
        'invalid',
        family,
        problem.text,
        `The data are inconsistent: they give a ${q.name} of ${formatPlain(value)} ${q.unit}, which must be positive.`,
      ),
    };
  }
  for (const link of route.links.slice(0, -1)) {
    const mid = quantity(link.target);
    if (mid.positive === true && !(link.value > 0)) {
      return {
        answer: refusedAnswer(
          TOOL,
          'invalid',
          family,
          problem.text,
          `The data are inconsistent: they give a ${mid.name} of ${formatPlain(link.value)} ${mid.unit}.`,
        ),
      };
    }
  }
  const usedGivens = [...route.used].map((id) => route.knowns.get(id)).filter((k): k is Known => k !== undefined);
  const limiting = usedGivens.filter((k) => Number.isFinite(k.sf)).sort((x, y) => x.sf - y.sf)[0];
  const strictSf = Math.min(limiting?.sf ?? 3, 6);
  // Whole numbers without a decimal point ("from 0 to 27 m/s in 9 s") do not state their precision: rounding
  // 121.5 m to one figure (100 m) would look wrong to a student and to any grader. Such data keep up to 4
  // figures, trailing zeros dropped; check() then accepts answers that agree to at least 2 figures.
  const unstated = limiting !== undefined && usedGivens.every((k) => !Number.isFinite(k.sf) || k.whole === true);
  const sf = unstated ? Math.max(strictSf, 4) : strictSf;
  const checkSf = unstated ? Math.max(strictSf, 2) : sf;
  const unit = (problem.unitRequest === null ? null : requestedUnit(q, problem.unitRequest)) ?? displayUnit(q, value);
  const rounded = formatSig(unit.fromSI(value), sf);
  const shown = unstated && rounded.includes('.') && !/e/iu.test(rounded) ? withoutTrailingZeros(rounded) : rounded;
  const answerText = unit.text === '' ? shown : `${shown} ${unit.text}`;
  const answerLatex = unit.latex === '' ? shown : `${shown}\\,${unit.latex}`;

  // Steps.
  const steps: Step[] = [];
  const knownLines = [...route.knowns.values()].filter((k) => !k.constant && route.used.has(k.id));
  const kText = knownLines.map((k) => {
    const si = siLabel(k.id, k.si);
    const givenUnit = k.label.split(' ').slice(1).join(' ');
    const note =
      k.why !== undefined
        ? ` (${k.why})`
        : k.label !== '' && givenUnit !== quantity(k.id).unit && k.id !== 'theta'
          ? ` (from ${k.label})`
          : '';
    return `${sym(k.id)} = ${si.text}${note}`;
  });
  const constantsUsed =
    [...route.used].length >= 0 &&
    route.links.some((l) => variablesOf(l.expr).has('g')) &&
    !route.knowns.get('g')?.label
      ? ['g = 9.81 m/s^2']
      : [];
  if (route.links.some((l) => variablesOf(l.expr).has('Rgas'))) constantsUsed.push('R = 8.314 J/(mol*K)');
  steps.push({
    title: 'Write down what is known',
    explanation: `Known, in SI units: ${[...kText, ...constantsUsed].join('; ')}. Wanted: the ${q.name} ${q.symbol}.`,
    latex: knownLines.map((k) => `${symLatex(k.id)} = ${siLabel(k.id, k.si).latex}`).join(',\\quad '),
  });
  const values = new Map([...route.knowns].map(([id, k]) => [id, k.si]));
  for (const link of route.links) {
    const f = link.formula;
    const t = quantity(link.target);
    steps.push({
      title: `Use the formula for ${f.title}`,
      explanation: `${f.note ?? `The ${f.title} relates the quantities we have.`} ${toText(f.lhs, sym)} = ${toText(f.rhs, sym)}`,
      latex: `${toLatex(f.lhs, symLatex)} = ${toLatex(f.rhs, symLatex)}`,
    });
    const isDirect = f.lhs.k === 'var' && f.lhs.id === link.target && toText(f.rhs, sym) === toText(link.expr, sym);
    if (!isDirect) {
      steps.push({
        title: `Rearrange for ${t.symbol}`,
        explanation: `Solve the formula for the ${t.name}: ${t.symbol} = ${toText(link.expr, sym)}`,
        latex: `${t.latex} = ${toLatex(link.expr, symLatex)}`,
      });
    }
    const namer = (id: string): string => siLabel(id, values.get(id) ?? Number.NaN).latex;
    const namerText = (id: string): string => siLabel(id, values.get(id) ?? Number.NaN).text;
    const atomic = (id: string): boolean =>
      !siLabel(id, values.get(id) ?? 0).text.includes(' ') && (values.get(id) ?? 0) >= 0;
    const resultLabel = siLabel(link.target, link.value);
    steps.push({
      title: 'Substitute the values',
      explanation: `${t.symbol} = ${toText(link.expr, namerText, atomic)} = ${resultLabel.text}`,
      latex: `${t.latex} = ${toLatex(link.expr, namer, atomic)} = ${resultLabel.latex}`,
    });
    values.set(link.target, link.value);
  }
  const sfNote =
    limiting === undefined
      ? 'All data are exact here, so the result is given to 3 significant figures.'
      : unstated
        ? 'The data are whole numbers that do not state their precision, so the result keeps up to 4 significant figures.'
        : `Rounded to ${sf} significant figure${sf === 1 ? '' : 's'}, the precision of the least precise value used (${limiting.label}).`;
  steps.push({
    title: 'State the result',
    explanation: `${magnitude && route.value < 0 ? 'The acceleration is negative (it points against the motion), so the deceleration is its size. ' : ''}${q.symbol} = ${answerText}. ${sfNote}`,
    latex: `${q.latex} = ${answerLatex}`,
  });

  const checks = buildChecks(route, unit, shown, sf, value);
  const firstFormula = route.links[0]?.formula;
  const lastLink = route.links.at(-1);
  const hints = [
    `This is a ${family.replace(/-/gu, ' ')} problem: list the known quantities (${knownLines.map((k) => sym(k.id)).join(', ')}) and the one you want (${q.symbol}).`,
    'Convert every value to SI units first (m, s, kg, N, A, V, ohm, K, ...).',
    route.links.length > 1 && firstFormula !== undefined
      ? `You need two steps: first find ${quantity(route.links[0]?.target ?? '').name} with ${toText(firstFormula.lhs, sym)} = ${toText(firstFormula.rhs, sym)}, then use ${lastLink === undefined ? '' : `${toText(lastLink.formula.lhs, sym)} = ${toText(lastLink.formula.rhs, sym)}`}.`
      : `Use ${lastLink === undefined ? '' : `${toText(lastLink.formula.lhs, sym)} = ${toText(lastLink.formula.rhs, sym)}`}.`,
    `Rearrange for ${q.symbol}: ${q.symbol} = ${lastLink === undefined ? '' : toText(lastLink.expr, sym)}, then substitute and round to ${sf} significant figure${sf === 1 ? '' : 's'}.`,
  ];
  const answer = solvedAnswer({
    tool: TOOL,
    kind: family,
    question: { text: problem.text, latex: '' },
    answer: { text: answerText, latex: answerLatex },
    steps,
    checks,
    hints,
  });
  return { answer, si: value, sf: checkSf, target: route.target, unit };
}

function buildChecks(route: Route, unit: DisplayUnit, shown: string, sf: number, value: number): Check[] {
  const checks: Check[] = [];
  // 1. Dimensions: every solved form evaluated on dimensions must give the dimension of what it solves for.
  const dimsOf = (id: string): ReturnType<typeof quantity>['dims'] => quantity(id).dims;
  let dimsOk = true;
  const details: string[] = [];
  for (const link of route.links) {
    try {
      const got = dimensionsOf(link.expr, dimsOf);
      const lhs = dimensionsOf(link.formula.lhs, dimsOf);
      const rhs = dimensionsOf(link.formula.rhs, dimsOf);
      const want = quantity(link.target).dims;
      if (!sameDims(got, want) || !sameDims(lhs, rhs)) {
        dimsOk = false;
        details.push(
          `${quantity(link.target).symbol} = ${toText(link.expr, sym)} gives ${dimensionName(got)}, expected ${dimensionName(want)}`,
        );
      } else {
        details.push(
          `${toText(link.expr, sym)} has the unit of ${dimensionName(want).replace(/^an? /u, '')} (${quantity(link.target).unit || 'none'})`,
        );
      }
    } catch (error: unknown) {
      dimsOk = false;
      details.push(error instanceof DimensionMismatch ? error.message : String(error));
    }
  }
  checks.push({ kind: 'units', passed: dimsOk, detail: details.join('; ') });

  // 2. Substitute back: the full-precision result (and any intermediate) must satisfy each original formula.
  const values = new Map([...route.knowns].map(([id, k]) => [id, k.si]));
  for (const link of route.links) values.set(link.target, link.value);
  let subOk = true;
  const subDetails: string[] = [];
  for (const link of route.links) {
    const lhs = evaluate(link.formula.lhs, values);
    const rhs = evaluate(link.formula.rhs, values);
    const ok = Number.isFinite(lhs) && relClose(lhs, rhs, 1e-9);
    subOk &&= ok;
    subDetails.push(
      `${toText(link.formula.lhs, sym)} = ${formatPlain(lhs)} and ${toText(link.formula.rhs, sym)} = ${formatPlain(rhs)}${ok ? '' : ' (they differ)'}`,
    );
  }
  checks.push({ kind: 'substitution', passed: subOk, detail: subDetails.join('; ') });

  // 3. The printed answer is the result rounded to sf figures (catches unit-conversion and rounding slips).
  const printed = Number(shown);
  const exact = unit.fromSI(value);
  const ulp = exact === 0 ? 0 : 10 ** (Math.floor(Math.log10(Math.abs(exact))) - sf + 1);
  const roundOk =
    Number.isFinite(printed) &&
    Math.abs(printed - exact) <=
      ulp * 0.5 + Math.abs(exact) * 1e-12 + 1e-300 * 0 + (exact === 0 ? 1e-12 : 0) + ulp * 0.0001;
  checks.push({
    kind: 'rounding',
    passed: roundOk,
    detail: `${formatPlain(exact)} ${unit.text} rounds to ${shown} ${unit.text} (${sf} significant figure${sf === 1 ? '' : 's'})`,
  });
  return checks;
}
