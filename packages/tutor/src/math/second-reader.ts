/**
 * The second reader: reads the question again with mathjs, a parser and evaluator that share no code with the
 * engine's, and tests the engine's answer against THAT reading. An answer is "Checked" only when this reading
 * agrees: when the readings disagree the answer carries a failed check that says so in plain words, and when
 * mathjs cannot read the question or the answer, a failed "not confirmed" check keeps the badge off. Both readers
 * start from the same plain text (the question after the phrasing layer and prepare()), nothing later.
 */
import type { Check } from '@studyease/contract';
import type * as MathJs from 'mathjs';
import type { MathJsInstance, MathNode } from 'mathjs';

const RAD = Math.PI / 180;
let instance: MathJsInstance | undefined;

/** mathjs, created at first use: it takes a few hundred milliseconds to load and the backend must start fast. */
export function mathjs(): MathJsInstance {
  if (instance === undefined) {
    // A require at first use, not an import: the import would load mathjs when the backend starts.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
    const library = require('mathjs') as typeof MathJs;
    if (library.all === undefined) throw new Error('mathjs has no function set');
    instance = library.create(library.all, {});
    // School conventions, stated once: `log` is base 10 and `ln` natural (mathjs reads `log` as natural, so the
    // text is rewritten to log10/log); degree versions of sin/cos/tan for questions asked in degrees.
    instance.import(
      {
        logb: (base: number, x: number) => Math.log(x) / Math.log(base),
        sind: (x: number) => Math.sin(x * RAD),
        cosd: (x: number) => Math.cos(x * RAD),
        tand: (x: number) => Math.tan(x * RAD),
      },
      { override: true },
    );
  }
  return instance;
}

/** The kind of the check this reader adds. */
export const SECOND_READING = 'second-reading';
/** The kind of the failed check when mathjs cannot read the question or the answer: no disagreement, no badge. */
export const SECOND_READING_UNAVAILABLE = 'second-reading-unavailable';

export type ReadingIntent =
  | 'auto'
  | 'derivative'
  | 'integral'
  | 'limit'
  | 'simplify'
  | 'factor'
  | 'expand'
  /** "prove LHS = RHS", answered true or false. */
  | 'identity';

export interface Reading {
  /** The question's maths in plain text (intent words removed): prepare()'s body. */
  body: string;
  intent: ReadingIntent;
  variable?: string | undefined;
  lower?: string | undefined;
  upper?: string | undefined;
  point?: string | undefined;
  /** The order of a derivative (2: the second derivative); 1 when not given. */
  order?: number | undefined;
  /** The tangent line at `point` is asked (answered "y = m x + c"). */
  tangent?: boolean | undefined;
  /** Where the solutions of an equation must lie, and whether its angles are in degrees. */
  interval?:
    | { variable: string; lower: string; upper: string; lowerOpen: boolean; upperOpen: boolean; degrees: boolean }
    | undefined;
}

const SUPERSCRIPT: Record<string, string> = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁻': '-' };

/**
 * Plain text → mathjs syntax, written apart from the engine's parser: unicode symbols, `log` base 10, `ln`
 * natural, `log_2(x)` / `log2(x)` with a base, `sin x` and `sin^2(x)` with their brackets.
 */
