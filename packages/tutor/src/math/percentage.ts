/**
 * Percentage questions in words (read by the phrasing layer into a Percentage): percent of, what percent, increase
 * or decrease by, percentage change, reverse percentages. Exact rational arithmetic, and steps as a teacher writes
 * them: one operation per step, on the student's own numbers, so that every "a × b = c" shown can be redone with
 * a calculator. The check recomputes the question forwards from the answer in floating point (the reverse of
 * the steps), so it shares no arithmetic with them.
 */
import type { Step } from '@studyease/contract';
import type { Percentage } from '../phrasing';
import * as R from '../rational';
import type { Q } from '../rational';
import { Unsupported } from './ast';
import { type Outcome, randInt, step } from './common';
import { gradeExpression } from './grade';

/** A value as the student reads it: exact decimals as they are, others to 4 decimal places with "≈". */
const shown = (v: Q): { text: string; exact: boolean } => {
  const decimal = R.toTerminatingDecimal(v);
  if (decimal !== null && decimal.length <= 14) return { text: decimal, exact: true };
  return { text: String(Number(R.toNumber(v).toFixed(4))), exact: false };
};
const show = (v: Q): string => shown(v).text;
/** "=" when the value shown is exact, "≈" when it is rounded. */
const is = (v: Q): string => (shown(v).exact ? '=' : '≈');

const read = (text: string): Q => {
  const v = R.parseDecimal(text);
  if (!v) throw new Unsupported(`"${text}" is not a number I can use here`);
  return v;
};

const HUNDRED = R.q(100);

interface Worked {
  value: Q;
  steps: Step[];
  /** The question worked forwards from the answer, in floating point: true when it gives the student's numbers. */
  forwards: (answer: number) => boolean;
  hints: string[];
  similar: (random: () => number) => string;
}

const near = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/** p% as a decimal, one step. */
const asDecimal = (rate: Q): { decimal: Q; step: Step } => {
  const decimal = R.div(rate, HUNDRED);
  return {
    decimal,
    step: step(
      'Write the percentage as a decimal',
      `${show(rate)}% means ${show(rate)} out of 100: ${show(rate)} ÷ 100 ${is(decimal)} ${show(decimal)}.`,
    ),
  };
};

/**
 * part ÷ whole as a percentage, in two steps of one operation each. Divide first when the quotient is a short
 * decimal (12 ÷ 80 = 0.15, then × 100); otherwise multiply first (−12 × 100 = −1200, then ÷ 92 ≈ −13.0435), so
 * that no step works on a rounded number and every step shown adds up on a calculator.
 */
const asPercentOf = (part: Q, whole: Q, divideTitle: string): { value: Q; steps: Step[] } => {
  const fraction = R.div(part, whole);
  const value = R.mul(fraction, HUNDRED);
  if (shown(fraction).exact)
    return {
      value,
      steps: [
        step(divideTitle, `${show(part)} ÷ ${show(whole)} = ${show(fraction)}.`),
        step('Turn it into a percentage', `Multiply by 100: ${show(fraction)} × 100 ${is(value)} ${show(value)}.`),
      ],
    };
  const hundredfold = R.mul(part, HUNDRED);
  return {
    value,
    steps: [
      step('Multiply by 100 to work in percent', `${show(part)} × 100 = ${show(hundredfold)}.`),
      step(divideTitle, `${show(hundredfold)} ÷ ${show(whole)} ${is(value)} ${show(value)}.`),
    ],
  };
};

