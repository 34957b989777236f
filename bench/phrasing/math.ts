import type { Family } from './problem.ts';
import type { Random } from './random.ts';
import { polynomial, SOLVE_WORDS, styled } from './write.ts';

/** Variables students use; `x` most often. */
const VARIABLES = ['x', 'x', 'x', 'y', 't', 'n', 'a', 'm'] as const;

/** ax + b = cx + d with an integer solution, every coefficient chosen at random. */
function linear(random: Random): { text: string; variable: string; root: number } {
  const variable = random.pick(VARIABLES);
  const root = random.int(-9, 12);
  const a = random.intNot(-6, 9, [0]);
  const c = random.intNot(-4, 5, [a]);
  const b = random.int(-15, 15);
  const d = (a - c) * root + b;
  const left = polynomial([a, b], variable);
  const right = c === 0 ? String(d) : polynomial([c, d], variable);
  const bracket = random.int(0, 3) === 0 && b % a === 0 && b !== 0;
  const leftText = bracket ? `${a === 1 ? '' : a === -1 ? '-' : String(a)}(${polynomial([1, b / a], variable)})` : left;
  return { text: `${leftText} = ${right}`, variable, root };
}

/** A quadratic with two integer roots, or a double root. */
function quadratic(random: Random): { coefficients: number[]; variable: string; roots: number[] } {
  const variable = random.pick(['x', 'x', 'x', 'y', 't'] as const);
  const r1 = random.int(-8, 8);
  const r2 = random.int(-8, 8);
  const k = random.pick([1, 1, 1, 2, 3, -1]);
  return { coefficients: [k, -k * (r1 + r2), k * r1 * r2], variable, roots: [...new Set([r1, r2])] };
}

const instructionLinear: Family = {
  name: 'linear equation, instruction words',
  tool: 'math-solver',
  about: 'a linear equation with instruction words before or after, typos of a phone included',
  make(random) {
    const { text, variable, root } = linear(random);
    const math = styled(text, random);
    const word = random.pick(SOLVE_WORDS);
    const question = random.pick([
      `${word} ${math}`,
      `${word} for ${variable}: ${math}`,
      `${math}, solve for ${variable}`,
      `${math} solve for ${variable}`,
      `find ${variable} if ${math}`,
      `what is ${variable} when ${math}?`,
      `${word} ${math} please`,
      `Find the value of ${variable}: ${math}.`,
      `${math}. What is ${variable}?`,
      `help me solve ${math}`,
    ]);
    return { question, expected: { kind: 'roots', variable, values: [root] } };
  },
};

const quadraticWords: Family = {
  name: 'quadratic, roots in words',
  tool: 'math-solver',
  about: '"roots of", "zeros of", "solutions of", "solve … = 0" with instruction words',
  make(random) {
    const { coefficients, variable, roots } = quadratic(random);
    const poly = styled(polynomial(coefficients, variable), random);
    const question = random.pick([
      `find the roots of ${poly}`,
      `roots of ${poly} = 0`,
      `what are the solutions of ${poly} = 0?`,
      `${random.pick(SOLVE_WORDS)} ${poly} = 0`,
      `find the zeros of f(${variable}) = ${poly}`,
      `find the zeros of ${poly}`,
      `solve the quadratic equation ${poly} = 0`,
      `${poly} = 0, find ${variable}`,
      `for which ${variable} is ${poly} = 0?`,
    ]);
    return { question, expected: { kind: 'roots', variable, values: roots } };
  },
};

