/**
 * A line of working read with mathjs, apart from the engine's own parser: its relation (`=`, `<`, `≤`, …), its two
 * sides, their variables, their values at a point, and, when a side is a polynomial in one unknown, its
 * coefficients. check-step compares the student's line with the question through these.
 */
import type { MathNode } from 'mathjs';
import { splitAnswers } from '../math/grade';
import { prepare } from '../math/prepare';
import { forMathjs, mathjs } from '../math/second-reader';
import { rephrase } from '../phrasing';

export type Op = '=' | '<' | '>' | '<=' | '>=';

export interface Relation {
  op: Op;
  left: MathNode;
  right: MathNode;
}

/** The relations a line holds, as the student joined them: `x < 2 or x > 3` is two alternatives. */
export interface Line {
  /** Alternatives joined by "or"; each is a chain of relations that must all hold (`-2 < x < 3`). */
  alternatives: Relation[][];
  /** The line in the engine's calculator syntax, for solving it with the engine. */
  text: string;
  variables: string[];
}

/** Names mathjs knows as constants, never unknowns. */
const CONSTANTS = new Set(['pi', 'e', 'i', 'E', 'PI']);
const OPS: readonly Op[] = ['<=', '>=', '=', '<', '>'];

/** A line split at its relational operators, outside brackets: `-2 < x < 3` → `-2`, `<`, `x`, `<`, `3`. */
const splitRelations = (text: string): { sides: string[]; ops: Op[] } => {
  const sides: string[] = [];
  const ops: Op[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charAt(i);
    if (ch === '(' || ch === '[') depth += 1;
    if (ch === ')' || ch === ']') depth -= 1;
    const op = depth === 0 ? OPS.find((o) => text.startsWith(o, i)) : undefined;
    if (op === undefined) {
      current += ch;
      continue;
    }
    sides.push(current.trim());
    ops.push(op);
    current = '';
    i += op.length - 1;
  }
  sides.push(current.trim());
  return { sides, ops };
};

/**
 * The unknowns of a parsed side: symbols that are neither function names nor constants. (mathjs types `parent`
 * as a node, but it is null at the root.)
 */
const symbolsOf = (node: MathNode): string[] =>
  node
    .filter(
      (n, path, parent) =>
        n.type === 'SymbolNode' && !((parent as MathNode | null)?.type === 'FunctionNode' && path === 'fn'),
    )
    .map((n) => (n as MathNode & { name: string }).name)
    .filter((name) => !CONSTANTS.has(name));

/**
 * Reads a question or a student's line in the engine's phrasing (unicode minus, "equals", "solve … please") and
 * then with mathjs.
 * @param text - what the student typed (or the question)
 * @returns the line, or undefined when it is not relations between readable expressions (or it asks a derivative,
 *   an integral, a percentage, a restricted interval: not a line of equation working)
 */
export function readLine(text: string): Line | undefined {
  const read = rephrase(text);
  if (read.percentage !== undefined || read.interval !== undefined) return undefined;
  const prepared = prepare(read.text);
  if (prepared.intent !== 'auto') return undefined;
  const body = prepared.body.trim();
  const math = mathjs();
  const alternatives: Relation[][] = [];
  const variables = new Set<string>();
  // "x < 2 or x > 3": alternatives; commas, semicolons and "and" join relations that must all hold.
  // `(\S)` first, as in splitAnswers: tried once per run of spaces, not from each space (quadratic on a long run).
  for (const part of body.replace(/(\S)\s+or\s+/giu, '$1\u0001').split('\u0001')) {
    const chain: Relation[] = [];
    for (const piece of splitAnswers(part.replace(/\n/gu, ';'))) {
      const { sides, ops } = splitRelations(forMathjs(piece));
      if (ops.length === 0) return undefined;
      let nodes: MathNode[];
      try {
        nodes = sides.map((side) => math.parse(side));
      } catch {
        return undefined;
      }
      nodes.forEach((node) => symbolsOf(node).forEach((name) => variables.add(name)));
      ops.forEach((op, index) => {
        const left = nodes[index];
        const right = nodes[index + 1];
        if (left !== undefined && right !== undefined) chain.push({ op, left, right });
      });
    }
    if (chain.length === 0) return undefined;
    alternatives.push(chain);
  }
  return { alternatives, text: body, variables: [...variables].sort() };
}

/** The relations of a line that is one chain (no "or"), else undefined. */
export const relationsOf = (line: Line): Relation[] | undefined =>
  line.alternatives.length === 1 ? line.alternatives[0] : undefined;

/** A value as mathjs computes it: a real number, or a complex one for `x = i`. */
export type Value = number | { re: number; im: number };

const toComplex = (value: unknown): { re: number; im: number } | undefined => {
  if (typeof value === 'number') return { re: value, im: 0 };
  if (typeof value === 'object' && value !== null && 're' in value && 'im' in value) {
    const { re, im } = value;
    if (typeof re === 'number' && typeof im === 'number') return { re, im };
  }
  return undefined;
};

/**
 * @param node - a side
 * @param scope - the unknowns' values
 * @returns the side's value, or undefined where it is not defined (a zero denominator, a log of 0) or not a number
 */
