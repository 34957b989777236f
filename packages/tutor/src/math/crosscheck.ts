/**
 * The independent cross-check: the same symbolic question (derivative, antiderivative, limit, factor, expand,
 * simplify) is computed again by a second, unrelated computer-algebra system, @cortex-js/compute-engine, and its
 * result is compared with ours numerically at random points, each side evaluated by its own evaluator (CE's result
 * by CE, ours by the engine's evaluator). Our answers come from our own algebra and nerdamer-prime, so a bug in
 * either shows up as a disagreement instead of an answer marked verified.
 *
 * Compute-engine takes a few hundred milliseconds to load, so it is required lazily (only when a symbolic question
 * is asked) and kept for the life of the worker thread. Everything it does runs under a time limit and inside
 * try/catch: when CE throws, times out, or cannot do the question (an unevaluated integral, a special function),
 * the cross-check is skipped (null), never failed: CE's own limits are not evidence against our answer.
 */
import type { Check } from '@studyease/contract';
import { type Node, variables } from './ast';
import { type C, close, complex, evaluate } from './evaluate';
import { fmt, seeded } from './common';

/** The part of compute-engine's API that we use (typed here so that its large type tree stays out of ours). */
interface CeExpression {
  readonly json: unknown;
  readonly re: number;
  readonly im: number;
  readonly isValid?: boolean;
  evaluate(): CeExpression;
  simplify(): CeExpression;
  N(): CeExpression;
  subs(values: Record<string, CeExpression>): CeExpression;
}
interface CeEngine {
  box(json: unknown): CeExpression;
  number(value: number): CeExpression;
  withTimeLimit<T>(ms: number, fn: () => T): T;
}

/** Wall-clock limit of one CE computation (the tutor pool allows a whole solve 3 s by default); a timeout skips the cross-check. */
let ceTimeLimitMs = 1500;

/**
 * Changes that limit. The cross-check tests raise it: they test agreement, and on a loaded machine a computation
 * that takes 300 ms on a quiet one can pass 1.5 s and be skipped (which is right in production: no answer is
 * marked checked by a check that did not run).
 */
export function setCrossCheckTimeLimit(ms: number): void {
  ceTimeLimitMs = ms;
}

let ceInstance: CeEngine | null = null;
let ceUnavailable = false;

/** @returns the shared compute-engine instance, loaded on first use; null if the library cannot be loaded */
const computeEngine = (): CeEngine | null => {
  if (ceInstance) return ceInstance;
  if (ceUnavailable) return null;
  try {
    // Lazy: ~300 ms to load, and only symbolic questions need it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
    const { ComputeEngine } = require('@cortex-js/compute-engine') as { ComputeEngine: new () => CeEngine };
    ceInstance = new ComputeEngine();
    return ceInstance;
  } catch {
    ceUnavailable = true;
    return null;
  }
};

/** Raised while translating to MathJSON when CE cannot take the input: the cross-check is skipped. */
class CeSkip extends Error {}

const FUNCTIONS: Record<string, string> = {
  sin: 'Sin',
  cos: 'Cos',
  tan: 'Tan',
  sec: 'Sec',
  csc: 'Csc',
  cot: 'Cot',
  asin: 'Arcsin',
  acos: 'Arccos',
  atan: 'Arctan',
  sinh: 'Sinh',
  cosh: 'Cosh',
  tanh: 'Tanh',
  sqrt: 'Sqrt',
  ln: 'Ln',
  exp: 'Exp',
  abs: 'Abs',
  factorial: 'Factorial',
};