/** A sum of a few simple terms, written for the question and for mathjs. */
function termsFor(random: Random): { text: string; math: string } {
  const a = random.int(2, 6);
  const n = random.int(2, 4);
  const b = random.int(1, 9);
  const choice = random.int(0, 4);
  if (choice === 0)
    return { text: `${String(a)}x^${String(n)} + ${String(b)}x`, math: `${String(a)}*x^${String(n)} + ${String(b)}*x` };
  if (choice === 1) return { text: `x^${String(n)} sin x`, math: `x^${String(n)} * sin(x)` };
  if (choice === 2)
    return { text: `${String(a)}x^2 - ${String(b)}x + 1`, math: `${String(a)}*x^2 - ${String(b)}*x + 1` };
  if (choice === 3) return { text: `x cos x`, math: 'x*cos(x)' };
  return { text: `e^(${String(a)}x)`, math: `exp(${String(a)}*x)` };
}

const derivativeWords: Family = {
  name: 'derivative in words',
  tool: 'math-solver',
  about: '"derivative of", "differentiate … with respect to x", "d/dx", "f\'(x) if f(x) = …"',
  make(random) {
    const { text, math } = termsFor(random);
    const question = random.pick([
      `derivative of ${text}`,
      `what's the derivative of ${text}`,
      `what is the derivative of ${text}?`,
      `find the derivative of ${text}`,
      `differentiate ${text}`,
      `differentiate ${text} with respect to x`,
      `d/dx ${text}`,
      `d/dx of ${text}`,
      `find f'(x) if f(x) = ${text}`,
      `Find dy/dx when y = ${text}`,
    ]);
    return { question, expected: { kind: 'expression', variable: 'x', expression: `derivative(${math})` } };
  },
};

const integralWords: Family = {
  name: 'definite integral in words',
  tool: 'math-solver',
  about: '"integral of … from a to b", "integrate … between", "area under y = … from"',
  make(random) {
    const a = random.int(1, 5);
    const c = random.int(0, 6);
    const low = random.int(0, 2);
    const high = low + random.int(1, 3);
    const text = c === 0 ? `${String(a)}x^2` : `${String(a)}x^2 + ${String(c)}`;
    const value = (a * (high ** 3 - low ** 3)) / 3 + c * (high - low);
    const question = random.pick([
      `integral of ${text} from ${String(low)} to ${String(high)}`,
      `integrate ${text} from ${String(low)} to ${String(high)}`,
      `integrate ${text} dx from x = ${String(low)} to x = ${String(high)}`,
      `find the integral of ${text} between ${String(low)} and ${String(high)}`,
      `what is the definite integral of ${text} from ${String(low)} to ${String(high)}?`,
      `evaluate the integral of ${text} from ${String(low)} to ${String(high)}`,
      `area under y = ${text} from x = ${String(low)} to x = ${String(high)}`,
    ]);
    return { question, expected: { kind: 'number', value } };
  },
};

const limitWords: Family = {
  name: 'limit in words',
  tool: 'math-solver',
  about: '"limit of … as x approaches a", "lim x→a", "as x goes to"',
  make(random) {
    const a = random.int(1, 6);
    const k = random.int(2, 7);
    const kind = random.int(0, 2);
    const [text, value, at] =
      kind === 0
        ? [`(x^2 - ${String(a * a)})/(x - ${String(a)})`, 2 * a, String(a)]
        : kind === 1
          ? [`sin(${String(k)}x)/x`, k, '0']
          : [`(x^2 + ${String(k)}x)/x`, k, '0'];
    const question = random.pick([
      `limit of ${text} as x approaches ${at}`,
      `find the limit of ${text} as x approaches ${at}`,
      `what is the limit as x goes to ${at} of ${text}?`,
      `lim x->${at} ${text}`,
      `lim x→${at} of ${text}`,
      `evaluate the limit of ${text} as x tends to ${at}`,
    ]);
    return { question, expected: { kind: 'number', value } };
  },
};

