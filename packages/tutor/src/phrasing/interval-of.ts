import { cut } from './cut';
import type { Interval } from './rephrased';

/**
 * An interval for the unknown ("for 0 ≤ x < 2π", "on [0, 2π)", "between 0 and 360 degrees"), taken out of the
 * question for the solver that lists solutions in it (math/trig). Single spaces (plainSymbols) throughout; symbols
 * are already ASCII (≤ is <=, π is pi).
 */
// A bound: a multiple of pi (2pi, 2*pi, 3pi/2, pi) or a number, maybe in degrees. The pi form first: `2pi` must not
// stop at its `2`.
const BOUND = String.raw`(-?(?:\d+ ?\*? ?)?pi(?: ?/ ?\d+)?|-?\d+(?:\.\d+)?(?: ?°| ?degrees?\b)?)`;
const LEAD = String.raw`(?:[,;] )?(?:(?:for|where|with|when|in the interval|on the interval|in the range|in|on|over) )?`;
// The lookbehind starts a bound only where a number starts: tried once per number, not from each of its digits.
const CHAIN = new RegExp(String.raw`${LEAD}(?<![\w.])${BOUND} ?(<=|<) ?([a-z]) ?(<=|<) ?${BOUND}`, 'i');
const BRACKET = new RegExp(
  String.raw`(?:[,;] )?(?:for ([a-z]) )?(?:on|in|over|within)(?: the interval| the range)? ?([[(]) ?${BOUND} ?, ?${BOUND} ?([\])])`,
  'i',
);
const BETWEEN = new RegExp(
  String.raw`(?:[,;] )?(?:for ([a-z]) )?(?:between|from) ${BOUND} (?:and|to) ${BOUND}(?: ?(?:°|degrees?\b))?(?= ?$| ?[,;.?:]| (?:with|where|such that|so that|if|when|for which|satisfying)\b)`,
  'i',
);

/** An `=` that is not part of `<=`, `>=` or `!=`. */
const isEquation = (text: string): boolean => /(?<![<>!])=/.test(text);

const DEGREES = /°|\bdegrees?\b|\bdeg\b/i;

/** The bound in the engine's syntax: `2pi` is `2*pi`, the degree sign goes. */
const clean = (bound: string): string =>
  bound
    .replace(/ ?(?:°|degrees?)$/i, '')
    .replace(/ /g, '')
    .replace(/(\d)\*?pi/i, '$1*pi');

/** Bounds such as 0 and 360 with no π: a student means degrees even without the ° sign. */
const looksLikeDegrees = (lower: string, upper: string): boolean =>
  !/pi/i.test(lower + upper) &&
  [lower, upper].every((bound) => Number(bound) % 90 === 0) &&
  Math.abs(Number(upper) - Number(lower)) >= 180;

const interval = (
  variable: string,
  lower: string,
  upper: string,
  lowerOpen: boolean,
  upperOpen: boolean,
  named: boolean,
): Interval => {
  const low = clean(lower);
  const high = clean(upper);
  return {
    variable: variable.toLowerCase(),
    lower: low,
    upper: high,
    lowerOpen,
    upperOpen,
    degrees: named || looksLikeDegrees(low, high),
  };
};

/**
 * @param text - the question with single spaces and plain symbols
 * @returns the question without its interval, and the interval (undefined when it names none). "between a and b"
 *   of an integral or an area are its bounds, not an interval, and stay.
 */
export function intervalOf(text: string): [string, Interval | undefined] {
  const named = DEGREES.test(text);
  // Only an equation has solutions to list: "solve -3 < x < 5" is an inequality, "from 80 to 92" a percentage.
  if (!isEquation(text)) return [text, undefined];
  let [rest, m] = cut(text, CHAIN);
  if (m && isEquation(rest))
    return [rest, interval(m[3] ?? 'x', m[1] ?? '', m[5] ?? '', m[2] === '<', m[4] === '<', named)];
  [rest, m] = cut(text, BRACKET);
  if (m && isEquation(rest))
    return [rest, interval(m[1] ?? 'x', m[3] ?? '', m[4] ?? '', m[2] === '(', m[5] === ')', named)];
  if (/\b(?:integra|area|antideriv|limit)/i.test(text)) return [text, undefined];
  [rest, m] = cut(text, BETWEEN);
  if (m && isEquation(rest)) {
    // "between 0 and 360 degrees", "between 0 and 2pi": one turn, [0°, 360°), as math/trig reads it (the end is
    // the start again); any other span keeps both ends.
    const found = interval(m[1] ?? 'x', m[2] ?? '', m[3] ?? '', false, false, named);
    const turn = found.degrees
      ? Number(found.upper) - Number(found.lower) === 360
      : found.lower === '0' && found.upper === '2*pi';
    return [rest, { ...found, upperOpen: turn }];
  }
  return [text, undefined];
}