const bigToJson = (n: bigint): unknown => {
  if (n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(n);
  return { num: n.toString() };
};

/** Our tree → MathJSON (our own translation: CE's parser never sees the student's text). */
export const toMathJson = (node: Node): unknown => {
  switch (node.k) {
    case 'num':
      return node.v.d === 1n ? bigToJson(node.v.n) : ['Rational', bigToJson(node.v.n), bigToJson(node.v.d)];
    case 'sym':
      if (node.name === 'pi') return 'Pi';
      if (node.name === 'e') return 'ExponentialE';
      if (node.name === 'i') return 'ImaginaryUnit';
      if (node.name === 'inf') return 'PositiveInfinity';
      if (!/^[a-zA-Z]$/.test(node.name)) throw new CeSkip(`symbol ${node.name}`);
      return node.name;
    case 'add':
      return ['Add', ...node.args.map(toMathJson)];
    case 'mul':
      return ['Multiply', ...node.args.map(toMathJson)];
    case 'neg':
      return ['Negate', toMathJson(node.arg)];
    case 'div':
      return ['Divide', toMathJson(node.a), toMathJson(node.b)];
    case 'pow':
      return ['Power', toMathJson(node.a), toMathJson(node.b)];
    case 'call': {
      const args = node.args.map(toMathJson);
      if (node.fn === 'log') return args.length === 2 ? ['Log', args[0], args[1]] : ['Log', args[0], 10];
      if (node.fn === 'log10') return ['Log', args[0], 10];
      if (node.fn === 'cbrt') return ['Root', args[0], 3];
      const name = FUNCTIONS[node.fn];
      if (!name || args.length !== 1) throw new CeSkip(`function ${node.fn}`);
      return [name, args[0]];
    }
    case 'rel':
      throw new CeSkip('relation');
  }
};

/** Heads that mean CE did not finish the job (an unevaluated operation, an error) or left our function set. */
const UNFINISHED =
  /"(Integrate|D|Derivative|Limit|Hold|Error|Erf|Erfi|Erfc|Gamma|LogGamma|Si|Ci|Ei|Li|PolyLog|LambertW|Nothing|Undefined|NaN|Sequence|Function|Block|Expand|Factor|Simplify|Sum|Product|Piecewise|Which|Hypergeometric\w*)"/;

const finished = (e: CeExpression): boolean => {
  if (e.isValid === false) return false;
  const text = JSON.stringify(e.json);
  return !UNFINISHED.test(text);
};

/** CE's numeric value of a CE expression with the variables replaced; null where it has no finite value. */
const ceValue = (ce: CeEngine, e: CeExpression, env: Readonly<Record<string, number>>): C | null => {
  const values: Record<string, CeExpression> = {};
  for (const [k, v] of Object.entries(env)) values[k] = ce.number(v);
  const n = e.subs(values).N();
  const re = n.re;
  const im = n.im;
  if (!Number.isFinite(re) || !Number.isFinite(im)) return null;
  return complex(re, im);
};

const isReal = (v: C): boolean => Math.abs(v.im) <= 1e-10 * Math.max(1, Math.abs(v.re));

/** Random sample points for the question, reproducible (seeded by the question), away from 0 and the integers. */
const samplePoints = (seed: string, names: readonly string[], count: number): Record<string, number>[] => {
  const random = seeded(`cross-check:${seed}`);
  const out: Record<string, number>[] = [];
  for (let k = 0; k < count; k++) {
    const env: Record<string, number> = {};
    for (const name of names) {
      const magnitude = 0.15 + 2.3 * random();
      env[name] = (k % 3 === 2 ? -1 : 1) * (Number.isInteger(magnitude) ? magnitude + 0.013 : magnitude);
    }
    out.push(env);
  }
  return out;
};

const envText = (env: Readonly<Record<string, number>>): string =>
  Object.entries(env)
    .map(([k, v]) => `${k} = ${Number(v.toPrecision(6))}`)
    .join(', ');

export type CrossIntent = 'derivative' | 'integral' | 'limit' | 'factor' | 'expand' | 'simplify';

export interface CrossInput {
  intent: CrossIntent;
  /** The question's expression (the function to differentiate, integrate, take the limit of, simplify…). */
  node: Node;
  /** Our result (for an indefinite integral: the antiderivative without `+ C`). */
  result: Node;
  variable: string;
  /** Bounds of a definite integral. */
  lower?: Node | undefined;
  upper?: Node | undefined;
  /** Point of a limit. */
  point?: Node | undefined;
  /** Seed of the random sample points (the question text). */
  seed: string;
}

const MIN_POINTS = 3;

/**
 * Compares CE's result with ours at random points: `upToConstant` allows a constant difference (antiderivatives;
 * one constant on each side of 0, since ln|x| and ln(x) may differ there). Points where either side has no real
 * value are skipped (branch conventions differ between systems); a disagreement needs real values on both sides.
 */
const compareAtPoints = (
  ce: CeEngine,
  theirs: CeExpression,
  ours: Node,
  seed: string,
  names: readonly string[],
  upToConstant: boolean,
): { passed: boolean; compared: number; detail: string } => {
  const offsets: Record<string, C | undefined> = {};
  let compared = 0;
  for (const env of samplePoints(seed, names, 10)) {
    let a: C;
    try {
      const cenv: Record<string, C> = {};
      for (const [k, v] of Object.entries(env)) cenv[k] = complex(v);
      a = evaluate(ours, cenv);
    } catch {
      continue;
    }
    const b = ceValue(ce, theirs, env);
    if (!b || !isReal(a) || !isReal(b) || !Number.isFinite(a.re)) continue;
    compared++;
    if (upToConstant) {
      const side = Object.values(env).some((v) => v < 0) ? 'negative' : 'positive';
      const diff = complex(a.re - b.re);
      const seen = offsets[side];
      if (!seen) offsets[side] = diff;
      else if (!close(diff, seen, 1e-7))
        return {
          passed: false,
          compared,
          detail: `at ${envText(env)} the two antiderivatives differ by ${fmt(diff)}, elsewhere by ${fmt(seen)}: more than a constant`,
        };
    } else if (!close(a, b, 1e-7)) {
      return {
        passed: false,
        compared,
        detail: `at ${envText(env)} compute-engine gives ${fmt(b)}, our answer gives ${fmt(a)}`,
      };
    }
  }
  return { passed: true, compared, detail: '' };
};

/** CE computes the question its own way; null when CE cannot (then there is nothing to compare). */
const ceCompute = (ce: CeEngine, input: CrossInput): CeExpression | null => {
  const f = toMathJson(input.node);
  const v = input.variable;
  switch (input.intent) {
    case 'derivative':
      return ce.box(['D', f, v]).evaluate();
    case 'integral':
      if (input.lower && input.upper)
        return ce.box(['Integrate', f, ['Limits', v, toMathJson(input.lower), toMathJson(input.upper)]]).N();
      return ce.box(['Integrate', f, v]).evaluate();
    case 'limit':
      if (!input.point) return null;
      return ce.box(['Limit', ['Function', f, v], toMathJson(input.point)]).evaluate();
    case 'factor':
      return ce.box(['Factor', f]).evaluate();
    case 'expand':
      return ce.box(['Expand', f]).evaluate();
    case 'simplify':
      return ce.box(f).simplify();
  }
};

const WHAT: Record<CrossIntent, string> = {
  derivative: 'derivative',
  integral: 'antiderivative',
  limit: 'limit',
  factor: 'factored form',
  expand: 'expanded form',
  simplify: 'simplified form',
};

/**
 * The cross-check of one symbolic result.
 * @returns a `cross-check` Check (passed or failed), or null when compute-engine cannot do this question
 */
export const crossCheck = (input: CrossInput): Check | null => {
  const ce = computeEngine();
  if (!ce) return null;
  try {
    return ce.withTimeLimit(ceTimeLimitMs, () => {
      const theirs = ceCompute(ce, input);
      if (!theirs || !finished(theirs)) return null;
      const definite = input.intent === 'integral' && input.lower !== undefined && input.upper !== undefined;
      if (input.intent === 'limit' || definite) {
        // A number on both sides: CE's (possibly numeric) value against ours.
        const b = ceValue(ce, theirs, {});
        if (!b || !isReal(b)) return null;
        let a: C;
        try {
          a = evaluate(input.result, {});
        } catch {
          return null;
        }
        const tol = input.intent === 'limit' ? 1e-6 : 1e-7;
        const passed = close(a, b, tol);
        return {
          kind: 'cross-check',
          passed,
          detail: passed
            ? `compute-engine agrees: it finds the ${definite ? 'integral' : 'limit'} ${fmt(b)} independently`
            : `compute-engine disagrees: it finds ${fmt(b)}, our answer is ${fmt(a)}`,
        };
      }
      const names = [...new Set([...variables(input.node), ...variables(input.result), input.variable])];
      const result = compareAtPoints(ce, theirs, input.result, input.seed, names, input.intent === 'integral');
      if (!result.passed)
        return { kind: 'cross-check', passed: false, detail: `compute-engine disagrees: ${result.detail}` };
      if (result.compared < MIN_POINTS) return null;
      return {
        kind: 'cross-check',
        passed: true,
        detail: `compute-engine agrees: its ${WHAT[input.intent]}${input.intent === 'integral' ? ' (up to a constant)' : ''} matches ours at ${result.compared} random points`,
      };
    });
  } catch {
    // CE threw, timed out, or could not read the input: its limitation, not a verdict on our answer.
    return null;
  }
};