const combineFractions: Family = {
  name: 'combine into one fraction',
  tool: 'math-solver',
  about: '"combine into one fraction", "add the fractions", "simplify" with a colon',
  make(random) {
    const a = random.int(1, 5);
    const b = random.intNot(1, 6, [a]);
    const p = random.int(1, 4);
    const q = random.int(1, 4);
    const text = `${String(p)}/(x + ${String(a)}) + ${String(q)}/(x + ${String(b)})`;
    const question = random.pick([
      `combine into one fraction: ${text}`,
      `combine ${text} into a single fraction`,
      `write as one fraction: ${text}`,
      `add the fractions ${text}`,
      `simplify: ${text}`,
      `express ${text} as a single fraction`,
    ]);
    return { question, expected: { kind: 'expression', variable: 'x', expression: text } };
  },
};

const qualifiers: Family = {
  name: 'qualifiers',
  tool: 'math-solver',
  about: '"exactly", "in simplest form", "over the complex numbers", "to 2 decimal places"',
  make(random) {
    const variable = 'x';
    const n = random.pick([2, 3, 5, 6, 7, 10, 11, 13]);
    const kind = random.int(0, 3);
    if (kind === 2) {
      const m = random.int(1, 9);
      const question = random.pick([
        `solve x^2 + ${String(m * m)} = 0 over the complex numbers`,
        `solve x^2 + ${String(m * m)} = 0 in the complex numbers`,
        `find the complex roots of x^2 + ${String(m * m)}`,
      ]);
      return {
        question,
        expected: {
          kind: 'complex-roots',
          variable,
          values: [
            [0, m],
            [0, -m],
          ],
        },
      };
    }
    const roots = [Math.sqrt(n), -Math.sqrt(n)];
    if (kind === 3) {
      const question = random.pick([
        `solve x^2 = ${String(n)} to 2 decimal places`,
        `solve x^2 - ${String(n)} = 0, give your answer to 2 decimal places`,
        `solve x^2 = ${String(n)}, round to 2 dp`,
      ]);
      return { question, expected: { kind: 'roots', variable, values: roots, decimals: 2 } };
    }
    const question =
      kind === 0
        ? random.pick([`solve x^2 = ${String(n)} exactly`, `find the exact solutions of x^2 = ${String(n)}`])
        : random.pick([
            `solve x^2 - ${String(n)} = 0 and give the answer in simplest form`,
            `solve x^2 = ${String(n)} in simplest form`,
          ]);
    return { question, expected: { kind: 'roots', variable, values: roots } };
  },
};

const systemsOneLine: Family = {
  name: 'system on one line',
  tool: 'math-solver',
  about: 'two equations on one line joined by "and", a comma or a semicolon, with instruction words',
  make(random) {
    const x = random.int(-6, 9);
    const y = random.int(-6, 9);
    const a = random.intNot(-4, 5, [0]);
    const b = random.intNot(-4, 5, [0]);
    let c = random.intNot(-4, 5, [0]);
    let d = random.intNot(-4, 5, [0]);
    if (a * d - b * c === 0) {
      c = a;
      d = -b;
    }
    const e1 = `${polynomial([a, 0], 'x')} ${b < 0 ? '-' : '+'} ${Math.abs(b) === 1 ? '' : String(Math.abs(b))}y = ${String(a * x + b * y)}`;
    const e2 = `${polynomial([c, 0], 'x')} ${d < 0 ? '-' : '+'} ${Math.abs(d) === 1 ? '' : String(Math.abs(d))}y = ${String(c * x + d * y)}`;
    const s1 = styled(e1, random);
    const s2 = styled(e2, random);
    const question = random.pick([
      `${s1} and ${s2}`,
      `solve ${s1} and ${s2}`,
      `solve the system ${s1}, ${s2}`,
      `${s1}; ${s2}`,
      `solve simultaneously: ${s1}, ${s2}`,
      `find x and y if ${s1} and ${s2}`,
      `solve the simultaneous equations ${s1} and ${s2}`,
    ]);
    return { question, expected: { kind: 'system', values: { x, y } } };
  },
};

