/**
 * The tutor's answer for the route found: the steps from the formula to the value in the unit asked (one operation
 * per step, every calculation shown with the numbers it uses), the hints, and the real checks (dimensions, the
 * value put back into the formula, every given used or set aside with a reason, the rounding).
 *
 * Rounding is honest: the answer leads with the computed value to at least 4 significant figures, then gives it to
 * the data's significant figures next to it ("1079.1 J, ≈ 1 × 10^3 J to the data's 1 significant figure"), so a
 * student comparing with a book sees the book's value first, and check() accepts either.
 */
import { type Check, type Step, refusedAnswer, solvedAnswer } from '@studyease/contract';
import {
  DimensionMismatch,
  type Expr,
  dimensionsOf,
  evaluate,
  formatPlain,
  n,
  neg,
  sameDims,
  toLatex,
  toText,
  variablesOf,
} from './expr';
import { type Problem, dimensionName } from './parse';
import { CONSTANTS, quantity } from './quantities';
import { type DisplayUnit, displayUnit, requestedUnit } from './units';
import { readable } from '../readable';
import { trimTrailing } from '../trim-trailing';
import { type Known, type Route, relClose, sym, symLatex } from './routes';
import type { Solution } from './solver';

/** `1.500` → `1.5`, `2.000` → `2` (a loop: `/\.?0+$/` is quadratic on a long run of zeros). */
const withoutTrailingZeros = (decimal: string): string => {
  if (!decimal.includes('.') || !decimal.endsWith('0')) return decimal;
  const trimmed = trimTrailing(decimal, /0/);
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
};

export const TOOL = 'physics-solver' as const;

/** The fewest significant figures the precise value is shown with. */
const PRECISE_SF = 4;

/** Rounds to significant figures and prints without float noise; exponent form only for extreme values. */
export function formatSig(x: number, sf: number): string {
  if (x === 0) return '0';
  const rounded = Number(x.toPrecision(sf));
  const exp = Math.floor(Math.log10(Math.abs(rounded)));
  if (exp < -4 || exp >= 9) return rounded.toExponential(sf - 1).replace('e+', 'e');
  return exp >= sf - 1 ? Math.round(rounded).toString() : rounded.toFixed(sf - 1 - exp);
}

/** `3.973e-19` → `3.973 × 10^-19`: powers of ten as a student writes them. */
function powerOfTen(text: string): string {
  const [mantissa = '', exponent] = text.split('e');
  return exponent === undefined ? text : `${mantissa} × 10^${exponent.replace(/^\+/u, '')}`;
}

/**
 * A value to `sf` significant figures as a student reads it: a whole number whose zeros are not significant is
 * written with a power of ten (700 to 1 figure is "7 × 10^2"), extreme values too.
 */
export function sigText(x: number, sf: number): string {
  const plain = formatSig(x, sf);
  if (plain.includes('e')) return powerOfTen(plain);
  const digits = plain.replace(/^-/u, '').replace(/^0+/u, '');
  if (!plain.includes('.') && digits.length > sf && plain.endsWith('0')) {
    return powerOfTen(x.toExponential(sf - 1).replace('e+', 'e'));
  }
  return plain;
}

/** The computed value to at least 4 significant figures, shorter when fewer digits are exact (121.5, 1079.1). */
export function preciseText(x: number, minSf: number): string {
  for (let k = 1; k <= 6; k += 1) {
    const text = formatSig(x, k);
    if (relClose(Number(text), x, 1e-9)) return powerOfTen(text);
  }
  return powerOfTen(formatSig(x, Math.max(PRECISE_SF, minSf)));
}

/** A number as the working shows it: up to 7 significant figures, no float noise, powers of ten written out. */
function shownNumber(x: number, digits = 7): string {
  if (x === 0) return '0';
  const text = formatSig(x, digits);
  const [mantissa = '', exponent] = text.split('e');
  const tidy = withoutTrailingZeros(mantissa);
  return exponent === undefined ? tidy : `${tidy} × 10^${exponent}`;
}

