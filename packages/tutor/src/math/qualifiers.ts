/**
 * What the student asked about the answer's form (phrasing/qualifiers-of.ts), honoured after solving: "to 2 decimal
 * places" and "to 3 significant figures" give the answer rounded as asked, with a step that says so (the checks
 * stay those of the exact answer, which is what was checked); "exactly" / "in simplest form" refuse an answer that
 * is only a decimal approximation; "over the complex numbers" says which roots are complex. The engine finds
 * complex roots anyway, so nothing more is needed for it.
 */
import type { CheckResult } from '@studyease/contract';
import type { Qualifiers } from '../phrasing';
import { type Node, Unsupported } from './ast';
import { type Outcome, step } from './common';
import { type C, evaluate } from './evaluate';
import { gradePhrase, splitAnswers } from './grade';
import { parse } from './parse';

interface Rounding {
  /** Rounds one number as the student asked. */
  round: (value: number) => string;
  /** "to 2 decimal places". */
  said: string;
  /** The largest difference a right rounded answer can have from the exact value. */
  tolerance: (value: number) => number;
}

const roundingOf = (qualifiers: Qualifiers): Rounding | undefined => {
  const { decimals, significantFigures } = qualifiers;
  if (decimals !== undefined && decimals >= 0 && decimals <= 12)
    return {
      round: (v) => (Math.abs(v) < 0.5 * 10 ** -decimals ? (0).toFixed(decimals) : v.toFixed(decimals)),
      said: `to ${String(decimals)} decimal place${decimals === 1 ? '' : 's'}`,
      tolerance: () => 0.5 * 10 ** -decimals + 1e-12,
    };
  if (significantFigures !== undefined && significantFigures >= 1 && significantFigures <= 15)
    return {
      round: (v) => (v === 0 ? '0' : String(Number(v.toPrecision(significantFigures)))),
      said: `to ${String(significantFigures)} significant figure${significantFigures === 1 ? '' : 's'}`,
      tolerance: (v) =>
        v === 0 ? 1e-12 : 0.5 * 10 ** (Math.floor(Math.log10(Math.abs(v))) - significantFigures + 1) + 1e-12,
    };
  return undefined;
};

/** The value of a piece of an answer with no unknown in it, or null (a formula, `k any integer`, words). */
const valueOf = (text: string): C | null => {
  try {
    const node: Node = parse(text);
    if (node.k === 'rel') return null;
    return evaluate(node, {});
  } catch {
    return null;
  }
};

const roundComplex = (v: C, rounding: Rounding): string => {
  if (Math.abs(v.im) < 1e-12) return rounding.round(v.re);
  const im = rounding.round(Math.abs(v.im));
  const re = Math.abs(v.re) < 1e-12 ? '' : `${rounding.round(v.re)} `;
  return `${re}${v.im < 0 ? '-' : re ? '+' : ''}${re ? ' ' : ''}${im}*i`;
};

interface Part {
  name: string | undefined;
  exact: string;
  value: C;
}

/** An answer's parts ("x = sqrt(5)", "x = -sqrt(5)" or a bare value), each with its name and its value. */
const partsOf = (text: string): Part[] | null => {
  const parts: Part[] = [];
  for (const piece of splitAnswers(text)) {
    const m = /^([A-Za-z]\w*) ?= ?(.+)$/.exec(piece.trim());
    const exact = m ? (m[2] ?? '') : piece.trim();
    const value = valueOf(exact);
    if (!value) return null;
    parts.push({ name: m?.[1], exact, value });
  }
  return parts.length > 0 ? parts : null;
};

/** Numbers a student wrote ("x = 2.24, x = -2.24", "2.24 or -2.24"). */
const numbersIn = (text: string): number[] =>
  [...text.replace(/[−–]/g, '-').matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));