const work = (p: Percentage): Worked => {
  switch (p.kind) {
    case 'of': {
      const rate = read(p.rate);
      const amount = read(p.amount);
      const { decimal, step: first } = asDecimal(rate);
      const value = R.mul(decimal, amount);
      return {
        value,
        steps: [
          first,
          step(
            'Multiply by the amount',
            `"Of" means multiply: ${show(decimal)} × ${show(amount)} ${is(value)} ${show(value)}.`,
          ),
        ],
        forwards: (answer) => near((answer / R.toNumber(amount)) * 100, R.toNumber(rate)),
        hints: [
          'This is a percentage of an amount: write the percentage as a decimal (divide by 100).',
          '"Of" means multiply that decimal by the amount.',
        ],
        similar: (random) =>
          `what is ${String(randInt(random, 1, 19) * 5)}% of ${String(randInt(random, 2, 40) * 10)}?`,
      };
    }
    case 'what-percent': {
      const part = read(p.part);
      const whole = read(p.whole);
      if (R.isZero(whole)) throw new Unsupported('a percentage of 0 is not defined');
      const { value, steps } = asPercentOf(part, whole, 'Divide the part by the whole');
      return {
        value,
        steps: [...steps, step('Say what it means', `${show(part)} is ${show(value)}% of ${show(whole)}.`)],
        forwards: (answer) => near((answer / 100) * R.toNumber(whole), R.toNumber(part)),
        hints: [
          'This asks what percentage one number is of another: divide the part by the whole.',
          'Multiply by 100 to get a percentage.',
        ],
        similar: (random) => {
          const whole2 = randInt(random, 2, 40) * 10;
          return `${String((whole2 * randInt(random, 1, 19) * 5) / 100)} is what percent of ${String(whole2)}?`;
        },
      };
    }
    case 'change-by': {
      const amount = read(p.amount);
      const rate = read(p.rate);
      const up = p.direction === 'up';
      const { decimal, step: first } = asDecimal(rate);
      const change = R.mul(decimal, amount);
      const value = up ? R.add(amount, change) : R.sub(amount, change);
      return {
        value,
        steps: [
          first,
          step(
            `Find ${show(rate)}% of ${show(amount)}`,
            `${show(decimal)} × ${show(amount)} ${is(change)} ${show(change)}.`,
          ),
          step(
            up ? 'Add the increase' : 'Take away the decrease',
            `${show(amount)} ${up ? '+' : '−'} ${show(change)} ${is(value)} ${show(value)}.`,
          ),
        ],
        forwards: (answer) =>
          near(((answer - R.toNumber(amount)) / R.toNumber(amount)) * 100, (up ? 1 : -1) * R.toNumber(rate)),
        hints: [
          'This is a percentage increase or decrease: find the percentage of the amount first.',
          up ? 'Add it to the amount.' : 'Take it away from the amount.',
        ],
        similar: (random) =>
          `${up ? 'increase' : 'decrease'} ${String(randInt(random, 2, 40) * 10)} by ${String(randInt(random, 1, 9) * 5)}%`,
      };
    }
    case 'percent-change': {
      const from = read(p.from);
      const to = read(p.to);
      if (R.isZero(from)) throw new Unsupported('a percentage change from 0 is not defined');
      const difference = R.sub(to, from);
      const { value: change, steps } = asPercentOf(difference, from, 'Divide by the original amount');
      const down = R.sign(change) < 0;
      const size = down ? R.neg(change) : change;
      // "What is the percentage decrease?" asks for the size of the decrease (15, not −15); a change is signed.
      const sizeAsked = down && p.asked === 'decrease';
      const value = sizeAsked ? size : change;
      return {
        value,
        steps: [
          step('Find the change', `New minus old: ${show(to)} − ${show(from)} = ${show(difference)}.`),
          ...steps,
          step(
            'Say what it means',
            `A change of ${show(change)}% is a ${show(size)}% ${down ? 'decrease' : 'increase'}` +
              (p.asked === 'decrease' && !down ? ': the amount went up, not down.' : '.'),
          ),
        ],
        forwards: (answer) => near(R.toNumber(from) * (1 + ((sizeAsked ? -1 : 1) * answer) / 100), R.toNumber(to)),
        hints: [
          'This is a percentage change: find the change, new minus old.',
          'Divide it by the original amount.',
          'Multiply by 100.',
        ],
        similar: (random) => {
          const base = randInt(random, 2, 40) * 10;
          return `percentage change from ${String(base)} to ${String((base * (100 + randInt(random, 1, 9) * 5)) / 100)}`;
        },
      };
    }
    case 'whole': {
      const part = read(p.part);
      const rate = read(p.rate);
      if (R.isZero(rate)) throw new Unsupported('0% of any number is 0, so the number cannot be found');
      const { decimal, step: first } = asDecimal(rate);
      const value = R.div(part, decimal);
      return {
        value,
        steps: [
          first,
          step(
            'Write it as an equation',
            `${show(rate)}% of the number is ${show(part)}: number × ${show(decimal)} = ${show(part)}.`,
          ),
          step(
            'Divide both sides by the decimal',
            `number = ${show(part)} ÷ ${show(decimal)} ${is(value)} ${show(value)}.`,
          ),
        ],
        forwards: (answer) => near((answer * R.toNumber(rate)) / 100, R.toNumber(part)),
        hints: [
          'This asks for the whole from a part and its percentage: write the percentage as a decimal.',
          'The number times that decimal is the part you were given.',
          'Divide the part by the decimal.',
        ],
        similar: (random) => {
          const rate2 = randInt(random, 1, 9) * 10;
          return `${String((rate2 * randInt(random, 2, 30) * 10) / 100)} is ${String(rate2)}% of what number?`;
        },
      };
    }
    case 'as-percent': {
      const slash = p.value.indexOf('/');
      if (slash >= 0) {
        const top = read(p.value.slice(0, slash));
        const bottom = read(p.value.slice(slash + 1));
        if (R.isZero(bottom)) throw new Unsupported('a fraction with 0 at the bottom has no value');
        const { value, steps } = asPercentOf(top, bottom, 'Divide the top by the bottom');
        return {
          value,
          steps: [...steps, step('Say what it means', `${p.value} is ${show(value)}%.`)],
          forwards: (answer) => near((answer / 100) * R.toNumber(bottom), R.toNumber(top)),
          hints: ['This is a fraction to write as a percentage: divide the top by the bottom.', 'Multiply by 100.'],
          similar: (random) => `${String(randInt(random, 1, 3))}/${String(randInt(random, 4, 8))} as a percentage`,
        };
      }
      const decimal = read(p.value);
      const value = R.mul(decimal, HUNDRED);
      return {
        value,
        steps: [
          step(
            'Multiply by 100',
            `Per cent means out of 100: ${show(decimal)} × 100 = ${show(value)}, so ${show(decimal)} is ${show(value)}%.`,
          ),
        ],
        forwards: (answer) => near(answer / 100, R.toNumber(decimal)),
        hints: [
          'This is a decimal to write as a percentage: per cent means out of 100.',
          'Multiply the decimal by 100.',
        ],
        similar: (random) => `convert 0.${String(randInt(random, 11, 99))} to a percentage`,
      };
    }
    case 'reverse': {
      const result = read(p.result);
      const rate = read(p.rate);
      const up = p.direction === 'up';
      const multiplierPercent = up ? R.add(HUNDRED, rate) : R.sub(HUNDRED, rate);
      if (R.sign(multiplierPercent) <= 0)
        throw new Unsupported(`a decrease of ${show(rate)}% leaves nothing to work back from`);
      const multiplier = R.div(multiplierPercent, HUNDRED);
      const value = R.div(result, multiplier);
      return {
        value,
        steps: [
          step(
            'Say what percentage of the original is left',
            `The original is 100%. After a ${show(rate)}% ${up ? 'increase' : 'decrease'} it is 100% ${up ? '+' : '−'} ${show(rate)}% = ${show(multiplierPercent)}% of the original.`,
          ),
          step(
            'Write that percentage as a decimal',
            `${show(multiplierPercent)} ÷ 100 ${is(multiplier)} ${show(multiplier)}, so original × ${show(multiplier)} = ${show(result)}.`,
          ),
          step(
            'Divide both sides by the multiplier',
            `original = ${show(result)} ÷ ${show(multiplier)} ${is(value)} ${show(value)}.`,
          ),
        ],
        forwards: (answer) => near(answer * (1 + ((up ? 1 : -1) * R.toNumber(rate)) / 100), R.toNumber(result)),
        hints: [
          `This is a reverse percentage: the amount after the change is ${up ? 'more' : 'less'} than 100% of the original.`,
          'Write that percentage as a decimal multiplier.',
          'Divide the amount after the change by the multiplier (never take the percentage of the new amount).',
        ],
        similar: (random) => {
          const base = randInt(random, 2, 40) * 10;
          const r = randInt(random, 1, 9) * 5;
          return `after a ${String(r)}% ${up ? 'increase' : 'discount'} the price is ${String((base * (up ? 100 + r : 100 - r)) / 100)}. what was the original price?`;
        },
      };
    }
    case 'chain':
      return chain(p);
  }
};