const percentages: Family = {
  name: 'percentages in words',
  tool: 'math-solver',
  about: 'percent of, what percent, increase/decrease by, percentage change, reverse percentages',
  make(random) {
    const kind = random.int(0, 5);
    const base = random.int(2, 40) * 10;
    const rate = random.pick([5, 10, 12, 15, 20, 25, 30, 40, 50, 75]);
    if (kind === 0) {
      return {
        question: random.pick([
          `what is ${String(rate)}% of ${String(base)}?`,
          `${String(rate)}% of ${String(base)}`,
          `find ${String(rate)} percent of ${String(base)}`,
        ]),
        expected: { kind: 'number', value: (rate * base) / 100 },
      };
    }
    if (kind === 1) {
      const part = (rate * base) / 100;
      return {
        question: random.pick([
          `${String(part)} is what percent of ${String(base)}?`,
          `what percentage of ${String(base)} is ${String(part)}?`,
        ]),
        expected: { kind: 'number', value: rate },
      };
    }
    if (kind === 2) {
      return {
        question: random.pick([
          `increase ${String(base)} by ${String(rate)}%`,
          `what is ${String(base)} increased by ${String(rate)}%?`,
        ]),
        expected: { kind: 'number', value: (base * (100 + rate)) / 100 },
      };
    }
    if (kind === 3) {
      return {
        question: random.pick([
          `decrease ${String(base)} by ${String(rate)}%`,
          `reduce ${String(base)} by ${String(rate)} percent`,
        ]),
        expected: { kind: 'number', value: (base * (100 - rate)) / 100 },
      };
    }
    if (kind === 4) {
      // Integers divided once, so the question never prints float noise (187, not 187.00000000000003).
      const after = (base * (100 + rate)) / 100;
      return {
        question: random.pick([
          `a price goes from ${String(base)} to ${String(after)}. what is the percentage increase?`,
          `percentage change from ${String(base)} to ${String(after)}`,
          `by what percent did it increase from ${String(base)} to ${String(after)}?`,
        ]),
        expected: { kind: 'number', value: rate },
      };
    }
    const sale = (base * (100 - rate)) / 100;
    return {
      question: random.pick([
        `after a ${String(rate)}% discount a jacket costs ${String(sale)}. what was the original price?`,
        `a shirt costs ${String(sale)} after ${String(rate)}% off. find the original price`,
        `${String(sale)} is the price after a ${String(rate)}% reduction. what was the price before?`,
      ]),
      expected: { kind: 'number', value: base },
    };
  },
};

/** Standard angles: sin, cos and tan values with their solutions in [0, 2π). */
const TRIG = [
  { equation: 'sin(x) = 1/2', solutions: [Math.PI / 6, (5 * Math.PI) / 6] },
  { equation: 'sin x = 1/2', solutions: [Math.PI / 6, (5 * Math.PI) / 6] },
  { equation: '2sin(x) = 1', solutions: [Math.PI / 6, (5 * Math.PI) / 6] },
  { equation: 'cos(x) = 1/2', solutions: [Math.PI / 3, (5 * Math.PI) / 3] },
  { equation: '2cos x - 1 = 0', solutions: [Math.PI / 3, (5 * Math.PI) / 3] },
  { equation: 'tan(x) = 1', solutions: [Math.PI / 4, (5 * Math.PI) / 4] },
  { equation: 'sin(x) = 0', solutions: [0, Math.PI] },
  { equation: 'cos(x) = -1', solutions: [Math.PI] },
  { equation: 'sin(x) = -1/2', solutions: [(7 * Math.PI) / 6, (11 * Math.PI) / 6] },
  { equation: 'cos(x) = 0', solutions: [Math.PI / 2, (3 * Math.PI) / 2] },
] as const;