const rounded = (outcome: Outcome, rounding: Rounding): Outcome => {
  const parts = partsOf(outcome.answer.text);
  if (!parts) {
    return {
      ...outcome,
      steps: [
        ...outcome.steps,
        step(
          'Rounding',
          `This answer is not a number (it is ${outcome.answer.text}), so there is nothing to round ${rounding.said}.`,
        ),
      ],
    };
  }
  const shownParts = parts.map((p) => {
    const text = roundComplex(p.value, rounding);
    const same = Math.abs(Number(text) - p.value.re) < 1e-12 && Math.abs(p.value.im) < 1e-12;
    return { ...p, text, same };
  });
  const answerText = shownParts.map((p) => (p.name ? `${p.name} ${p.same ? '=' : '≈'} ${p.text}` : p.text)).join(', ');
  const explanation = shownParts.map((p) => `${p.exact} ${p.same ? '=' : '≈'} ${p.text}`).join('; ');
  const reals = parts.every((p) => Math.abs(p.value.im) < 1e-12) ? parts.map((p) => p.value.re) : null;
  const grade = (student: string): CheckResult => {
    const exact = outcome.grade(student);
    if (exact.correct || !reals) return exact;
    const given = numbersIn(student);
    const left = [...reals];
    const all =
      given.length === reals.length &&
      given.every((g) => {
        const i = left.findIndex((r) => Math.abs(g - r) <= rounding.tolerance(r));
        if (i < 0) return false;
        left.splice(i, 1);
        return true;
      });
    return all ? { correct: true, differences: [] } : exact;
  };
  return {
    ...outcome,
    answer: { text: answerText, latex: answerText.replace(/≈/g, '\\approx ').replace(/\*i/g, 'i') },
    steps: [
      ...outcome.steps,
      step(
        `Round ${rounding.said}`,
        `The exact answer is ${outcome.answer.text}. Rounded ${rounding.said}: ${explanation}.`,
      ),
    ],
    hints: [...outcome.hints, `Round the exact answer ${rounding.said} only at the very end.`],
    grade,
  };
};

const isComplex = (p: Part): boolean => Math.abs(p.value.im) > 1e-12;

/**
 * "Real solutions only": the complex roots come out of the answer, with a step that says which and why; none left
 * is "no real solution". The engine lists every root of a polynomial, complex ones too, so what is left is every
 * real root. The caller reads the new answer again with the second reader (math/index.ts).
 */
const realOnly = (outcome: Outcome): Outcome => {
  const parts = partsOf(outcome.answer.text);
  // Not a list of values (a general solution with k, a formula): nothing to take out.
  if (!parts) return outcome;
  if (!parts.some(isComplex)) {
    return {
      ...outcome,
      steps: [...outcome.steps, step('Real solutions', 'You asked for real solutions: every solution found is real.')],
    };
  }
  const real = parts.filter((p) => !isComplex(p));
  const complexText = parts
    .filter(isComplex)
    .map((p) => (p.name ? `${p.name} = ${p.exact}` : p.exact))
    .join(', ');
  if (real.length === 0)
    return {
      ...outcome,
      answer: { text: 'no real solution', latex: '\\text{no real solution}' },
      steps: [
        ...outcome.steps,
        step(
          'Only real solutions',
          `You asked for real solutions. The solutions ${complexText} contain i, so they are not real numbers: there is no real solution.`,
        ),
      ],
      hints: [...outcome.hints, 'A negative discriminant (b² − 4ac < 0) means no real solution.'],
      grade: (student) => gradePhrase('no real solution', student),
      similar: undefined,
    };
  const realText = real.map((p) => (p.name ? `${p.name} = ${p.exact}` : p.exact)).join(', ');
  return {
    ...outcome,
    answer: { text: realText, latex: realText },
    steps: [
      ...outcome.steps,
      step(
        'Only real solutions',
        `You asked for real solutions. ${complexText} contain i, so they are left out: the real solutions are ${realText}.`,
      ),
    ],
    // The real roots alone, as a list of the same values (the complex ones listed too would be wrong).
    grade: (student) => {
      const given = splitAnswers(student).map((piece) => valueOf(piece.replace(/^[A-Za-z]\w* ?= ?/, '')));
      const left = real.map((p) => p.value.re);
      const all =
        given.length === left.length &&
        given.every((g) => {
          if (!g || Math.abs(g.im) > 1e-9) return false;
          const i = left.findIndex((r) => Math.abs(g.re - r) < 1e-7 * Math.max(1, Math.abs(r)));
          if (i < 0) return false;
          left.splice(i, 1);
          return true;
        });
      return all
        ? { correct: true, differences: [] }
        : { correct: false, differences: [`the real solutions are ${realText}`] };
    },
    similar: undefined,
  };
};