/** The value a shown number stands for (the next operation works on what the student sees). */
function valueOf(text: string): number {
  const [mantissa = '', exponent] = text.split(' × 10^');
  return exponent === undefined ? Number(mantissa) : Number(mantissa) * 10 ** Number(exponent);
}

const toLatexNumber = (text: string): string =>
  text.replace(/ ?× ?10\^(-?\d+)/u, ' \\times 10^{$1}').replace(/°/gu, '^\\circ');

function siLabel(id: string, si: number): { text: string; latex: string } {
  const q = quantity(id);
  const value = id === 'theta' ? (si * 180) / Math.PI : si;
  const unitText = id === 'theta' ? 'deg' : q.unit;
  const unitLatex = id === 'theta' ? '^\\circ' : q.unitLatex;
  // Data and constants are shown in full (up to 10 figures: 299792458 m/s), so the working uses what it lists.
  const num = shownNumber(value, 10);
  return {
    text: unitText === '' ? num : `${num} ${unitText}`,
    // `10^{-6}` in braces: `10^-6` would raise only the minus sign.
    latex: unitLatex === '' ? toLatexNumber(num) : `${toLatexNumber(num)}\\,${unitLatex}`,
  };
}

/** Replaces the variables known to be exactly 0 ("from rest") and folds the terms they remove. */
function withoutZeros(e: Expr, zeros: ReadonlySet<string>): Expr {
  const isZero = (x: Expr): boolean => x.k === 'num' && x.value === 0;
  switch (e.k) {
    case 'var':
      return zeros.has(e.id) ? n(0) : e;
    case 'num':
      return e;
    case 'add':
    case 'sub': {
      const a = withoutZeros(e.a, zeros);
      const b = withoutZeros(e.b, zeros);
      if (isZero(b)) return a;
      if (isZero(a)) return e.k === 'add' ? b : neg(b);
      return { k: e.k, a, b };
    }
    case 'mul':
    case 'div': {
      const a = withoutZeros(e.a, zeros);
      const b = withoutZeros(e.b, zeros);
      if (isZero(a) || (e.k === 'mul' && isZero(b))) return n(0);
      return { k: e.k, a, b };
    }
    case 'pow':
    case 'sqrt': {
      const a = withoutZeros(e.a, zeros);
      if (isZero(a)) return n(0);
      return e.k === 'pow' ? { k: 'pow', a, n: e.n } : { k: 'sqrt', a };
    }
    case 'sin':
    case 'cos':
    case 'asin':
    case 'neg':
      return { k: e.k, a: withoutZeros(e.a, zeros) };
    case 'sum':
    case 'recipsum':
      return { k: e.k, items: e.items.map((item) => withoutZeros(item, zeros)) };
  }
}

/** A value in the working: what it shows, the number it stands for, and whether it is an angle in degrees. */
interface Shown {
  text: string;
  latex: string;
  value: number;
  degrees: boolean;
}

interface Operation {
  title: string;
  /** What to do, in words with the numbers as shown ("Divide 40 by 9.81."); the working itself is `latex`. */
  words: string;
  text: string;
  latex: string;
  result: Shown;
}

