/**
 * Reads a math question's phrasing ("solve …", "derivative of … at …", "integral of … from … to …", "what is 12% of
 * 80") into an intent and the maths in calculator syntax, for index.ts to route.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { Unsupported } from './ast';
import type { Intent } from './calculus';
import { trimTrailing } from '../trim-trailing';

export interface Prepared {
  intent: Intent;
  body: string;
  variable?: string | undefined;
  lower?: string | undefined;
  upper?: string | undefined;
  point?: string | undefined;
  /** The order of a derivative ("second derivative of": 2); 1 when not said. */
  order?: number | undefined;
  /** "tangent line to P at x = a": the line's equation is asked. */
  tangent?: boolean | undefined;
  percentOf: boolean;
}

const ORDERS: Readonly<Record<string, number>> = { second: 2, third: 3, fourth: 4, fifth: 5 };

/**
 * `^(.+?)SEPARATOR(.+)$` without backtracking over every split (cubic on long runs of spaces): the first separator
 * with text on both sides, where neither side spans a line break (`.` does not match one).
 * @param text - the text to split
 * @param separator - a global regex whose first character is the one before the separator (`\S\s+…`), so that
 *   it is tried once per run of spaces rather than from each space of the run
 * @returns the text before and after the separator with its groups, or undefined when there is no such split
 */
const splitAround = (
  text: string,
  separator: RegExp,
): { before: string; after: string; groups: string[] } | undefined => {
  const firstBreak = text.search(/[\n\r\u2028\u2029]/);
  const lastBreak = Math.max(...['\n', '\r', '\u2028', '\u2029'].map((ch) => text.lastIndexOf(ch)));
  for (const match of text.matchAll(separator)) {
    const end = match.index + match[0].length;
    if (end === text.length) continue;
    if ((firstBreak >= 0 && firstBreak <= match.index) || lastBreak >= end) return undefined;
    return { before: text.slice(0, match.index + 1), after: text.slice(end), groups: match.slice(1) };
  }
  return undefined;
};