/**
 * "The positive solution", "x > 0": the roots of that sign, with a step that says which were left out. An answer
 * that is not a list of values (a formula, an interval), or no root of that sign, is refused: the condition is
 * never dropped, and "no positive solution" has no independent check here.
 */
const signOnly = (outcome: Outcome, sign: 'positive' | 'negative', letter: string | undefined): Outcome => {
  const parts = partsOf(outcome.answer.text);
  if (!parts || (letter && parts.some((p) => p.name !== letter)))
    throw new Unsupported(`I could not apply the condition that the answer is ${sign} to this answer`);
  const keep = (p: Part): boolean => !isComplex(p) && (sign === 'positive' ? p.value.re > 0 : p.value.re < 0);
  const kept = parts.filter(keep);
  if (kept.length === 0) throw new Unsupported(`none of the solutions is ${sign}`);
  const text = kept.map((p) => (p.name ? `${p.name} = ${p.exact}` : p.exact)).join(', ');
  if (kept.length === parts.length) return outcome;
  const left = parts
    .filter((p) => !keep(p))
    .map((p) => (p.name ? `${p.name} = ${p.exact}` : p.exact))
    .join(', ');
  return {
    ...outcome,
    answer: { text, latex: text },
    steps: [
      ...outcome.steps,
      step(
        `Only the ${sign} solution${kept.length > 1 ? 's' : ''}`,
        `You asked for ${sign} solutions: ${left} is left out, so the answer is ${text}.`,
      ),
    ],
    grade: (student) => {
      const given = splitAnswers(student).map((piece) => valueOf(piece.replace(/^[A-Za-z]\w* ?= ?/, '')));
      const want = kept.map((p) => p.value.re);
      const all =
        given.length === want.length &&
        given.every((g) => {
          if (!g || Math.abs(g.im) > 1e-9) return false;
          const i = want.findIndex((r) => Math.abs(g.re - r) < 1e-7 * Math.max(1, Math.abs(r)));
          if (i < 0) return false;
          want.splice(i, 1);
          return true;
        });
      return all ? { correct: true, differences: [] } : { correct: false, differences: [`the answer is ${text}`] };
    },
    similar: undefined,
  };
};

/**
 * @param outcome - the engine's exact answer
 * @param qualifiers - what the student asked about its form
 * @returns the outcome with the answer in the form asked for (throws Unsupported when an exact answer was asked
 *   and only an approximation was found)
 */
export const withQualifiers = (outcome: Outcome, qualifiers: Qualifiers): Outcome => {
  if (qualifiers.exact && /≈|\d\.\d{4,}/.test(outcome.answer.text))
    throw new Unsupported('you asked for the exact answer, and I could only find a decimal approximation of it');
  const rounding = roundingOf(qualifiers);
  let base = qualifiers.real ? realOnly(outcome) : outcome;
  if (qualifiers.sign) base = signOnly(base, qualifiers.sign, qualifiers.signOf);
  let out = rounding ? rounded(base, rounding) : base;
  if (qualifiers.complex) {
    const hasComplex = /(^|[^a-z])i\b/.test(outcome.answer.text);
    out = {
      ...out,
      steps: [
        ...out.steps,
        step(
          'Over the complex numbers',
          hasComplex
            ? 'Complex roots are allowed, so the roots with i are part of the answer.'
            : 'Complex roots are allowed; here every root is a real number (real numbers are complex numbers too).',
        ),
      ],
    };
  }
  if (qualifiers.exact && !rounding)
    out = { ...out, steps: [...out.steps, step('Exact form', 'The answer is left exact, with no rounding.')] };
  return out;
};