/** `a, b and c`. */
const listed = (items: readonly string[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}` : items.join('');

/** The working of an expression, one operation per line, each computed from the numbers as shown. */
function workOut(e: Expr, values: ReadonlyMap<string, number>, ops: Operation[]): Shown {
  const shown = (value: number, degrees = false, digits = 7): Shown => {
    const text = shownNumber(degrees ? (value * 180) / Math.PI : value, digits);
    const back = valueOf(text);
    return {
      text: degrees ? `${text}°` : text,
      latex: toLatexNumber(degrees ? `${text}°` : text),
      value: degrees ? (back * Math.PI) / 180 : back,
      degrees,
    };
  };
  // Operands that are negative or written with a power of ten go in brackets.
  const operand = (x: Shown): { text: string; latex: string } =>
    x.value < 0 || x.text.includes('×')
      ? { text: `(${x.text})`, latex: `\\left(${x.latex}\\right)` }
      : { text: x.text, latex: x.latex };
  const record = (title: string, words: string, text: string, latex: string, result: Shown): Shown => {
    ops.push({ title, words, text: `${text} = ${result.text}`, latex: `${latex} = ${result.latex}`, result });
    return result;
  };
  const WORDS: Readonly<Record<string, (a: string, b: string) => string>> = {
    Add: (a, b) => `Add ${a} and ${b}.`,
    Subtract: (a, b) => `Subtract ${b} from ${a}.`,
    Multiply: (a, b) => `Multiply ${a} by ${b}.`,
    Divide: (a, b) => `Divide ${a} by ${b}.`,
  };
  const binary = (title: string, symbol: string, latexSymbol: string, a: Shown, b: Shown, value: number): Shown => {
    const left = operand(a),
      right = operand(b);
    const degrees = (a.degrees || b.degrees) && title !== 'Divide';
    return record(
      title,
      WORDS[title]?.(a.text, b.text) ?? `${title}.`,
      `${left.text} ${symbol} ${right.text}`,
      `${left.latex} ${latexSymbol} ${right.latex}`,
      shown(value, degrees),
    );
  };
  switch (e.k) {
    case 'var':
      return shown(values.get(e.id) ?? Number.NaN, e.id === 'theta', 10);
    case 'num':
      return shown(e.value);
    case 'add': {
      const a = workOut(e.a, values, ops),
        b = workOut(e.b, values, ops);
      return binary('Add', '+', '+', a, b, a.value + b.value);
    }
    case 'sub': {
      const a = workOut(e.a, values, ops),
        b = workOut(e.b, values, ops);
      return binary('Subtract', '-', '-', a, b, a.value - b.value);
    }
    case 'mul': {
      const a = workOut(e.a, values, ops),
        b = workOut(e.b, values, ops);
      return binary('Multiply', '×', '\\times', a, b, a.value * b.value);
    }
    case 'div': {
      const a = workOut(e.a, values, ops),
        b = workOut(e.b, values, ops);
      return binary('Divide', '/', '\\div', a, b, a.value / b.value);
    }
    case 'pow': {
      const a = workOut(e.a, values, ops);
      const base = operand(a);
      return record(
        e.n === 2 ? 'Square' : `Raise to the power ${String(e.n)}`,
        e.n === 2 ? `Square ${a.text}.` : `Raise ${a.text} to the power ${String(e.n)}.`,
        `${base.text}^${String(e.n)}`,
        `${base.latex}^{${String(e.n)}}`,
        shown(a.value ** e.n),
      );
    }
    case 'sqrt': {
      const a = workOut(e.a, values, ops);
      return record(
        'Take the square root',
        `Take the square root of ${a.text}.`,
        `√${a.text}`,
        `\\sqrt{${a.latex}}`,
        shown(Math.sqrt(a.value)),
      );
    }
    case 'sin':
    case 'cos': {
      const a = workOut(e.a, values, ops);
      const f = e.k === 'sin' ? Math.sin : Math.cos;
      return record(
        e.k === 'sin' ? 'Take the sine' : 'Take the cosine',
        `Take the ${e.k === 'sin' ? 'sine' : 'cosine'} of ${a.text}.`,
        `${e.k}(${a.text})`,
        `\\${e.k}\\left(${a.latex}\\right)`,
        shown(f(a.value)),
      );
    }
    case 'asin': {
      const a = workOut(e.a, values, ops);
      return record(
        'Take the inverse sine',
        `Find the angle whose sine is ${a.text}.`,
        `asin(${a.text})`,
        `\\arcsin\\left(${a.latex}\\right)`,
        {
          ...shown(Math.asin(a.value), true),
        },
      );
    }
    case 'neg': {
      const a = workOut(e.a, values, ops);
      return shown(-a.value, a.degrees);
    }
    case 'sum': {
      const items = e.items.map((item) => workOut(item, values, ops));
      const total = items.reduce((acc, item) => acc + item.value, 0);
      return record(
        'Add',
        `Add ${listed(items.map((item) => item.text))}.`,
        items.map((item) => operand(item).text).join(' + '),
        items.map((item) => operand(item).latex).join(' + '),
        shown(total),
      );
    }
    case 'recipsum': {
      const items = e.items.map((item) => workOut(item, values, ops));
      const reciprocals = items.map((item) =>
        record(
          'Take the reciprocal',
          `Take the reciprocal of ${item.text}: 1 divided by it.`,
          `1 / ${operand(item).text}`,
          `\\frac{1}{${item.latex}}`,
          shown(1 / item.value),
        ),
      );
      const total = reciprocals.reduce((acc, item) => acc + item.value, 0);
      const sum = record(
        'Add the reciprocals',
        'Add the reciprocals.',
        reciprocals.map((item) => item.text).join(' + '),
        reciprocals.map((item) => item.latex).join(' + '),
        shown(total),
      );
      return record(
        'Take the reciprocal',
        `Take the reciprocal of ${sum.text}.`,
        `1 / ${sum.text}`,
        `\\frac{1}{${sum.latex}}`,
        shown(1 / sum.value),
      );
    }
  }
}

/** A known value as the first step lists it, with where it came from. */
function knownLine(k: Known): { text: string; words: string; latex: string } {
  const si = siLabel(k.id, k.si);
  const name = quantity(k.id).name;
  const constant = Object.values(CONSTANTS).find((c) => c.id === k.id);
  if (k.constant === true && constant !== undefined) {
    return {
      text: `${sym(k.id)} = ${constant.text} (standard value: ${constant.name})`,
      // In words: the symbol and what it is; its value is the step's typeset line.
      words: `${sym(k.id)}, ${constant.name} (a standard value)`,
      latex: `${symLatex(k.id)} = ${constant.latex}`,
    };
  }
  const [, ...givenUnitParts] = k.label.split(' ');
  const givenUnit = givenUnitParts.join(' ');
  // A value given in the SI unit is listed as written ("5.0 m/s", not "5 m/s"): its figures matter for rounding.
  if (k.label !== '' && givenUnit === quantity(k.id).unit && k.why === undefined && k.id !== 'theta' && k.si >= 0)
    return {
      text: `${sym(k.id)} = ${k.label}`,
      words: `the ${name} ${k.label}`,
      latex: `${symLatex(k.id)} = ${siLabel(k.id, k.si).latex}`,
    };
  const note =
    k.why !== undefined
      ? ` (${k.why})`
      : k.label !== '' && givenUnit !== quantity(k.id).unit && k.id !== 'theta'
        ? ` (from ${k.label})`
        : '';
  return {
    text: `${sym(k.id)} = ${si.text}${note}`,
    words: `the ${name} ${si.text}${note}`,
    latex: `${symLatex(k.id)} = ${si.latex}`,
  };
}

/** Why a given the route does not use is not needed, or undefined when nothing says it is not. */
export function notNeededReason(route: Route, id: string): string | undefined {
  // A zero ("from 0 to 20 m/s") adds nothing to a formula that leaves it out.
  if (route.knowns.get(id)?.si === 0) return 'it is 0, so it adds nothing here';
  for (const link of route.links) {
    const reason = link.formula.notNeeded?.[id];
    if (reason !== undefined) return reason;
  }
  return undefined;
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
  const sf = Math.min(limiting?.sf ?? PRECISE_SF, 6);
  // Whole numbers without a decimal point ("from 0 to 27 m/s in 9 s") do not state their precision: when the least
  // precise value is one, the check wants at least 2 figures unless the answer is exactly the value to its figures.
  const wholeData = limiting?.whole === true;
  // Padding zeros are dropped only when no value states a precision at all ("340 m/s and 680 Hz": 0.5 m).
  const allWhole = limiting !== undefined && usedGivens.every((k) => !Number.isFinite(k.sf) || k.whole === true);
  const unit = (problem.unitRequest === null ? null : requestedUnit(q, problem.unitRequest)) ?? displayUnit(q, value);
  const inUnit = unit.fromSI(value);
  const rounded = formatSig(inUnit, sf);
  const exactAtData = relClose(Number(rounded), inUnit, 1e-9);
  // The answer's own text writes powers of ten without spaces (4.966×10^-19 J), so that it reads as one number.
  const withUnit = (number: string): string => {
    const compact = number.replace(' × 10^', '×10^');
    return unit.text === '' ? compact : `${compact} ${unit.text}`;
  };
  const withUnitLatex = (number: string): string =>
    unit.latex === '' ? toLatexNumber(number) : `${toLatexNumber(number)}\\,${unit.latex}`;
  const figures = (count: number): string => `${String(count)} significant figure${count === 1 ? '' : 's'}`;
  let answerText: string;
  let answerLatex: string;
  let resultNote: string;
  const precise = preciseText(inUnit, sf);
  if (limiting === undefined) {
    answerText = withUnit(precise);
    answerLatex = withUnitLatex(precise);
    resultNote = 'All the data are exact here, so the value is not rounded to the data.';
  } else if (exactAtData) {
    // Nothing is lost by rounding to the data: the one value is both. Whole-number data keep no padding zeros.
    const plain = rounded.includes('e') ? powerOfTen(rounded) : allWhole ? withoutTrailingZeros(rounded) : rounded;
    answerText = withUnit(plain);
    answerLatex = withUnitLatex(plain);
    resultNote = `This is exact at the data's ${figures(sf)} (the least precise value used is ${limiting.label}).`;
  } else if (withUnit(sigText(inUnit, sf)) === withUnit(precise)) {
    // The value to the data's figures reads the same as the calculation ("0.210145 s"): said once.
    answerText = withUnit(precise);
    answerLatex = withUnitLatex(precise);
    resultNote = `This is the value to the data's ${figures(sf)} (the least precise value used is ${limiting.label}).`;
  } else {
    const dataValue = sigText(inUnit, sf);
    answerText = `${withUnit(precise)}, ≈ ${withUnit(dataValue)} to the data's ${figures(sf)}`;
    answerLatex = `${withUnitLatex(precise)} \\approx ${withUnitLatex(dataValue)}`;
    resultNote = `The least precise value used (${limiting.label}) has ${figures(sf)}, so to the data's precision the ${q.name} is ${withUnit(dataValue)}; ${withUnit(precise)} is the calculation itself, to compare with a book or a calculator.`;
  }

  // Steps.
  const steps: Step[] = [];
  const knownLines = [...route.knowns.values()].filter((k) => route.used.has(k.id));
  const constantsUsed = [...route.knowns.values()].filter(
    (k) => k.constant === true && route.links.some((l) => variablesOf(l.expr).has(k.id)),
  );
  const listed = [...knownLines, ...constantsUsed].map(knownLine);
  const unused = problem.givens
    .map((g) => ({ g, id: g.candidates.find((id) => route.knowns.get(id)?.label === g.label) }))
    .filter(
      (x): x is { g: (typeof problem.givens)[number]; id: string } => x.id !== undefined && !route.used.has(x.id),
    );
  const setAside = unused.map(
    ({ g, id }) =>
      `${g.label} (the ${quantity(id).name}) is not needed: ${notNeededReason(route, id) ?? 'it is not used'}.`,
  );
  steps.push({
    title: 'Write down what is known',
    // The data in words, each with where it came from; the list itself is the step's typeset `latex`.
    explanation: `Known, in SI units: ${listed.map((l) => l.words).join('; ')}. Wanted: the ${q.name} ${q.symbol}.${setAside.length > 0 ? ` ${setAside.join(' ')}` : ''}`,
    latex: listed.map((l) => l.latex).join(',\\quad '),
  });
  const values = new Map([...route.knowns].map(([id, k]) => [id, k.si]));
  const zeros = new Set([...route.knowns.values()].filter((k) => k.si === 0).map((k) => k.id));
  for (const link of route.links) {
    const f = link.formula;
    const t = quantity(link.target);
    steps.push({
      title: `Use the formula for ${f.title}`,
      // Words only: the formula itself is the step's typeset `latex` (each step shows its maths once).
      explanation: f.note ?? `${/^[A-Z]/u.test(f.title) ? '' : 'The '}${f.title} relates the quantities we have.`,
      latex: `${toLatex(f.lhs, symLatex)} = ${toLatex(f.rhs, symLatex)}`,
    });
    const isDirect = f.lhs.k === 'var' && f.lhs.id === link.target && toText(f.rhs, sym) === toText(link.expr, sym);
    if (!isDirect) {
      steps.push({
        title: `Rearrange for ${t.symbol}`,
        explanation: `Solve the formula for the ${t.name} ${t.symbol}.`,
        latex: `${t.latex} = ${toLatex(link.expr, symLatex)}`,
      });
    }
    const linkZeros = new Set([...variablesOf(link.expr)].filter((id) => zeros.has(id)));
    const expr = linkZeros.size > 0 ? withoutZeros(link.expr, linkZeros) : link.expr;
    if (linkZeros.size > 0 && toText(expr, sym) !== toText(link.expr, sym)) {
      const names = [...linkZeros].map((id) => `${sym(id)} = 0`).join(' and ');
      steps.push({
        title: `Put in ${names}`,
        explanation: `With ${names}, the terms that contain ${linkZeros.size === 1 ? 'it' : 'them'} are 0 and drop out.`,
        latex: `${t.latex} = ${toLatex(expr, symLatex)}`,
      });
    }
    const namer = (id: string): string => siLabel(id, values.get(id) ?? Number.NaN).latex;
    const atomic = (id: string): boolean =>
      !siLabel(id, values.get(id) ?? 0).text.includes(' ') && (values.get(id) ?? 0) >= 0;
    steps.push({
      title: 'Substitute the values',
      explanation: `Put the values into the formula, each with its unit.`,
      latex: `${t.latex} = ${toLatex(expr, namer, atomic)}`,
    });
    const ops: Operation[] = [];
    const result = workOut(expr, values, ops);
    const siUnit = link.target === 'theta' ? '' : t.unit;
    ops.forEach((op, i) => {
      const final = i === ops.length - 1;
      steps.push({
        title: op.title,
        explanation: final ? `${op.words} This gives the ${t.name} ${t.symbol}.` : op.words,
        latex: final
          ? `${t.latex} = ${op.latex}${siUnit === '' || op.result.degrees ? '' : `\\,${t.unitLatex}`}`
          : op.latex,
      });
    });
    if (ops.length === 0) {
      steps.push({
        title: 'Read off the value',
        explanation: `This is the ${t.name} ${t.symbol}.`,
        latex: `${t.latex} = ${result.latex}`,
      });
    }
    // The next formula uses what this one found (the exact value; the working shows it to 7 figures).
    values.set(link.target, link.value);
  }
  const deceleration =
    magnitude && route.value < 0
      ? `The ${q.name} comes out negative (it points against the motion), so the value asked for is its size. `
      : '';
  const converted =
    unit.text !== q.unit && q.unit !== ''
      ? `In ${unit.text}, ${shownNumber(value)} ${q.unit} is ${shownNumber(inUnit)} ${unit.text}. `
      : '';
  steps.push({
    title: 'State the result',
    explanation: `${deceleration}${converted}${resultNote}`,
    latex: `${q.latex} = ${answerLatex}`,
  });

  const checks = buildChecks(problem, route, unit, answerText, sf, value);
  const firstFormula = route.links[0]?.formula;
  const lastLink = route.links.at(-1);
  // A ladder of moves: the kind of problem, the formula that links what is known to what is asked, then the
  // rearranging. Formulas in words a student reads (readable: `m·g·h`, not `m*g*h`).
  const formulaText = (link: Route['links'][number] | undefined): string =>
    link === undefined ? '' : readable(`${toText(link.formula.lhs, sym)} = ${toText(link.formula.rhs, sym)}`);
  const names = [...new Set([...knownLines.map((k) => sym(k.id)), q.symbol])];
  const linked = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}` : names.join('');
  const hints = [
    `This is a ${family.replace(/-/gu, ' ').replace(/^newtons\b/u, "Newton's")} problem: list the known quantities (${knownLines.map((k) => sym(k.id)).join(', ')}) and the one you want (${q.symbol}), each in SI units (m, s, kg, N, …).`,
    route.links.length > 1
      ? `No single formula links ${linked}: which quantity can you find first from what you know?`
      : `Which formula links ${linked}?`,
    route.links.length > 1 && firstFormula !== undefined
      ? `Take it in ${String(route.links.length)} steps: first find ${quantity(route.links[0]?.target ?? '').name} with ${formulaText(route.links[0])}, and end with ${formulaText(lastLink)}.`
      : `Use ${formulaText(lastLink)}.`,
    `Rearrange it for ${q.symbol}, substitute the numbers, and round to the data's ${figures(sf)} at the end.`,
  ];
  const answer = solvedAnswer({
    tool: TOOL,
    kind: family,
    // "I read this as": the data as the engine took it (SI units) and the quantity it looks for.
    question: { text: problem.text, latex: [...listed.map((l) => l.latex), `${q.latex} = {?}`].join(',\\quad ') },
    answer: { text: answerText, latex: answerLatex },
    steps,
    checks,
    hints,
  });
  return { answer, si: value, sf, wholeData, target: route.target, unit };
}