const capitalised = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const ORDINAL = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

/**
 * Changes one after another. The amount at the end: each change worked on the amount so far (its decimal, the
 * part, then add or take away). The overall change: each change as a multiplier (100% ± p%, then ÷ 100), the
 * multipliers multiplied, then compared with 100%. One operation per step, the student's numbers.
 */
const chain = (p: Percentage & { kind: 'chain' }): Worked => {
  const changes = p.changes.map((c) => ({ rate: read(c.rate), up: c.direction === 'up' }));
  const factors = changes.map((c) => 1 + ((c.up ? 1 : -1) * R.toNumber(c.rate)) / 100);
  const product = factors.reduce((a, b) => a * b, 1);
  const words = (c: { rate: Q; up: boolean }): string => `${show(c.rate)}% ${c.up ? 'increase' : 'decrease'}`;
  const steps: Step[] = [];
  const similar = (random: () => number): string =>
    `a price rises ${String(randInt(random, 1, 9) * 5)}% and then falls ${String(randInt(random, 1, 9) * 5)}%. what is the overall percentage change?`;
  if (p.asked === 'final') {
    if (p.amount === undefined) throw new Unsupported('say what amount the changes start from');
    const amount = read(p.amount);
    let current = amount;
    changes.forEach((c, i) => {
      const { decimal, step: first } = asDecimal(c.rate);
      const part = R.mul(decimal, current);
      const next = c.up ? R.add(current, part) : R.sub(current, part);
      steps.push(
        { ...first, title: `${capitalised(ORDINAL[i] ?? 'next')} change (${words(c)}): write it as a decimal` },
        step(
          `Find ${show(c.rate)}% of ${show(current)}`,
          `${show(decimal)} × ${show(current)} ${is(part)} ${show(part)}.`,
        ),
        step(
          c.up ? 'Add the increase' : 'Take away the decrease',
          `${show(current)} ${c.up ? '+' : '−'} ${show(part)} ${is(next)} ${show(next)}.`,
        ),
      );
      current = next;
    });
    return {
      value: current,
      steps,
      // Backwards from the answer: undo each change in floating point, and the starting amount comes back.
      forwards: (answer) => near(answer / product, R.toNumber(amount)),
      hints: [
        'This is a chain of percentage changes: work one change at a time, on the amount you have after the change before it.',
        'Never add the percentages: the second change is a percentage of the new amount.',
      ],
      similar: (random) =>
        `increase ${String(randInt(random, 2, 40) * 10)} by ${String(randInt(random, 1, 9) * 5)}% and then by ${String(randInt(random, 1, 9) * 5)}%`,
    };
  }
  const multipliers = changes.map((c, i) => {
    const percent = c.up ? R.add(HUNDRED, c.rate) : R.sub(HUNDRED, c.rate);
    if (R.sign(percent) < 0) throw new Unsupported(`a decrease of ${show(c.rate)}% takes away more than everything`);
    const multiplier = R.div(percent, HUNDRED);
    steps.push(
      step(
        `${capitalised(ORDINAL[i] ?? 'next')} change as a percentage of what it was`,
        `A ${words(c)} leaves 100% ${c.up ? '+' : '−'} ${show(c.rate)}% = ${show(percent)}%.`,
      ),
      step('Write it as a multiplier', `${show(percent)} ÷ 100 ${is(multiplier)} ${show(multiplier)}.`),
    );
    return multiplier;
  });
  let combined = multipliers[0] ?? R.q(1);
  for (const m of multipliers.slice(1)) {
    const next = R.mul(combined, m);
    steps.push(
      step(
        'Multiply the multipliers',
        `One change after the other: ${show(combined)} × ${show(m)} ${is(next)} ${show(next)}.`,
      ),
    );
    combined = next;
  }
  const asPercent = R.mul(combined, HUNDRED);
  const change = R.sub(asPercent, HUNDRED);
  const down = R.sign(change) < 0;
  const size = down ? R.neg(change) : change;
  const sizeAsked = down && p.decrease === true;
  steps.push(
    step('Turn it into a percentage', `${show(combined)} × 100 ${is(asPercent)} ${show(asPercent)}%.`),
    step('Compare with the 100% you started from', `${show(asPercent)} − 100 ${is(change)} ${show(change)}.`),
    step(
      'Say what it means',
      R.isZero(change)
        ? 'Overall there is no change.'
        : `Overall it is a ${show(size)}% ${down ? 'decrease' : 'increase'}` +
            (p.decrease && !down ? ': the amount went up, not down.' : '.'),
    ),
  );
  return {
    value: sizeAsked ? size : change,
    steps,
    // Forwards: each change applied in turn to 100 in floating point ends at 100 + the overall change.
    forwards: (answer) =>
      near(
        factors.reduce((amount, f) => amount * f, 100),
        100 + (sizeAsked ? -answer : answer),
      ),
    hints: [
      'This is a chain of percentage changes: write each change as a multiplier, 100% plus or minus the percentage, divided by 100.',
      'Multiply the multipliers: the changes happen one after the other, so the percentages do not simply add.',
      'Compare the result with 100%.',
    ],
    similar,
  };
};

