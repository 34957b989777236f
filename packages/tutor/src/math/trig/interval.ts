/**
 * A small adapter that finds the interval of a trig equation in the question ("for 0 ≤ x < 2π", "on [0, 2π)",
 * "between 0 and 360 degrees") until the phrasing layer (src/phrasing/) hands the solver its own reading of it.
 * Every expression here reads visitor text and is linear: no nested quantifiers, each part a bounded class, no two
 * runs of the same characters side by side, and a match starts only at the first space or digit of a run (START).
 */
import type { TrigInterval } from './equation';

// The π form first: `2π` must not stop at its `2`. A bound neither starts nor ends with spaces (those around it
// belong to the pattern around it), so that no two runs of spaces meet; clean() drops spaces anyway.
const BOUND = String.raw`((?:-\d*\s*|\d+\s*)?(?:\*\s*)?(?:pi|π)|-?\d+(?:\.\d+)?(?:\s*°)?)`;
// Where a match may start: at a comma or semicolon, or after a character that is not a space (nor a digit when a
// digit follows). A run of spaces or digits is so read from its start only, not once per character (ReDoS rule,
// issue #11); the leftmost match is the same, since a match inside a run also matches from the run's start.
const START = String.raw`(?:[,;]|(?<![\s\d])|(?<=\d)(?!\d))`;
const CHAIN = new RegExp(
  String.raw`${START}\s*(?:(?:for|where|with|in\s+the\s+interval|on\s+the\s+interval|in|on)\s*)?${BOUND}\s*(<=|<|≤)\s*([a-z])\s*(<=|<|≤)\s*${BOUND}(?:\s*degrees?)?`,
  'i',
);
const BRACKET = new RegExp(
  String.raw`${START}\s*(?:for\s+[a-z]\s+)?(?:on|in|over)(?:\s+the\s+interval)?\s*([[(])\s*${BOUND}\s*,\s*${BOUND}\s*([\])])`,
  'i',
);
const BETWEEN = new RegExp(
  String.raw`${START}\s*(?:for\s+[a-z]\s+)?between\s+(-?\d+(?:\.\d+)?)(?:\s*°)?\s+and\s+(-?\d+(?:\.\d+)?)(?:\s*°)?(?:\s*degrees?)?`,
  'i',
);

/** Bounds such as 0 and 360 with no π: a student means degrees even without the ° sign. */
const looksLikeDegrees = (lower: string, upper: string): boolean =>
  !/pi/.test(lower + upper) &&
  [lower, upper].every((b) => Number(b) % 90 === 0) &&
  Math.abs(Number(upper) - Number(lower)) >= 180;

const clean = (bound: string): string => bound.replace(/°/g, '').replace(/π/g, 'pi').replace(/\s+/g, '').trim();

/**
 * @returns the question without its interval and the interval, or null when the question names none
 */
export const intervalOf = (question: string): { rest: string; interval: TrigInterval } | null => {
  const named = /°|\bdegrees?\b/i.test(question);
  const interval = (
    variable: string,
    lower: string,
    upper: string,
    lowerOpen: boolean,
    upperOpen: boolean,
  ): TrigInterval => ({
    variable,
    lower,
    upper,
    lowerOpen,
    upperOpen,
    degrees: named || looksLikeDegrees(lower, upper),
  });
  const cut = (match: RegExpExecArray): string =>
    `${question.slice(0, match.index)} ${question.slice(match.index + match[0].length)}`.replace(/\s+/g, ' ').trim();
  let m = CHAIN.exec(question);
  if (m) {
    return {
      rest: cut(m),
      interval: interval((m[3] ?? 'x').toLowerCase(), clean(m[1] ?? ''), clean(m[5] ?? ''), m[2] === '<', m[4] === '<'),
    };
  }
  m = BRACKET.exec(question);
  if (m) {
    return {
      rest: cut(m),
      interval: interval('x', clean(m[2] ?? ''), clean(m[3] ?? ''), m[1] === '(', m[4] === ')'),
    };
  }
  m = BETWEEN.exec(question);
  if (m) {
    return {
      rest: cut(m),
      // "Between 0 and 360 degrees" is one full turn, read as 0° ≤ x < 360° (360° is 0° again); otherwise closed.
      interval: interval('x', m[1] ?? '0', m[2] ?? '', false, Number(m[2]) - Number(m[1]) === 360),
    };
  }
  return null;
};

/** "find all x with EQ", "find all solutions of EQ", "EQ," → the equation with the instruction words left for prepare(). */
export const withoutListingWords = (text: string): string =>
  text
    .replace(
      /^\s*(?:find|give|list|what\s+are)\s+(?:all\s+)?(?:the\s+)?(?:solutions?|values?|angles?|roots?)?\s*(?:of\s+)?(?:[a-z]\s+)?(?:with|where|such\s+that|so\s+that|if|for\s+which|:)?\s*/i,
      'solve ',
    )
    // From the start of the closing run only (the lookbehind): linear (ReDoS rule, issue #11).
    .replace(/(?<![,;.\s])[,;.\s]+$/, '')
    .trim();
