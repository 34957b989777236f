/**
 * Grades an engine's answer against the corpus's expected answer with mathjs and our own atom counter: nothing
 * here reuses the engines' readers, solvers or checks, so an answer is right only when an outside reading agrees.
 */
import { createRequire } from 'node:module';
import { atoms } from './chemistry.ts';
import type { Expected } from './problem.ts';

type MathJs = typeof import('mathjs');
const math = createRequire(import.meta.url)('mathjs') as MathJs;

export type Verdict = 'solved' | 'wrong' | 'unsupported';

export interface EngineAnswer {
  status: string;
  answer: { text: string } | null;
}

/** The answer's text as mathjs reads it: unicode operators and powers of ten made plain. */
function plain(text: string): string {
  return text
    .replace(/[−–]/g, '-')
    .replace(/\s*[×·]\s*10\^?\(?(-?\d+)\)?/g, 'e$1')
    .replace(/[×·]/g, '*')
    .replace(/π/g, 'pi')
    .replace(/√\(?([^)\s,]+)\)?/g, 'sqrt($1)')
    .replace(/²/g, '^2')
    .replace(/³/g, '^3')
    .trim();
}

const close = (actual: number, expected: number, relative: number): boolean =>
  Math.abs(actual - expected) <= Math.max(relative * Math.abs(expected), 1e-9);

/** Each `v = value` (or `v ≈ value`) of an answer such as "x = 2, x = 3" or "x = 2, y = 1". */
function assignments(text: string): Array<{ name: string; value: string }> {
  return plain(text)
    .split(/,\s*(?=[A-Za-z]\w*\s*[=≈])|;|\s+or\s+|\s+and\s+/)
    .map((part) => /^\s*([A-Za-z]\w*)\s*[=≈]\s*(.+?)\s*$/.exec(part))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ name: match[1] ?? '', value: (match[2] ?? '').replace(/°$/, '') }));
}

function evaluateNumber(expression: string): number | null {
  try {
    const value: unknown = math.evaluate(expression);
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    return null;
  } catch {
    return null;
  }
}

function sameSet(actual: number[], expected: readonly number[], tolerance: (a: number, e: number) => boolean): boolean {
  if (actual.length !== expected.length) return false;
  const left = [...actual];
  return expected.every((value) => {
    const index = left.findIndex((candidate) => tolerance(candidate, value));
    if (index === -1) return false;
    left.splice(index, 1);
    return true;
  });
}

/** The first quantity of an answer ("1079.1 J", "666.7 kg/m^3 (≈ 700 kg/m^3 …)") converted to `unit`. */
function quantityIn(text: string, unit: string): number | null {
  const head = plain(text).split(/\(|≈|;|,\s|\bto\b/)[0] ?? '';
  const match = /^\s*(-?\d+(?:\.\d+)?(?:e-?\d+)?)\s*(.*?)\s*$/.exec(head);
  if (!match) return null;
  const unitText = (match[2] ?? '').replace(/\s+/g, ' ');
  try {
    if (unitText === '') return unit === '' ? Number(match[1]) : null;
    return math.unit(Number(match[1]), unitText).toNumber(unit);
  } catch {
    return null;
  }
}

interface Species {
  coefficient: number;
  formula: string;
}

function side(text: string): Species[] {
  return text.split(/\s+\+\s+/).map((term) => {
    const match = /^\s*(\d*)\s*(.+?)\s*$/.exec(term);
    return { coefficient: match?.[1] ? Number(match[1]) : 1, formula: (match?.[2] ?? '').replace(/[·*.]/g, '·') };
  });
}

function balancedRight(text: string, reactants: readonly string[], products: readonly string[]): boolean {
  const parts = text.split(/\s*(?:->|→|=)\s*/);
  if (parts.length !== 2) return false;
  const left = side(parts[0] ?? '');
  const right = side(parts[1] ?? '');
  const norm = (list: readonly string[]) =>
    list
      .map((f) => f.replace(/[·*.]/g, '·'))
      .sort()
      .join(' ');
  if (norm(left.map((s) => s.formula)) !== norm(reactants) || norm(right.map((s) => s.formula)) !== norm(products))
    return false;
  const count = (list: Species[]) => {
    const total = new Map<string, number>();
    for (const { coefficient, formula } of list) {
      for (const [element, n] of atoms(formula)) total.set(element, (total.get(element) ?? 0) + n * coefficient);
    }
    return total;
  };
  const l = count(left);
  const r = count(right);
  if (l.size !== r.size || [...l].some(([element, n]) => r.get(element) !== n)) return false;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return [...left, ...right].map((s) => s.coefficient).reduce(gcd) === 1;
}

/** @returns whether the engine's answer text says what the expected answer says */
export function isRight(text: string, expected: Expected): boolean {
  switch (expected.kind) {
    case 'roots': {
      const values = assignments(text)
        .filter((a) => a.name === expected.variable)
        .map((a) => evaluateNumber(a.value));
      if (values.some((value) => value === null)) return false;
      const decimals = expected.decimals;
      const tolerance =
        decimals === undefined
          ? (a: number, e: number) => close(a, e, 1e-9)
          : (a: number, e: number) => Math.abs(a - e) <= 0.6 * 10 ** -decimals;
      return sameSet(values as number[], expected.values, tolerance);
    }
    case 'complex-roots': {
      const values = assignments(text)
        .filter((a) => a.name === expected.variable)
        .map((a) => {
          try {
            return math.complex(math.evaluate(a.value) as number);
          } catch {
            return null;
          }
        });
      if (values.length !== expected.values.length || values.some((value) => value === null)) return false;
      return expected.values.every(([re, im]) =>
        values.some((value) => value !== null && close(value.re, re, 1e-9) && close(value.im, im, 1e-9)),
      );
    }
    case 'system': {
      const found = assignments(text);
      return Object.entries(expected.values).every(([name, value]) => {
        const match = found.find((a) => a.name === name);
        const actual = match ? evaluateNumber(match.value) : null;
        return actual !== null && close(actual, value, 1e-9);
      });
    }
    case 'number': {
      const cleaned = plain(text)
        .replace(/^[A-Za-z]\w*\s*=\s*/, '')
        .replace(/[%$€£]/g, '')
        .replace(/\s*(molecules|particles|percent)\b.*/, '');
      const value = evaluateNumber(cleaned);
      return value !== null && close(value, expected.value, 1e-4);
    }
    case 'quantity': {
      const value = quantityIn(text.replace(/^[A-Za-z]\w*\s*=\s*/, ''), expected.unit);
      return value !== null && close(value, expected.value, 1e-3);
    }
    case 'expression': {
      const answer = plain(text).replace(/^[A-Za-z]\w*(\(x\))?'?\s*=\s*/, '');
      const target = expected.expression.startsWith('derivative(')
        ? math.derivative(expected.expression.slice('derivative('.length, -1), expected.variable).toString()
        : expected.expression;
      try {
        return [0.37, 1.21, 2.03, -0.83, 2.9].every((x) => {
          const scope = { [expected.variable]: x };
          const a = math.evaluate(answer, scope) as unknown;
          const e = math.evaluate(target, scope) as unknown;
          return typeof a === 'number' && typeof e === 'number' && close(a, e, 1e-7);
        });
      } catch {
        return false;
      }
    }
    case 'balanced':
      return balancedRight(plain(text), expected.reactants, expected.products);
  }
}

export function grade(answer: EngineAnswer, expected: Expected): Verdict {
  if (answer.status !== 'solved' || !answer.answer) return 'unsupported';
  return isRight(answer.answer.text, expected) ? 'solved' : 'wrong';
}
