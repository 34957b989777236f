/**
 * Checks an answer written by someone else (an AI model) WITHOUT solving the question: the candidate's values are
 * substituted into the ORIGINAL equations with the engine's own evaluator, and a candidate derivative is compared
 * with a finite-difference derivative of the original function. The check can fail (a wrong root fails with the
 * values that show it); anything it cannot read is "no check" (null), never a pass.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import type { Check } from '@studyease/contract';
import { type Node, InvalidInput, Unsupported, variables } from './ast';
import { type C, Undefined, close, complex, evalReal, evaluate, magnitude } from './evaluate';
import { fmt, seeded } from './common';
import { splitAnswers } from './grade';
import { parse } from './parse';
import { toText } from './print';

const tryParse = (text: string): Node | null => {
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof InvalidInput || error instanceof Unsupported || error instanceof RangeError) return null;
    throw error;
  }
};

/** Removes answer decoration a model may add: `Answer:`, a final period, braces, `≈`. */
const clean = (text: string): string =>
  text
    .trim()
    .replace(/^(the\s+)?(final\s+)?(answer|solutions?|roots?)\s*(is|are|:)\s*:?\s*/i, '')
    .replace(/\.\s*$/, '')
    .replace(/^\{(.*)\}$/s, '$1')
    .replace(/≈|~=/g, '=')
    .trim();

/** Half a unit in the last place of a decimal value (`1.414` → 0.0005): how far a rounded answer may be off. */
const roundingOf = (valueText: string): number => {
  const m = /^\s*[-+]?\d*\.(\d+)\s*$/.exec(valueText);
  return m ? 0.5 * 10 ** -m[1]!.length : 0;
};

interface Assignment {
  name: string;
  value: C;
  text: string;
  rounding: number;
}

/**
 * Reads `x = 2, x = 3`, `x = 1, y = 2`, `x = 2 or x = 3`, or bare values `2, 3` (one unknown) into solution sets:
 * a new set starts when a name repeats. @returns null when any part cannot be read as a value
 */
const readAssignments = (answerText: string, unknowns: readonly string[]): Assignment[][] | null => {
  const parts = splitAnswers(clean(answerText));
  if (parts.length === 0) return null;
  const sets: Assignment[][] = [];
  let current: Assignment[] = [];
  for (const part of parts) {
    const node = tryParse(part);
    if (!node) return null;
    let name: string;
    let valueNode: Node;
    let valueText: string;
    if (node.k === 'rel') {
      if (node.op !== '=' || node.a.k !== 'sym') return null;
      name = node.a.name;
      valueNode = node.b;
      valueText = part.slice(part.indexOf('=') + 1);
    } else {
      if (unknowns.length !== 1) return null;
      name = unknowns[0]!;
      valueNode = node;
      valueText = part;
    }
    if (variables(valueNode).length > 0) return null;
    let value: C;
    try {
      value = evaluate(valueNode, {});
    } catch (error) {
      if (error instanceof Undefined) return null;
      throw error;
    }
    if (current.some((a) => a.name === name)) {
      sets.push(current);
      current = [];
    }
    current.push({ name, value, text: `${name} = ${valueText.trim()}`, rounding: roundingOf(valueText) });
  }
  sets.push(current);
  return sets;
};

/** left - right of an equation, with the values of its unknowns. */
const residual = (equation: Node & { k: 'rel' }, env: Readonly<Record<string, C>>): { l: C; r: C } => ({
  l: evaluate(equation.a, env),
  r: evaluate(equation.b, env),
});

/**
 * How far from zero the residual may be: rounding of the evaluator, plus, for a rounded decimal answer, the change
 * of the residual over half a unit in the last place (its numeric partial derivative times that half unit).
 */
const tolerance = (
  equation: Node & { k: 'rel' },
  env: Record<string, C>,
  set: readonly Assignment[],
  scale: number,
) => {
  let allowed = 1e-9 * scale;
  for (const a of set) {
    if (a.rounding === 0) continue;
    const h = 1e-6 * Math.max(1, magnitude(a.value));
    try {
      const up = residual(equation, { ...env, [a.name]: complex(a.value.re + h, a.value.im) });
      const down = residual(equation, { ...env, [a.name]: complex(a.value.re - h, a.value.im) });
      const slope =
        Math.hypot(up.l.re - up.r.re - (down.l.re - down.r.re), up.l.im - up.r.im - (down.l.im - down.r.im)) / (2 * h);
      allowed += 1.05 * slope * a.rounding; // linear estimate, a little slack for curvature
    } catch {
      // Undefined next to the value: no allowance.
    }
  }
  return allowed;
};