export function valueAt(
  node: MathNode,
  scope: Readonly<Record<string, Value>>,
): { re: number; im: number } | undefined {
  const math = mathjs();
  const mathScope: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(scope))
    mathScope[name] = typeof value === 'number' ? value : math.complex(value.re, value.im);
  try {
    const result = toComplex(node.compile().evaluate(mathScope));
    if (result === undefined || !Number.isFinite(result.re) || !Number.isFinite(result.im)) return undefined;
    return result;
  } catch {
    return undefined;
  }
}

const size = (z: { re: number; im: number }): number => Math.hypot(z.re, z.im);

/** Two values equal up to rounding (relative to their size). */
export const same = (a: { re: number; im: number }, b: { re: number; im: number }): boolean =>
  size({ re: a.re - b.re, im: a.im - b.im }) <= 1e-9 * Math.max(1, size(a), size(b));

/**
 * @returns true when the relation holds at the point, false when it does not, undefined where a side is undefined
 *   (an ordering relation at a complex point is undefined too)
 */
export function holdsAt(relation: Relation, scope: Readonly<Record<string, Value>>): boolean | undefined {
  const left = valueAt(relation.left, scope);
  const right = valueAt(relation.right, scope);
  if (left === undefined || right === undefined) return undefined;
  if (relation.op === '=') return same(left, right);
  if (Math.abs(left.im) > 1e-12 || Math.abs(right.im) > 1e-12) return undefined;
  const equal = same(left, right);
  switch (relation.op) {
    case '<':
      return left.re < right.re && !equal;
    case '>':
      return left.re > right.re && !equal;
    case '<=':
      return left.re < right.re || equal;
    case '>=':
      return left.re > right.re || equal;
  }
}

/** Whether a whole line holds at a point: one of its alternatives holds entirely. */
export function lineHoldsAt(line: Line, scope: Readonly<Record<string, Value>>): boolean | undefined {
  let undefinedSomewhere = false;
  for (const chain of line.alternatives) {
    const results = chain.map((relation) => holdsAt(relation, scope));
    if (results.every((r) => r === true)) return true;
    if (results.some((r) => r === undefined)) undefinedSomewhere = true;
  }
  return undefinedSomewhere ? undefined : false;
}

/**
 * The coefficients of a side minus the other (`left − right`), lowest power first, when it is a polynomial in the
 * unknown (no unknown in a denominator); undefined otherwise.
 */
export function polynomialOf(left: MathNode, right: MathNode, variable: string): number[] | undefined {
  const math = mathjs();
  try {
    const difference = new math.OperatorNode('-', 'subtract', [left, new math.ParenthesisNode(right)]);
    const variables = symbolsOf(difference);
    if (variables.some((name) => name !== variable)) return undefined;
    if (variables.length === 0) {
      const value = valueAt(difference, {});
      return value === undefined || value.im !== 0 ? undefined : [value.re];
    }
    const result = math.rationalize(difference, {}, true) as unknown as {
      coefficients: number[];
      denominator: MathNode | null;
    };
    if (result.denominator !== null || result.coefficients.length === 0) return undefined;
    return result.coefficients;
  } catch {
    return undefined;
  }
}

/** A side on its own as a polynomial (the other side 0). */
export const sideOf = (node: MathNode, variable: string): number[] | undefined =>
  polynomialOf(node, mathjs().parse('0'), variable);

/** The top-level terms of a side with their signs: `4x + 3` → `4x`, `3`; `2x − (x + 1)` → `2x`, `−(x + 1)`. */
export function termsOf(node: MathNode): MathNode[] {
  const math = mathjs();
  const inner = node.type === 'ParenthesisNode' ? (node as MathNode & { content: MathNode }).content : node;
  if (inner.type === 'OperatorNode') {
    const operator = inner as MathNode & { fn: string; args: MathNode[] };
    const [a, b] = operator.args;
    if (operator.fn === 'add' && a !== undefined && b !== undefined) return [...termsOf(a), ...termsOf(b)];
    if (operator.fn === 'subtract' && a !== undefined && b !== undefined)
      return [...termsOf(a), ...termsOf(b).map((t) => new math.OperatorNode('-', 'unaryMinus', [t]))];
  }
  return [inner];
}

/** Drops trailing zero coefficients (float noise included), so degrees compare. */
export const trimmed = (p: readonly number[]): number[] => {
  const out = [...p];
  const scale = Math.max(1, ...p.map(Math.abs));
  while (out.length > 0 && Math.abs(out.at(-1) ?? 0) <= 1e-12 * scale) out.pop();
  return out;
};

/** p = k·q for some k ≠ 0 (both non-zero): the two have the same roots, the same line up to a factor. */
export function proportional(p: readonly number[], q: readonly number[]): boolean {
  const a = trimmed(p);
  const b = trimmed(q);
  if (a.length !== b.length || a.length === 0) return false;
  const lead = b.length - 1;
  const k = (a[lead] ?? 0) / (b[lead] ?? 1);
  const scale = Math.max(1, ...a.map(Math.abs));
  return a.every((value, index) => Math.abs(value - k * (b[index] ?? 0)) <= 1e-9 * scale);
}

export const degreeOf = (p: readonly number[]): number => trimmed(p).length - 1;
