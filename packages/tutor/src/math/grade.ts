/**
 * check(): compares a student's answer with the engine's by value, never by spelling, so `x=3/2` equals `1.5`,
 * `2(x+1)` equals `2x+2`, and the order of roots does not matter.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import type { CheckResult } from '@studyease/contract';
import { type Node, InvalidInput, Unsupported, variables } from './ast';
import { type C, Undefined, close, complex, evaluate } from './evaluate';
import { fmt } from './common';
import { parse } from './parse';

const ok: CheckResult = { correct: true, differences: [] };
const wrong = (...differences: string[]): CheckResult => ({ correct: false, differences });

const tryParse = (text: string): Node | null => {
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof InvalidInput || error instanceof Unsupported) return null;
    throw error;
  }
};

/** Splits `x = 2, x = 3`, `x=2 or x=3`, `2; 3` into parts (top-level commas only). */
export const splitAnswers = (text: string): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  // `(\S)` first: tried once per run of spaces, not from each space (quadratic on a long run).
  const s = text.replace(/(\S)\s+(or|and)\s+/gi, '$1,');
  for (const ch of s) {
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') depth--;
    if ((ch === ',' || ch === ';') && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
};

const normalizeWords = (s: string): string => s.toLowerCase().replace(/[^a-z]/g, '');

/** Grades phrase answers such as `no solution`, `all real numbers`. */
export const gradePhrase = (expected: string, student: string): CheckResult =>
  normalizeWords(student).includes(normalizeWords(expected)) ||
  (normalizeWords(expected).includes(normalizeWords(student)) && normalizeWords(student).length > 3)
    ? ok
    : wrong(`the answer is "${expected}", not "${student.trim()}"`);

/** Grades a set of values for one variable (roots) against the expected values, as a multiset. */
export const gradeRoots = (variable: string, expected: readonly C[], student: string, phrase?: string): CheckResult => {
  if (phrase) return gradePhrase(phrase, student);
  const values: C[] = [];
  for (const part of splitAnswers(student)) {
    const node = tryParse(part);
    if (!node) return wrong(`"${part}" could not be read as a value`);
    let valueNode: Node = node;
    if (node.k === 'rel') {
      if (node.op !== '=' || node.a.k !== 'sym' || node.a.name !== variable) {
        return wrong(`"${part}" should have the form ${variable} = value`);
      }
      valueNode = node.b;
    }
    if (variables(valueNode).length > 0) return wrong(`"${part}" still contains a variable`);
    try {
      values.push(evaluate(valueNode, {}));
    } catch (error) {
      if (error instanceof Undefined) return wrong(`"${part}" has no value`);
      throw error;
    }
  }
  const remaining = [...expected];
  const differences: string[] = [];
  for (const v of values) {
    const index = remaining.findIndex((e) => close(e, v, 1e-7));
    if (index >= 0) remaining.splice(index, 1);
    else differences.push(`${variable} = ${fmt(v)} is not a solution`);
  }
  for (const e of remaining) differences.push(`a solution is missing (${variable} ≈ ${fmt(e)})`);
  return differences.length ? wrong(...differences) : ok;
};

/** Grades `x = 1, y = 2` against expected values per variable. */
export const gradeAssignments = (expected: Readonly<Record<string, C>>, student: string): CheckResult => {
  const seen: Record<string, C> = {};
  for (const part of splitAnswers(student)) {
    const node = tryParse(part);
    if (!node || node.k !== 'rel' || node.op !== '=' || node.a.k !== 'sym')
      return wrong(`"${part}" should have the form name = value`);
    try {
      seen[node.a.name] = evaluate(node.b, {});
    } catch {
      return wrong(`"${part}" has no value`);
    }
  }
  const differences: string[] = [];
  for (const [name, value] of Object.entries(expected)) {
    const got = seen[name];
    if (!got) differences.push(`${name} is missing`);
    else if (!close(got, value, 1e-7)) differences.push(`${name} should be ${fmt(value)}, not ${fmt(got)}`);
  }
  return differences.length ? wrong(...differences) : ok;
};

/**
 * Grades an expression against the expected one by evaluating both at sample points (equivalent forms agree
 * everywhere); `upToConstant` accepts any antiderivative (they may differ by a constant).
 */
export const gradeExpression = (
  expected: Node,
  student: string,
  options: { upToConstant?: boolean } = {},
): CheckResult => {
  let text = student.trim();
  if (options.upToConstant) text = text.replace(/\+\s*C\s*$/, '');
  let node = tryParse(text);
  if (!node) return wrong(`"${student.trim()}" could not be read as an expression`);
  if (node.k === 'rel' && node.op === '=' && node.a.k === 'sym' && !variables(node.b).includes(node.a.name)) {
    node = node.b; // `y = 2x + 2` or `f'(x) = …` style
  }
  const names = [...new Set([...variables(expected), ...variables(node)])].filter(
    (n) => !(options.upToConstant && n === 'C'),
  );
  const points = [0.37, 1.21, 2.03, -0.61, 0.83, 1.67];
  let offset: C | null = null;
  let compared = 0;
  for (const p of points) {
    const env: Record<string, C> = {};
    names.forEach((n, k) => (env[n] = complex(p + 0.13 * k)));
    let e: C;
    let s: C;
    try {
      e = evaluate(expected, env);
    } catch {
      continue;
    }
    try {
      s = evaluate(node, env);
    } catch {
      return wrong(
        `your expression is undefined at ${names.map((n) => `${n} = ${fmt(env[n]!)}`).join(', ')} where the answer is not`,
      );
    }
    compared++;
    if (options.upToConstant) {
      const diff = complex(s.re - e.re, s.im - e.im);
      if (!offset) offset = diff;
      else if (!close(diff, offset, 1e-7))
        return wrong('your antiderivative differs from a correct one by more than a constant');
    } else if (!close(e, s, 1e-7)) {
      const at = names.length ? ` at ${names.map((n) => `${n} = ${fmt(env[n]!)}`).join(', ')}` : '';
      return wrong(`your answer gives ${fmt(s)}${at}, the correct answer gives ${fmt(e)}`);
    }
  }
  return compared > 0 ? ok : wrong('the answers could not be compared');
};