/**
 * Substitutes a candidate answer into the original equation(s).
 * @returns the check, or null when the answer cannot be read as values of the unknowns
 */
export const checkEquationCandidate = (
  equations: readonly (Node & { k: 'rel' })[],
  answerText: string,
): Check | null => {
  const unknowns = [...new Set(equations.flatMap((e) => variables(e)))];
  if (unknowns.length === 0) return null;
  const sets = readAssignments(answerText, unknowns);
  if (!sets) return null;
  const accepted: string[] = [];
  for (const set of sets) {
    const label = set.map((a) => a.text).join(', ');
    const stranger = set.find((a) => !unknowns.includes(a.name));
    if (stranger)
      return {
        kind: 'candidate-substitution',
        passed: false,
        detail: `${stranger.name} is not an unknown of the question`,
      };
    const missing = unknowns.filter((u) => !set.some((a) => a.name === u));
    if (missing.length)
      return { kind: 'candidate-substitution', passed: false, detail: `${label}: no value for ${missing.join(', ')}` };
    const env: Record<string, C> = {};
    for (const a of set) env[a.name] = a.value;
    for (const equation of equations) {
      let l: C;
      let r: C;
      try {
        ({ l, r } = residual(equation, env));
      } catch (error) {
        if (!(error instanceof Undefined)) throw error;
        return {
          kind: 'candidate-substitution',
          passed: false,
          detail: `${label}: ${toText(equation)} is undefined there (outside the domain)`,
        };
      }
      const scale = Math.max(1, magnitude(l), magnitude(r));
      const off = Math.hypot(l.re - r.re, l.im - r.im);
      if (!(off <= tolerance(equation, env, set, scale)) && !close(l, r, 1e-9))
        return {
          kind: 'candidate-substitution',
          passed: false,
          detail: `${label} does not satisfy ${toText(equation)}: left side ${fmt(l)}, right side ${fmt(r)}`,
        };
    }
    accepted.push(label);
  }
  const rounded = sets.some((set) => set.some((a) => a.rounding > 0));
  return {
    kind: 'candidate-substitution',
    passed: true,
    detail: `substituted into the original equation${equations.length > 1 ? 's' : ''}: ${accepted.join('; ')} ${accepted.length > 1 ? 'each satisfy' : 'satisfies'} ${equations.length > 1 ? 'every equation' : 'it'}${rounded ? ' within the rounding of the decimals given' : ''} (completeness of the answer is not checked)`,
  };
};

/**
 * Compares a candidate derivative with a central finite difference of the original function at random points.
 * @returns the check, or null when the candidate cannot be read or too few points can be compared
 */
export const checkDerivativeCandidate = (f: Node, v: string, answerText: string, seed: string): Check | null => {
  let text = clean(answerText);
  if ((text.match(/=/g) ?? []).length === 1) text = text.slice(text.indexOf('=') + 1);
  const g = tryParse(text);
  if (!g || g.k === 'rel') return null;
  const others = variables(f).filter((n) => n !== v);
  if (variables(g).some((n) => n !== v && !others.includes(n))) return null;
  const random = seeded(`candidate:${seed}`);
  let compared = 0;
  for (let k = 0; k < 12 && compared < 7; k++) {
    const x = (k % 3 === 2 ? -1 : 1) * (0.15 + 2.3 * random());
    const env: Record<string, number> = {};
    for (const n of others) env[n] = 0.5 + random();
    const h = 1e-5 * Math.max(1, Math.abs(x));
    let expected: number;
    try {
      expected = (evalReal(f, { ...env, [v]: x + h }) - evalReal(f, { ...env, [v]: x - h })) / (2 * h);
    } catch {
      continue;
    }
    if (!Number.isFinite(expected)) continue;
    let got: number;
    try {
      got = evalReal(g, { ...env, [v]: x });
    } catch {
      return {
        kind: 'candidate-derivative',
        passed: false,
        detail: `the candidate is undefined at ${v} = ${fmt(complex(x))}, where the derivative is ${fmt(complex(expected))}`,
      };
    }
    compared++;
    if (!(Math.abs(expected - got) <= 1e-5 * Math.max(1, Math.abs(expected))))
      return {
        kind: 'candidate-derivative',
        passed: false,
        detail: `at ${v} = ${fmt(complex(x))}: finite difference ${fmt(complex(expected))}, candidate ${fmt(complex(got))}`,
      };
  }
  if (compared < 3) return null;
  return {
    kind: 'candidate-derivative',
    passed: true,
    detail: `agrees with a finite-difference derivative of the original function at ${compared} random points`,
  };
};
