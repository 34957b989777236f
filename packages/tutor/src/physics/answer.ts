/**
 * The tutor's answer for the route found: the steps from the formula to the rounded value in the unit asked, the
 * hints, and the real checks (dimensions, the value put back into the formula, the round trip through the units).
 */
import { type Check, type Step, refusedAnswer, solvedAnswer } from '@studyease/contract';
import { DimensionMismatch, dimensionsOf, evaluate, formatPlain, sameDims, toLatex, toText, variablesOf } from './expr';
import { type Problem, dimensionName } from './parse';
import { quantity } from './quantities';
import { type DisplayUnit, displayUnit, requestedUnit } from './units';
import { trimTrailing } from '../trim-trailing';
import { type Known, type Route, relClose, sym, symLatex } from './routes';
import type { Solution } from './solver';

/** `1.500` → `1.5`, `2.000` → `2` (a loop: `/\.?0+$/` is quadratic on a long run of zeros). */
const withoutTrailingZeros = (decimal: string): string => {
  if (!decimal.endsWith('0')) return decimal;
  const trimmed = trimTrailing(decimal, /0/);
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
};

export const TOOL = 'physics-solver' as const;

/** Rounds to significant figures and prints without float noise; exponent form only for extreme values. */
export function formatSig(x: number, sf: number): string {
  if (x === 0) return '0';
  const rounded = Number(x.toPrecision(sf));
  const exp = Math.floor(Math.log10(Math.abs(rounded)));
  if (exp < -4 || exp >= 9) return rounded.toExponential(sf - 1).replace('e+', 'e');
  return exp >= sf - 1 ? Math.round(rounded).toString() : rounded.toFixed(sf - 1 - exp);
}

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

export function buildAnswer(problem: Problem, route: Route): Omit<Solution, 'problem'> {
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