const trigEquations: Family = {
  name: 'trigonometric equation in an interval',
  tool: 'math-solver',
  about: 'sin/cos/tan equations with solutions in [0, 2π) or [0°, 360°)',
  make(random) {
    const { equation, solutions } = random.pick(TRIG);
    const degrees = random.int(0, 2) === 0;
    const interval = degrees
      ? random.pick(['for 0 ≤ x < 360°', 'for 0° <= x < 360°', 'between 0 and 360 degrees'])
      : random.pick(['for 0 ≤ x < 2π', 'for 0 <= x < 2pi', 'on [0, 2π)', 'in the interval 0 ≤ x < 2π']);
    const question = random.pick([
      `solve ${equation} ${interval}`,
      `find all x ${interval} with ${equation}`,
      `${equation}, ${interval}`,
    ]);
    return {
      question,
      expected: {
        kind: 'roots',
        variable: 'x',
        values: degrees ? solutions.map((value) => (value * 180) / Math.PI) : [...solutions],
      },
    };
  },
};

/** Fractions as answers: the root of a linear equation that does not come out whole. */
const fractionRoots: Family = {
  name: 'linear equation, fractional answer',
  tool: 'math-solver',
  about: 'linear equations whose answer is a fraction, with words and unicode',
  make(random) {
    const a = random.intNot(2, 9, []);
    const b = random.int(-12, 12);
    const c = random.intNot(-12, 12, [b]);
    const root = (c - b) / a;
    const text = styled(`${polynomial([a, b], 'x')} = ${String(c)}`, random);
    const question = random.pick([
      `${random.pick(SOLVE_WORDS)} ${text}`,
      `find x: ${text}`,
      text,
      `solve for x ${text}`,
    ]);
    return { question, expected: { kind: 'roots', variable: 'x', values: [root] } };
  },
};

const NUMBER_WORDS: Record<number, string> = {
  1: 'one',
  2: 'two',
  3: 'three',
  4: 'four',
  5: 'five',
  6: 'six',
  7: 'seven',
  8: 'eight',
  9: 'nine',
  10: 'ten',
};

const mathInWords: Family = {
  name: 'maths in words',
  tool: 'math-solver',
  about: '"x squared", "the square root of", "times", "divided by", "equals", "minus"',
  make(random) {
    const kind = random.int(0, 3);
    if (kind === 0) {
      const n = random.int(2, 20);
      return {
        question: random.pick([
          `what is the square root of ${String(n * n)}`,
          `square root of ${String(n * n)}`,
          `sqrt of ${String(n * n)}?`,
        ]),
        expected: { kind: 'number', value: n },
      };
    }
    if (kind === 1) {
      const a = random.int(2, 12);
      const b = random.int(2, 12);
      const c = random.pick([1, 2, 3, 4, 6].filter((d) => (a * b) % d === 0));
      return {
        question: random.pick([
          `${String(a)} times ${String(b)} divided by ${String(c)}`,
          `what is ${String(a)} times ${String(b)} divided by ${String(c)}?`,
        ]),
        expected: { kind: 'number', value: (a * b) / c },
      };
    }
    if (kind === 2) {
      const r = random.int(1, 9);
      return {
        question: random.pick([
          `solve x squared minus ${String(r * r)} equals 0`,
          `x squared equals ${String(r * r)}, find x`,
          `solve x squared = ${String(r * r)}`,
        ]),
        expected: { kind: 'roots', variable: 'x', values: [r, -r] },
      };
    }
    const root = random.int(1, 10);
    const a = random.int(2, 9);
    const b = random.int(1, 9);
    return {
      question: random.pick([
        `${NUMBER_WORDS[a] ?? String(a)} times x plus ${String(b)} equals ${String(a * root + b)}`,
        `${String(a)} times x plus ${String(b)} equals ${String(a * root + b)}`,
        `solve ${String(a)}x plus ${String(b)} equals ${String(a * root + b)}`,
      ]),
      expected: { kind: 'roots', variable: 'x', values: [root] },
    };
  },
};

export const MATH_FAMILIES: readonly Family[] = [
  instructionLinear,
  fractionRoots,
  quadraticWords,
  derivativeWords,
  integralWords,
  limitWords,
  combineFractions,
  qualifiers,
  systemsOneLine,
  percentages,
  trigEquations,
  mathInWords,
];