function buildChecks(
  problem: Problem,
  route: Route,
  unit: DisplayUnit,
  answerText: string,
  sf: number,
  value: number,
): Check[] {
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

  // 3. Every value the student gave is used, or set aside with the reason (a dropped friction force fails here).
  const givenDetails: string[] = [];
  let givensOk = true;
  for (const g of problem.givens) {
    const id = g.candidates.find((c) => route.knowns.get(c)?.label === g.label);
    if (id !== undefined && route.used.has(id)) {
      givenDetails.push(`${g.label} is used as ${sym(id)}`);
      continue;
    }
    const reason = id === undefined ? undefined : notNeededReason(route, id);
    if (reason === undefined) {
      givensOk = false;
      givenDetails.push(`${g.label} is not used, and nothing says it is not needed`);
    } else givenDetails.push(`${g.label} is not needed: ${reason}`);
  }
  checks.push({
    kind: 'givens',
    passed: givensOk,
    detail: givenDetails.length > 0 ? givenDetails.join('; ') : 'The question gives no values.',
  });

  // 4. Each printed value is the result rounded to its own digits (catches unit-conversion and rounding slips).
  const exact = unit.fromSI(value);
  const printed = [...answerText.matchAll(/(-?\d+(?:\.\d+)?)(?:×10\^(-?\d+))?/gu)]
    .filter((m) => m.index === 0 || answerText.slice(0, m.index).endsWith('≈ '))
    .map((m) => ({ text: m[0], mantissa: m[1] ?? '', exponent: Number(m[2] ?? 0) }));
  const roundOk =
    printed.length > 0 &&
    printed.every(({ mantissa, exponent }) => {
      const decimals = mantissa.includes('.') ? (mantissa.split('.')[1] ?? '').length : 0;
      const digits = mantissa.replace(/^-/u, '').replace('.', '').replace(/^0+/u, '');
      // A whole number's trailing zeros may be padding: its last digit is then the last non-zero one.
      const padding = decimals === 0 ? digits.length - trimTrailing(digits, /0/).length : 0;
      const half = 0.5 * 10 ** (exponent - decimals + padding);
      return Math.abs(Number(mantissa) * 10 ** exponent - exact) <= half * (1 + 1e-9) + Math.abs(exact) * 1e-12;
    });
  checks.push({
    kind: 'rounding',
    passed: roundOk,
    detail: `${formatPlain(exact)} ${unit.text} is shown as ${printed.map((p) => `${p.text} ${unit.text}`).join(' and ')} (the data's least precise value has ${String(sf)} significant figure${sf === 1 ? '' : 's'})`,
  });
  return checks;
}