export function forMathjs(text: string): string {
  return (
    fromLatex(text)
      .replace(/[−–—]/g, '-')
      .replace(/[×·⋅∙]/g, '*')
      .replace(/÷/g, '/')
      .replace(/π/g, ' pi ')
      .replace(/≤/g, '<=')
      .replace(/≥/g, '>=')
      .replace(/[⁰¹²³⁴⁻]+/g, (run) => `^(${run.replace(/./gu, (c) => SUPERSCRIPT[c] ?? '')})`)
      .replace(/√\s*\(/g, 'sqrt(')
      .replace(/√\s*([a-z]|\d+(?:\.\d+)?)/g, 'sqrt($1)')
      .replace(/(?<![a-z])arc(sin|cos|tan)\b/g, 'a$1')
      // log_2(x), log_{2}(x), log2(x): base first for logb; log10(x) is mathjs's own log10. The spaces after the
      // closing brace belong to it, so that no two runs of spaces meet (ReDoS rule, issue #11).
      .replace(/(?<![a-z])log_\{?\s*(\d+(?:\.\d+)?)\s*(?:\}\s*)?\(/g, 'logb($1, ')
      .replace(/(?<![a-z])log(?!10\b)(\d+)\s*\(/g, 'logb($1, ')
      .replace(/(?<![a-z])log\s*\(/g, 'log10(')
      .replace(/(?<![a-z])ln\s*\(/g, 'log(')
      .replace(/(?<![a-z])lg\s*\(/g, 'log10(')
      // sin^2(x) and sin^2 x mean (sin x)^2.
      .replace(/(?<![a-z])(sin|cos|tan|sec|csc|cot)\s*\^\s*(\d)\s*\(([^()]*)\)/g, '($1($3))^$2')
      .replace(/(?<![a-z])(sin|cos|tan|sec|csc|cot)\s*\^\s*(\d)\s+([a-z]|\d+(?:\.\d+)?[a-z]?)\b/g, '($1($3))^$2')
      // sin x, sin 2x, ln x: a function of the next single factor.
      .replace(
        /(?<![a-z])(sin|cos|tan|sec|csc|cot|ln|log|sqrt|exp)\s+(\d+(?:\.\d+)?[a-z]?|[a-z])\b/g,
        (_, fn: string, arg: string) => `${fn === 'ln' ? 'log' : fn === 'log' ? 'log10' : fn}(${arg})`,
      )
      .replace(/\*\*/g, '^')
      // |x - 2| is abs(x - 2) (mathjs reads | as a bitwise or); innermost pairs only, so |a| + |b| stays two.
      .replace(/\|([^|]+)\|/g, 'abs($1)')
      // A number then a letter is a product: mathjs would read `0x…` as a hexadecimal literal.
      .replace(/(\d)(?=[a-z])(?!e[-+]?\d)/gi, '$1 ')
      // A lone letter before a bracket is a product, x(x - 4) = x·(x - 4), as a student means it: mathjs would call
      // a function x. Names of two or more letters (sin, logb, sqrt) are functions and keep their bracket.
      .replace(/(?<![A-Za-z_\d.])([a-z])\s*\(/g, '$1*(')
  );
}

/** Light LaTeX (what MathLive and textbooks paste) → plain text, innermost \frac and \sqrt first. */
function fromLatex(text: string): string {
  if (!text.includes('\\')) return text;
  let s = text
    .replace(/\\left|\\right|\\displaystyle|\\[,;! ]/g, ' ')
    .replace(/\\(?:cdot|times)/g, '*')
    .replace(/\\div/g, '/')
    .replace(/\\(?:le|leq)\b/g, '<=')
    .replace(/\\(?:ge|geq)\b/g, '>=')
    .replace(/\\pi\b/g, ' pi ')
    .replace(/\\(arcsin|arccos|arctan|sin|cos|tan|sec|csc|cot|ln|log|exp)\b/g, ' $1 ');
  for (let round = 0; round < 50; round += 1) {
    const next = s
      .replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '(($1)/($2))')
      .replace(/\\sqrt\s*\[([^[\]{}]*)\]\s*\{([^{}]*)\}/g, '(($2)^(1/($1)))')
      .replace(/\\sqrt\s*\{([^{}]*)\}/g, 'sqrt($1)');
    if (next === s) break;
    s = next;
  }
  return s.replace(/\{/g, '(').replace(/\}/g, ')');
}

/** The question in degrees: sin, cos and tan take degrees. */
const inDegrees = (text: string): string => text.replace(/(?<![a-z])(sin|cos|tan)\s*\(/g, '$1d(');

const SAMPLES = [0.37, 1.21, 2.03, -0.83, 2.9, 0.61];

interface Complex {
  re: number;
  im: number;
}

/** A complex value (`i` is the imaginary unit), or null when the expression is undefined there. */
function evaluateComplex(
  expression: string | MathNode,
  scope: Readonly<Record<string, number | Complex>>,
): Complex | null {
  try {
    const mathScope = Object.fromEntries(
      Object.entries(scope).map(([name, value]) => [
        name,
        typeof value === 'number' ? value : value.im === 0 ? value.re : mathjs().complex(value.re, value.im),
      ]),
    );
    const node = typeof expression === 'string' ? mathjs().parse(expression) : expression;
    const value: unknown = node.evaluate(mathScope);
    if (typeof value === 'number') return Number.isFinite(value) ? { re: value, im: 0 } : null;
    if (typeof value === 'object' && value !== null && 're' in value && 'im' in value) {
      const { re, im } = value;
      return typeof re === 'number' && typeof im === 'number' && Number.isFinite(re) && Number.isFinite(im)
        ? { re, im }
        : null;
    }
    return null;
  } catch {
    return null;
  }
}

/** A real value, or null when the expression is undefined there, complex, or not a number. */
function evaluateAt(expression: string | MathNode, scope: Readonly<Record<string, number>>): number | null {
  const value = evaluateComplex(expression, scope);
  return value !== null && Math.abs(value.im) <= 1e-12 * Math.max(1, Math.abs(value.re)) ? value.re : null;
}

const near = (a: number, b: number, tolerance = 1e-7): boolean =>
  Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b));

const show = (value: Complex): string => {
  const re = Number(value.re.toPrecision(10));
  const im = Number(value.im.toPrecision(10));
  return Math.abs(im) < 1e-12 ? String(re) : `${String(re)} ${im < 0 ? '-' : '+'} ${String(Math.abs(im))}i`;
};

/** Splits at top-level commas and semicolons, never inside brackets (`logb(10, x)` stays whole). */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if ((char === ',' || char === ';') && depth === 0) {
      parts.push(text.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/** An answer's `v = value` pairs ("x = 2, x = 3"; "x = 2, y = 1"); `k` in a general solution runs over −3 … 3. */
function valuesOf(answer: string): Array<{ name: string; value: Complex }> | null {
  const general = /\(\s*k any integer\s*\)\s*$/.exec(answer);
  const text = (general ? answer.slice(0, general.index) : answer).replace(/°/g, '');
  const out: Array<{ name: string; value: Complex }> = [];
  // A run of spaces is tried from its first space only (the lookbehind), and the parts come trimmed, so each
  // pattern reads the answer in linear time (ReDoS rule, issue #11).
  for (const part of topLevelParts(text.replace(/(?<!\s)\s+(?:or|and)\s+/g, ', '))) {
    const pair = /^([A-Za-z]\w*)\s*=\s*(\S.*)$/.exec(part);
    if (!pair) return null;
    for (const k of general ? [-3, -2, -1, 0, 1, 2, 3] : [0]) {
      const value = evaluateComplex(forMathjs(pair[2] ?? ''), general ? { k } : {});
      if (value === null) return null;
      out.push({ name: pair[1] ?? '', value });
    }
  }
  return out;
}

/** The names a parsed expression leaves unknown: its symbols that are not mathjs's functions or constants. */
function unknownsOf(node: MathNode): string[] {
  const names = node
    .filter((n) => n.type === 'SymbolNode')
    .map((n) => (n as unknown as { name: string }).name)
    .filter((name) => !(name in mathjs()));
  return [...new Set(names)];
}

const agree = (detail: string): Check => ({ kind: SECOND_READING, passed: true, detail });
const disagree = (detail: string): Check => ({
  kind: SECOND_READING,
  passed: false,
  detail: `a second reading of the question gives something else: ${detail}`,
});
const unavailable = (): Check => ({
  kind: SECOND_READING_UNAVAILABLE,
  passed: false,
  detail: 'a second reader could not read this question or its answer, so the reading is not confirmed independently',
});

/**
 * Tests the engine's answer against mathjs's reading of the question.
 * @returns a passed check when the readings agree, a failed one (saying so) when they disagree, and a failed
 *   "not confirmed" check when mathjs cannot read the question or the answer in a way that tests it
 */
export function checkAgainstSecondReading(reading: Reading, answerText: string): Check {
  const degrees = reading.interval?.degrees ?? false;
  const body = degrees ? inDegrees(forMathjs(reading.body)) : forMathjs(reading.body);
  let check: Check | null = null;
  try {
    if (reading.intent === 'identity') check = checkIdentity(body, answerText);
    else if (reading.intent === 'auto' && /(^|[^<>!])=/.test(body)) check = checkEquations(body, answerText, reading);
    else if (reading.intent === 'derivative' && ((reading.order ?? 1) > 1 || reading.point !== undefined))
      check = checkDerivativeBeyondFirst(body, reading, answerText);
    else if (reading.intent === 'derivative') check = checkDerivative(body, reading.variable ?? 'x', answerText);
    else if (reading.intent === 'integral')
      check =
        reading.lower !== undefined && reading.upper !== undefined
          ? checkDefiniteIntegral(body, reading.variable ?? 'x', reading.lower, reading.upper, answerText)
          : checkAntiderivative(body, reading.variable ?? 'x', answerText);
    else if (reading.intent === 'limit' && reading.point !== undefined)
      check = checkLimit(body, reading.variable ?? 'x', reading.point, answerText);
    else if (reading.intent === 'auto' && /[<>]/.test(body)) check = checkInequality(body, answerText);
    else if (reading.intent !== 'limit' && !/[<>]/.test(body)) check = checkSameExpression(body, answerText);
  } catch {
    check = null;
  }
  return check ?? unavailable();
}

/** An inequality's answer ("x < -2 or x > 2", "-1 <= x < 3", "all real numbers") holds where the question does. */
function checkInequality(body: string, answerText: string): Check | null {
  // From the first space of a run only (the lookbehind): linear on long runs of spaces (ReDoS rule, issue #11).
  const question = mathjs().parse(body.replace(/(?<!\s)\s+and\s+/g, ' and '));
  const names = unknownsOf(question);
  const name = names[0];
  if (names.length !== 1 || name === undefined) return null;
  const everything = /^\s*all real numbers\s*$/i.test(answerText);
  const nothing = /^\s*no (real )?solutions?\s*$/i.test(answerText);
  const answer = everything || nothing ? null : mathjs().parse(forMathjs(answerText));
  if (answer && unknownsOf(answer).some((n) => n !== name)) return null;
  const truth = (node: MathNode, x: number): boolean | null => {
    try {
      const value: unknown = node.evaluate({ [name]: x });
      return typeof value === 'boolean' ? value : null;
    } catch {
      return null;
    }
  };
  let tested = 0;
  // Points that are not round numbers, so that no boundary of a school inequality is hit exactly.
  for (let x = -25.0137; x < 25; x += 0.0731) {
    const want = truth(question, x);
    const got = answer ? truth(answer, x) : everything;
    if (want === null) continue;
    if (got === null) return null;
    tested += 1;
    if (want !== got)
      return disagree(`at ${name} = ${String(Number(x.toPrecision(6)))} the question's inequality is ${String(want)}`);
  }
  return tested > 100 ? agree('another system finds the inequality true exactly where the answer says') : null;
}

/** An identity is true when both sides agree at every sample point (poles skipped), false when one differs. */
function checkIdentity(body: string, answerText: string): Check | null {
  const [left, right, extra] = body.split('=');
  if (left === undefined || right === undefined || extra !== undefined) return null;
  const difference = mathjs().parse(`(${left}) - (${right})`);
  const names = unknownsOf(difference);
  let tested = 0;
  let differs = false;
  const points = [...SAMPLES, 0.13, 1.77, -2.41, 3.3];
  for (const [i, x] of points.entries()) {
    // Each variable takes a different sample at each point (a, b in sin(a + b) must not be equal).
    const scope = Object.fromEntries(
      names.map((name, j) => [name, j === 0 ? x : (points[(i + 3 * j) % points.length] ?? 0) + 0.11 * j]),
    );
    const value = evaluateAt(difference, scope);
    if (value === null) continue;
    tested += 1;
    if (Math.abs(value) > 1e-9) differs = true;
  }
  const claim = /^\s*true\b/i.test(answerText) ? true : /^\s*false\b/i.test(answerText) ? false : null;
  if (tested < 5 || claim === null) return null;
  return claim === !differs
    ? agree(`another system ${differs ? 'finds the sides different' : 'finds the sides equal'} at sample points`)
    : disagree(differs ? 'the two sides differ at some points' : 'the two sides are equal at every point tried');
}

function checkEquations(body: string, answerText: string, reading: Reading): Check | null {
  const equations = topLevelParts(body).filter((part) => part.includes('='));
  const nodes = equations.map((equation) => {
    const [left, right, extra] = equation.split('=');
    if (extra !== undefined) throw new Error('a chain of equals signs');
    return mathjs().parse(`(${left ?? ''}) - (${right ?? ''})`);
  });
  const unknowns = new Set(nodes.flatMap(unknownsOf));
  if (
    /^\s*no (real )?solutions?\s*$/i.test(answerText) ||
    /^\s*(all real numbers|infinitely many solutions)\s*$/i.test(answerText)
  )
    return nodes.length > 1 || (unknowns.size > 1 && !reading.interval)
      ? checkLinearSystem(nodes, [...unknowns], answerText)
      : checkNoSolution(nodes, unknowns, reading, answerText);
  const values = valuesOf(answerText);
  if (!values || values.length === 0) return null;
  const names = new Set(values.map((v) => v.name));
  if ([...unknowns].some((name) => !names.has(name)) || [...names].some((name) => !unknowns.has(name))) return null;
  // One unknown: every listed value is a root. Several: the values form one solution.
  const solutions: Array<Record<string, Complex>> =
    names.size === 1
      ? values.map((v) => ({ [v.name]: v.value }))
      : [Object.fromEntries(values.map((v) => [v.name, v.value]))];
  for (const scope of solutions) {
    const where = Object.entries(scope)
      .map(([name, value]) => `${name} = ${show(value)}${reading.interval?.degrees ? '°' : ''}`)
      .join(', ');
    for (const node of nodes) {
      const residual = evaluateComplex(node, scope);
      // A real root must give a real residual: log10(-1) is complex, so x = 2 fails log10(x) + log10(x - 3) = 1.
      const real = Object.values(scope).every((value) => value.im === 0);
      if (residual === null || (real && Math.abs(residual.im) > 1e-9))
        return disagree(`the question is undefined at ${where}`);
      const scale = Math.max(1, ...Object.values(scope).map((value) => Math.hypot(value.re, value.im)));
      if (Math.hypot(residual.re, residual.im) > 1e-7 * scale)
        return disagree(`${where} does not satisfy ${node.toString()} = 0 (it gives ${show(residual)})`);
    }
  }
  if (reading.interval && names.size === 1) {
    const missing = rootsInInterval(nodes[0], [...names][0] ?? 'x', reading.interval).filter(
      (root) => !values.some((v) => near(v.value.re, root, 1e-6)),
    );
    if (missing.length > 0)
      return disagree(
        `it also has a solution near ${show({ re: missing[0] ?? 0, im: 0 })}, which the answer leaves out`,
      );
  }
  return agree(`a second reading of the question, by another parser, is satisfied by ${answerText}`);
}

/**
 * "No solution" (one unknown): in an interval, a scan for sign changes finds none; otherwise the two sides must
 * differ at every one of a dense set of points from −50 to 50, never crossing (what a student's graph would show).
 * "All real numbers": the two sides agree at every point where both are defined.
 */
function checkNoSolution(nodes: MathNode[], unknowns: Set<string>, reading: Reading, answerText: string): Check | null {
  const [name] = [...unknowns];
  const f = nodes[0];
  if (nodes.length !== 1 || unknowns.size !== 1 || !name || !f) return null;
  const everywhere = /all real numbers|infinitely many/i.test(answerText);
  if (reading.interval && !everywhere) {
    const roots = rootsInInterval(f, name, reading.interval);
    return roots.length
      ? disagree(`it has a solution near ${show({ re: roots[0] ?? 0, im: 0 })}`)
      : agree('a second reading finds no solution in the interval either');
  }
  const values: number[] = [];
  for (let x = -50.0173; x < 50; x += 0.0391) {
    const value = evaluateAt(f, { [name]: x });
    if (value !== null) values.push(value);
  }
  if (values.length < 1000) return null;
  if (everywhere)
    return values.every((v) => Math.abs(v) < 1e-9)
      ? agree('another system finds the two sides equal at every point tried')
      : disagree('the two sides differ at some points');
  const roots = rootsInInterval(f, name, {
    variable: name,
    lower: '-50',
    upper: '50',
    lowerOpen: false,
    upperOpen: false,
    degrees: false,
  });
  if (roots.length) return disagree(`the two sides are equal near ${name} = ${show({ re: roots[0] ?? 0, im: 0 })}`);
  return Math.min(...values.map(Math.abs)) > 1e-6
    ? agree('another system finds the two sides never equal between −50 and 50')
    : null;
}

/**
 * A linear system answered "no solution" or "infinitely many solutions": its coefficients are read numerically
 * (mathjs evaluates each equation at 0 and at each unit vector, and linearity is confirmed at another point), and
 * the ranks of the matrix and of the augmented matrix decide.
 */
function checkLinearSystem(nodes: MathNode[], names: string[], answerText: string): Check | null {
  const at = (node: MathNode, point: number[]): number | null =>
    evaluateAt(node, Object.fromEntries(names.map((name, i) => [name, point[i] ?? 0])));
  const rows: number[][] = [];
  for (const node of nodes) {
    const origin = at(
      node,
      names.map(() => 0),
    );
    if (origin === null) return null;
    const row: number[] = [];
    for (let j = 0; j < names.length; j += 1) {
      const value = at(
        node,
        names.map((_, i) => (i === j ? 1 : 0)),
      );
      if (value === null) return null;
      row.push(value - origin);
    }
    const probe = names.map((_, i) => 0.7 + 1.3 * i);
    const predicted = origin + row.reduce((sum, a, i) => sum + a * (probe[i] ?? 0), 0);
    const actual = at(node, probe);
    if (actual === null || !near(actual, predicted, 1e-9)) return null;
    rows.push([...row, -origin]);
  }
  const rank = (matrix: number[][], columns: number): number => {
    const m = matrix.map((row) => row.slice(0, columns));
    let r = 0;
    for (let c = 0; c < columns && r < m.length; c += 1) {
      const pivot =
        m.slice(r).reduce((best, row, i) => (Math.abs(row[c] ?? 0) > Math.abs(m[best + r]?.[c] ?? 0) ? i : best), 0) +
        r;
      if (Math.abs(m[pivot]?.[c] ?? 0) < 1e-9) continue;
      [m[r], m[pivot]] = [m[pivot] ?? [], m[r] ?? []];
      for (let i = 0; i < m.length; i += 1) {
        if (i === r) continue;
        const factor = (m[i]?.[c] ?? 0) / (m[r]?.[c] ?? 1);
        m[i] = (m[i] ?? []).map((v, k) => v - factor * (m[r]?.[k] ?? 0));
      }
      r += 1;
    }
    return r;
  };
  const plain = rank(rows, names.length);
  const augmented = rank(rows, names.length + 1);
  const verdict =
    plain < augmented ? 'no solution' : plain < names.length ? 'infinitely many solutions' : 'one solution';
  const claimed = /no (real )?solution/i.test(answerText) ? 'no solution' : 'infinitely many solutions';
  return verdict === claimed
    ? agree(`another system finds ${verdict} from the ranks of the equations' coefficients`)
    : disagree(`another system finds ${verdict}`);
}

/** Roots of f in the interval found by sign changes on a fine grid, refined by bisection (poles are not roots). */
function rootsInInterval(
  f: MathNode | undefined,
  variable: string,
  interval: NonNullable<Reading['interval']>,
): number[] {
  if (!f) return [];
  const lower = evaluateAt(forMathjs(interval.lower), {});
  const upper = evaluateAt(forMathjs(interval.upper), {});
  if (lower === null || upper === null || !(upper > lower)) return [];
  const compiled = f.compile();
  const at = (x: number): number | null => {
    try {
      const value: unknown = compiled.evaluate({ [variable]: x });
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    } catch {
      return null;
    }
  };
  const roots: number[] = [];
  const n = 2000;
  let previous = at(lower);
  for (let i = 1; i <= n; i += 1) {
    const x0 = lower + ((i - 1) * (upper - lower)) / n;
    const x1 = lower + (i * (upper - lower)) / n;
    const current = at(x1);
    if (previous !== null && current !== null && previous * current < 0) {
      let [a, b, fa] = [x0, x1, previous];
      for (let step = 0; step < 60; step += 1) {
        const m = (a + b) / 2;
        const fm = at(m);
        if (fm === null) break;
        if (fa * fm <= 0) b = m;
        else [a, fa] = [m, fm];
      }
      const root = (a + b) / 2;
      const value = at(root);
      if (value !== null && Math.abs(value) < 1e-6) roots.push(root);
    }
    previous = current;
  }
  return roots;
}

/**
 * A trailing "+ C" and a trailing "%", with the spaces before and after them. The lookbehind starts a match at the
 * first space of a run only, so a long run of spaces is read once, not once per space (ReDoS rule, issue #11).
 */
const CONSTANT_TAIL = /(?<!\s)\s*\+\s*C\s*$/;
const PERCENT_TAIL = /(?<!\s)\s*%\s*$/;

function sameFunction(expected: (x: number) => number | null, answer: string, variable: string): boolean | null {
  const plain = mathjs().parse(forMathjs(answer.replace(CONSTANT_TAIL, '')));
  let tested = 0;
  for (const x of SAMPLES) {
    const want = expected(x);
    const got = evaluateAt(plain, { [variable]: x });
    if (want === null || got === null) continue;
    tested += 1;
    if (!near(want, got, 1e-6)) return false;
  }
  return tested >= 3 ? true : null;
}

function checkDerivative(body: string, variable: string, answerText: string): Check | null {
  const derivative = mathjs().derivative(body, variable);
  const same = sameFunction((x) => evaluateAt(derivative, { [variable]: x }), answerText, variable);
  if (same === null) return null;
  return same
    ? agree(`a second system differentiates the question to the same function (${derivative.toString()})`)
    : disagree(`its derivative is ${derivative.toString()}, which differs from the answer`);
}

/** An antiderivative is right when ITS derivative (by mathjs) is the integrand, at sample points. */
function checkAntiderivative(body: string, variable: string, answerText: string): Check | null {
  const answer = forMathjs(answerText.replace(CONSTANT_TAIL, ''));
  const derivative = mathjs().derivative(answer, variable);
  const integrand = mathjs().parse(body);
  const same = sameFunction((x) => evaluateAt(integrand, { [variable]: x }), derivative.toString(), variable);
  if (same === null) return null;
  return same
    ? agree('a second system differentiates the answer back to the integrand')
    : disagree('the derivative of the answer, by another system, is not the integrand');
}

/** Simpson's rule with 2,000 panels: plenty for the smooth integrands of school questions. */
function simpson(f: (x: number) => number | null, a: number, b: number): number | null {
  const n = 2000;
  const h = (b - a) / n;
  let sum = 0;
  for (let i = 0; i <= n; i += 1) {
    const y = f(a + i * h);
    if (y === null) return null;
    sum += y * (i === 0 || i === n ? 1 : i % 2 === 1 ? 4 : 2);
  }
  return (sum * h) / 3;
}

function checkDefiniteIntegral(
  body: string,
  variable: string,
  lower: string,
  upper: string,
  answerText: string,
): Check | null {
  const a = evaluateAt(forMathjs(lower), {});
  const b = evaluateAt(forMathjs(upper), {});
  const answer = evaluateAt(forMathjs(answerText), {});
  if (a === null || b === null || answer === null) return null;
  const integrand = mathjs().parse(body);
  const value = simpson((x) => evaluateAt(integrand, { [variable]: x }), a, b);
  if (value === null) return null;
  const shown = String(Number(value.toPrecision(8)));
  return near(value, answer, 1e-6)
    ? agree(`a second system integrates numerically to ${shown}`)
    : disagree(`numeric integration gives ${shown}`);
}

function checkLimit(body: string, variable: string, point: string, answerText: string): Check | null {
  // On the trimmed text, so that no two runs of spaces meet in the pattern (ReDoS rule, issue #11).
  const infinite = /^([+-]?)\s*(?:inf|infinity|∞|oo)$/i.exec(point.trim());
  if (infinite) {
    const answer = evaluateAt(forMathjs(answerText), {});
    if (answer === null) return null;
    const sign = infinite[1] === '-' ? -1 : 1;
    const node = mathjs().parse(body);
    // Far out for rational functions; where that overflows (e^x / e^x at 10^6), nearer: exponentials settle fast.
    let points = [1e6, 1e7, 1e8];
    let far = points.map((x) => evaluateAt(node, { [variable]: sign * x }));
    if (far.some((v) => v === null)) {
      points = [40, 60, 80];
      far = points.map((x) => evaluateAt(node, { [variable]: sign * x }));
    }
    if (far.some((v) => v === null)) return null;
    const shown = String(Number((far[2] ?? 0).toPrecision(6)));
    return (far as number[]).every((v) => near(v, answer, 1e-4))
      ? agree(`a second system evaluates the expression at ${variable} = ${String(sign * (points[2] ?? 0))}: ${shown}`)
      : disagree(`for large ${variable} the expression is about ${shown}`);
  }
  const at = evaluateAt(forMathjs(point), {});
  const answer = evaluateAt(forMathjs(answerText), {});
  if (at === null || answer === null) return null;
  const node = mathjs().parse(body);
  const values = [1e-4, -1e-4, 1e-5, -1e-5].map((h) => evaluateAt(node, { [variable]: at + h }));
  if (values.some((v) => v === null)) return null;
  const shown = String(Number((values[0] ?? 0).toPrecision(6)));
  return (values as number[]).every((v) => near(v, answer, 1e-3))
    ? agree(`a second system evaluates the expression near ${variable} = ${point}: ${shown}`)
    : disagree(`near ${variable} = ${point} the expression is about ${shown}`);
}

function checkSameExpression(body: string, answerText: string): Check | null {
  const node = mathjs().parse(body.replace(PERCENT_TAIL, ''));
  const unknowns = unknownsOf(node);
  if (unknowns.length > 1) return null;
  const variable = unknowns[0];
  const answer = answerText.replace(/^\s*[A-Za-z]\w*(?:\([a-z]\))?\s*=\s*/, '').replace(PERCENT_TAIL, '');
  if (variable === undefined) {
    const want = evaluateAt(node, {});
    const got = evaluateAt(forMathjs(answer), {});
    if (want === null || got === null) return null;
    const shown = String(Number(want.toPrecision(12)));
    return near(want, got, 1e-9)
      ? agree(`a second system evaluates the question to ${shown}`)
      : disagree(`another system evaluates it to ${shown}`);
  }
  const same = sameFunction((x) => evaluateAt(node, { [variable]: x }), answer, variable);
  if (same === null) return null;
  return same
    ? agree('a second system gives the same values as the answer at sample points')
    : disagree('another system gives other values than the answer at sample points');
}

/**
 * A derivative of a higher order (mathjs differentiates the question `order` times), its value at a point (a
 * central difference of the derivative one order below, at the point) and the tangent line there (it meets the
 * curve at the point with that slope).
 */
function checkDerivativeBeyondFirst(body: string, reading: Reading, answerText: string): Check | null {
  const variable = reading.variable ?? 'x';
  const order = reading.order ?? 1;
  if (!Number.isInteger(order) || order < 1 || order > 5) return null;
  let below: MathNode = mathjs().parse(body);
  for (let k = 1; k < order; k += 1) below = mathjs().derivative(below, variable);
  if (reading.point === undefined) {
    const full = mathjs().derivative(below, variable);
    const same = sameFunction((x) => evaluateAt(full, { [variable]: x }), answerText, variable);
    if (same === null) return null;
    return same
      ? agree(`a second system differentiates the question ${String(order)} times to the same function`)
      : disagree(`differentiating ${String(order)} times gives ${full.toString()}, which differs from the answer`);
  }
  const at = evaluateAt(forMathjs(reading.point), {});
  if (at === null) return null;
  const h = 1e-4 * Math.max(1, Math.abs(at));
  const left = evaluateAt(below, { [variable]: at - h });
  const right = evaluateAt(below, { [variable]: at + h });
  if (left === null || right === null) return null;
  const slope = (right - left) / (2 * h);
  const shown = String(Number(slope.toPrecision(8)));
  if (reading.tangent) {
    const line = /^y ?= ?/i.exec(answerText.trim());
    if (!line) return null;
    const rhs = mathjs().parse(forMathjs(answerText.trim().slice(line[0].length)));
    const y0 = evaluateAt(mathjs().parse(body), { [variable]: at });
    const y1 = evaluateAt(rhs, { [variable]: at });
    const y2 = evaluateAt(rhs, { [variable]: at + 1 });
    const y3 = evaluateAt(rhs, { [variable]: at + 2 });
    if (y0 === null || y1 === null || y2 === null || y3 === null) return null;
    // A straight line (equal steps), through the point on the curve, with the curve's slope there.
    return near(y1, y0, 1e-9) && near(y2 - y1, slope, 1e-6) && near(y3 - y2, y2 - y1, 1e-9)
      ? agree(
          `a second system finds the curve's slope ${shown} at ${variable} = ${reading.point}, and the line meets it there`,
        )
      : disagree(
          `the curve's slope at ${variable} = ${reading.point} is about ${shown}, through the point (${reading.point}, ${String(Number(y0.toPrecision(8)))})`,
        );
  }
  const answer = evaluateAt(forMathjs(answerText), {});
  if (answer === null) return null;
  return near(slope, answer, 1e-6)
    ? agree(`a second system's finite difference at ${variable} = ${reading.point} gives ${shown}`)
    : disagree(`a finite difference at ${variable} = ${reading.point} gives about ${shown}`);
}