/** Short natural phrasing → an intent and the maths in calculator syntax. */
export const prepare = (question: string): Prepared => {
  // Every expression here reads visitor or model text: each is linear (tests/redos.test.ts checks them all).
  let s = trimTrailing(question.trim(), /[?]/)
    .replace(/\.\s*$/, '')
    .trim();
  let intent: Intent = 'auto';
  const strip = (re: RegExp): boolean => {
    const m = re.exec(s);
    if (!m) return false;
    s = s.slice(m[0].length).trim();
    return true;
  };
  strip(/^(please\s+)?(can you\s+)?/i);
  let variable: string | undefined;
  // s is trimmed here, so the trailing `for x` needs no `\s*$`, and the `, ` before it is cut after the match.
  const forVar = /(?:for|with respect to|wrt)\s+([a-z])$/i.exec(s);
  if (forVar) {
    variable = forVar[1];
    s = s.slice(0, forVar.index).trim().replace(/,$/, '').trim();
  }
  const solveFor = /^solve\s+for\s+([a-z])\s*[:,]?\s*/i.exec(s);
  if (solveFor) {
    variable = solveFor[1];
    s = s.slice(solveFor[0].length);
  }
  const dBy = /^d\s*\/\s*d([a-z])\s*/i.exec(s);
  // "second derivative of P" (the phrasing layer writes d²y/dx², f''(x) and y'' so), "tangent line to P at x = a".
  const ordinal = /^(second|third|fourth|fifth) derivative of /i.exec(s);
  let order: number | undefined;
  let tangent = false;
  if (ordinal) {
    order = ORDERS[(ordinal[1] ?? '').toLowerCase()];
    s = s.slice(ordinal[0].length).trim();
    intent = 'derivative';
  } else if (strip(/^tangent line to /i)) {
    tangent = true;
    intent = 'derivative';
  } else if (strip(/^(find\s+)?(the\s+)?(derivative|differentiate)\s*(of)?\s*/i)) intent = 'derivative';
  else if (dBy) {
    // d/dt names the variable: t^3 is differentiated by t, and the second reader must know it too.
    s = s.slice(dBy[0].length).trim();
    variable ??= dBy[1];
    intent = 'derivative';
  } else if (
    strip(/^(find\s+)?(the\s+)?(indefinite\s+|definite\s+)?(integrate|integral|antiderivative)\s*(of)?\s*/i) ||
    strip(/^∫\s*/)
  )
    intent = 'integral';
  else if (strip(/^(find\s+)?(the\s+)?(limit|lim)\s*(of)?\s*/i)) intent = 'limit';
  else if (strip(/^(factor|factorise|factorize)\s*/i)) intent = 'factor';
  else if (strip(/^(expand|multiply out)\s*/i)) intent = 'expand';
  else if (strip(/^(simplify)\s*/i)) intent = 'simplify';
  else strip(/^(solve|calculate|compute|evaluate|find|what is|what's|work out|how much is)\s*[:,]?\s*/i);
  let lowerBound: string | undefined;
  let upperBound: string | undefined;
  let point: string | undefined;
  if (intent === 'integral') {
    const from = /\S\s+from\s+/i.exec(s);
    const bounds = from ? s.slice(from.index + from[0].length) : '';
    const range = splitAround(bounds, /\S\s+to\s+/gi);
    if (from && range && !/[\n\r\u2028\u2029]/.test(bounds)) {
      lowerBound = range.before;
      upperBound = range.after;
      s = s.slice(0, from.index + 1);
    }
    s = s.trimEnd();
    const differential = /d([a-z])$/i.exec(s);
    if (differential) {
      variable = differential[1];
      s = s.slice(0, differential.index).trimEnd();
    }
  }
  if (intent === 'derivative') {
    // "… at x = 3": the point where the derivative is evaluated (the last " at ", the function never has one).
    const at = s.toLowerCase().lastIndexOf(' at ');
    if (at > 0) {
      const where = s.slice(at + 4).trim();
      const named = /^([a-z])\s?=\s?/i.exec(where);
      if (!named || named[1] === (variable ?? named[1])) {
        point = named ? where.slice(named[0].length).trim() : where;
        variable ??= named?.[1];
        s = s.slice(0, at).trim();
      }
    }
    if (tangent && point === undefined)
      throw new Unsupported('say where the tangent touches the curve, e.g. "tangent to y = x^2 at x = 1"');
  }
  if (intent === 'limit') {
    // `(\S)` before ` as `: the match is tried once per run of spaces (see splitAround).
    const as =
      /(?:(\S)\s+as\s+|^)(?:\(\s*)?([a-z])\s*(?:->|→|approaches|tends to)\s*([^)\s]+(?:\s*\))?)\s*\)?\s*/i.exec(s);
    if (as) {
      variable = as[2];
      point = as[3]!.replace(/\)$/, '').trim();
      s = (s.slice(0, as.index + (as[1]?.length ?? 0)) + ' ' + s.slice(as.index + as[0].length)).trim();
    }
  }
  // Percent phrasing: "15% of 80", "80 increased by 12%", "what percent of 80 is 12".
  let percentOf = false;
  const ofMatch = splitAround(s, /\S\s*%\s*of\s+/gi);
  const change = s.endsWith('%')
    ? splitAround(s.slice(0, -1).trimEnd(), /\S\s+(increased|decreased|reduced|raised)\s+by\s+/gi)
    : undefined;
  const whatPercent = splitAround(s, /\S\s+is\s+what\s+(?:percent|percentage)\s+of\s+/gi);
  // "p% of X" only between two numbers: "10% of 50 + 5" is 10% of 50, then + 5, which the parser cannot say, so it
  // is refused rather than read as 10% of (50 + 5).
  const plainNumber = /^\s*\d+(?:\.\d+)?\s*$/;
  if (ofMatch && plainNumber.test(ofMatch.before) && plainNumber.test(ofMatch.after)) {
    s = `(${ofMatch.before})/100*(${ofMatch.after})`;
    s += ' %';
    percentOf = true;
  } else if (change) {
    s = `(${change.before})*(1 ${/increased|raised/i.test(change.groups[0]!) ? '+' : '-'} (${change.after})/100) %`;
  } else if (whatPercent) {
    s = `(${whatPercent.before})/(${whatPercent.after})*100 %`;
  }
  return {
    intent,
    body: s,
    variable,
    lower: lowerBound,
    upper: upperBound,
    point,
    ...(order === undefined ? {} : { order }),
    ...(tangent ? { tangent } : {}),
    percentOf,
  };
};