/**
 * @param percentage - the question read by the phrasing layer
 * @returns the outcome: the answer, one step per operation, a forwards check, hints and practice; `exact` is the
 *   exact value (a fraction when the answer shown is rounded), for a second reader to compare
 */
export const solvePercentage = (percentage: Percentage): Outcome & { exact: string } => {
  const worked = work(percentage);
  const { text, exact } = shown(worked.value);
  const forwards = worked.forwards(R.toNumber(worked.value));
  return {
    kind: 'percentage',
    exact: R.toFraction(worked.value),
    // The bare number (the engine's answers are bare values; "15%" would read as 0.15 to a calculator): the last
    // step says what it is a percentage of.
    answer: { text, latex: text },
    steps: [
      ...worked.steps,
      ...(exact
        ? []
        : [step('Round', `The exact value is ${R.toFraction(worked.value)}; ${text} is it to 4 decimal places.`)]),
    ],
    checks: [
      {
        kind: 'percentage-forwards',
        passed: forwards,
        detail: forwards
          ? 'working forwards from the answer gives back the numbers in the question'
          : 'working forwards from the answer does not give back the numbers in the question',
      },
    ],
    hints: worked.hints,
    grade: (student) => gradeExpression({ k: 'num', v: worked.value }, student.replace(/%\s*$/, '')),
    similar: worked.similar,
  };
};
