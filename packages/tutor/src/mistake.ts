/**
 * What a wrong value has in common with the right one, in words that point at the mistake without giving the right
 * value away (issue #14: a wrong practice answer is a chance to find the slip, not to be shown the answer): the sign
 * flipped, or a factor such as 2, ½ or a power of ten (a unit or a decimal point). Shared by the three engines'
 * check().
 */

/** Factors a slip commonly leaves, and how a student is told about them. */
const FACTORS: ReadonlyArray<readonly [number, string]> = [
  [2, 'twice the right one'],
  [0.5, 'half the right one'],
  [3, 'three times the right one'],
  [1 / 3, 'a third of the right one'],
  [4, 'four times the right one'],
  [0.25, 'a quarter of the right one'],
  [10, '10 times the right one: check the units and the decimal point'],
  [0.1, 'a tenth of the right one: check the units and the decimal point'],
  [100, '100 times the right one: check the units and the decimal point'],
  [0.01, 'a hundredth of the right one: check the units and the decimal point'],
  [1000, '1000 times the right one: check the units (kilo-, milli-) and the decimal point'],
  [0.001, 'a thousandth of the right one: check the units (kilo-, milli-) and the decimal point'],
];

/** How a wrong value relates to the right one. */
export type Slip = { kind: 'sign' } | { kind: 'factor'; words: string } | { kind: 'off'; direction: 'high' | 'low' };

/**
 * @param student - the student's value
 * @param expected - the right value
 * @param tolerance - relative tolerance of "the same" (exact maths: 1e-7; measured data: the data's precision)
 * @returns the sign flipped, a common factor off, or only too high / too low
 */
export function slipOf(student: number, expected: number, tolerance = 1e-7): Slip {
  const same = (a: number, b: number): boolean => Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b));
  if (expected !== 0 && same(student, -expected)) return { kind: 'sign' };
  if (expected !== 0) {
    const ratio = student / expected;
    for (const [factor, words] of FACTORS) {
      if (same(ratio, factor)) return { kind: 'factor', words };
      if (same(ratio, -factor))
        return { kind: 'factor', words: `${words.split(':')[0] ?? words}, with the wrong sign` };
    }
  }
  return { kind: 'off', direction: student > expected ? 'high' : 'low' };
}

/**
 * @param shown - the student's value as they wrote it (`2.5 s`, `x = 4`)
 * @param slip - what slipOf found
 * @returns one sentence for the student (`2.5 s is twice the right one.`)
 */
export function slipSentence(shown: string, slip: Slip): string {
  switch (slip.kind) {
    case 'sign':
      return `Check the sign of ${shown}: the size is right, the sign is not.`;
    case 'factor':
      return `${shown} is ${slip.words}.`;
    case 'off':
      return `${shown} is too ${slip.direction}: go over the substitution and the arithmetic again.`;
  }
}

/**
 * A wrong amount in one sentence: a sign or factor slip when there is one, otherwise too high or too low and what
 * to look at.
 * @param shown - the student's amount as written (`72 g`)
 * @param student - its value, in the unit of `expected`
 * @param expected - the right value
 * @param look - what to look at when it is only too high or too low (`check the mole ratio`)
 */
export function wrongAmount(shown: string, student: number, expected: number, look: string): string {
  const slip = slipOf(student, expected, 0.005);
  return slip.kind === 'off' ? `${shown} is too ${slip.direction}: ${look}.` : slipSentence(shown, slip);
}
