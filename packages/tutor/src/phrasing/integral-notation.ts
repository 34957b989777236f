/**
 * Integrals in every way students write their bounds, into the engine's one phrasing "integral of E from a to b"
 * (or "integral of E" with no bounds): "∫_0^π sin x dx", "∫_{0}^{1} …", "∫^b_a …", "∫0^2 x dx", "∫[0, 2] …",
 * "∫ (0 to 3) x^2 dx", "∫ from 0 to π of sin x dx", "integrate E between a and b". plainSymbols has written ∫ as
 * "integral" and π as "pi". A bound that was given must never be lost: what this does not recognise is left as
 * it was, and math/index.ts refuses an integral whose maths still has bound words or marks in it.
 * Single spaces throughout; each expression has at most one unbounded part between fixed words.
 */

// A bound: a braced or bracketed group, or a number, constant or letter, maybe signed, maybe over a number (pi/2).
const BOUND = String.raw`(?:\{([^{}]+)\}|\(([^()]+)\)|(-?(?:\d+(?:\.\d+)?|\d*pi|e|inf|infinity|[a-z])(?: ?/ ?\d+)?))`;
const HEAD = String.raw`^(?:definite |indefinite )?(?:integral|integrate)`;

/** The first defined group among three (a bound's three spellings). */
const pick = (m: RegExpExecArray, first: number): string =>
  (m[first] ?? m[first + 1] ?? m[first + 2] ?? '').replace(/ /g, '');

/** "∫_a^b E", "∫_{a}^{b} E" (lower first; plainSymbols wrote ∫a^b as ∫_a^b). */
const SUB_SUP = new RegExp(String.raw`${HEAD} ?_ ?${BOUND} ?\^ ?${BOUND} (?:of )?(.+)$`, 'i');
/** "∫^b_a E" (upper first). */
const SUP_SUB = new RegExp(String.raw`${HEAD} ?\^ ?${BOUND} ?_ ?${BOUND} (?:of )?(.+)$`, 'i');
/** "∫[a, b] E", "∫ (a to b) E", "∫ [a; b] E": what is inside the brackets is split by bracketBounds. */
const BRACKETED = new RegExp(String.raw`${HEAD} ?[[(]([^()[\]]*)[\])] (?:of )?(.+)$`, 'i');

/**
 * The two bounds inside "∫[…]": "a, b", "a; b", "a to b", "a..b", one space allowed on each side of the separator
 * and inside each bracket. As before, the last separator with a bound on each side wins ("0..1.5" is 0 and 1.5).
 * A loop rather than one pattern: a bound may hold "to" and "..", and one pattern with both bounds was quadratic
 * on "..D..D..D…" (ReDoS rule, issue #11).
 * @returns the lower and upper bound, or undefined when the brackets hold something else
 */
function bracketBounds(inside: string): [string, string] | undefined {
  const start = inside.startsWith(' ') ? 1 : 0;
  const body = inside.slice(start, inside.endsWith(' ') && inside.length > start ? -1 : undefined);
  // A bound has no spaces, commas or semicolons; any other space (a tab, a line break) is not ours at all.
  if (/[^\S ]/.test(body)) return undefined;
  // Where the first and the last space, comma or semicolon are: a bound lies before the first or after the last.
  const stop = /[ ,;]/;
  let firstStop = body.length;
  let lastStop = -1;
  for (let i = 0; i < body.length; i += 1)
    if (stop.test(body.charAt(i))) [firstStop, lastStop] = [Math.min(firstStop, i), i];
  for (let at = body.length - 1; at >= 1; at -= 1) {
    const pair = body.slice(at, at + 2).toLowerCase();
    const length = body[at] === ',' || body[at] === ';' ? 1 : pair === 'to' || pair === '..' ? 2 : 0;
    if (!length) continue;
    const end = body[at - 1] === ' ' ? at - 1 : at;
    const from = body[at + length] === ' ' ? at + length + 1 : at + length;
    if (end > 0 && firstStop >= end && from < body.length && lastStop < from)
      return [body.slice(0, end), body.slice(from)];
  }
  return undefined;
}
/** "∫ from a to b of E", "integral between a and b, E". */
const WORDS_FIRST = new RegExp(
  String.raw`${HEAD} (?:from|between) (?:[a-z] ?= ?)?(\S+) (?:to|and) (?:[a-z] ?= ?)?(\S+?),? (?:of )?(.+)$`,
  'i',
);
/** "∫ E dx from a to b", "integrate E between x = a and x = b", "integrate E with respect to x from a to b". */
const WORDS_LAST = new RegExp(
  String.raw`${HEAD} (?:of )?(.+?),? (?:from|between) (?:[a-z] ?= ?)?(\S+) (?:to|and) (?:[a-z] ?= ?)?(\S+)$`,
  'i',
);
/** "∫ E dx" with no bounds. */
const PLAIN = new RegExp(String.raw`${HEAD} (?:of )?(.+)$`, 'i');

/** "E with respect to x" is "E dx": the engine reads the variable from its differential. */
const integrand = (text: string): string => text.replace(/ (?:with respect to|wrt) ([a-z])$/i, ' d$1').trim();

/**
 * @param text - the question with plain symbols and single spaces, instruction words taken off
 * @returns "integral of E from a to b" or "integral of E" when the text is an integral, else undefined
 */
export function integralNotation(text: string): string | undefined {
  if (!new RegExp(HEAD, 'i').test(text)) return undefined;
  let m = SUB_SUP.exec(text);
  // "∫2^x dx": 2^x is the integrand, not bounds 2 and x followed by a bare dx; left unread, so it is refused.
  if (m && /^d[a-z]$/i.test(m[7] ?? '')) return undefined;
  if (m) return `integral of ${integrand(m[7] ?? '')} from ${pick(m, 1)} to ${pick(m, 4)}`;
  m = SUP_SUB.exec(text);
  if (m) return `integral of ${integrand(m[7] ?? '')} from ${pick(m, 4)} to ${pick(m, 1)}`;
  m = BRACKETED.exec(text);
  const bounds = m ? bracketBounds(m[1] ?? '') : undefined;
  if (m && bounds) return `integral of ${integrand(m[2] ?? '')} from ${bounds[0]} to ${bounds[1]}`;
  m = WORDS_FIRST.exec(text);
  if (m) return `integral of ${integrand(m[3] ?? '')} from ${m[1] ?? ''} to ${m[2] ?? ''}`;
  m = WORDS_LAST.exec(text);
  if (m) return `integral of ${integrand(m[1] ?? '')} from ${m[2] ?? ''} to ${m[3] ?? ''}`;
  m = PLAIN.exec(text);
  if (m) return `integral of ${integrand(m[1] ?? '')}`;
  return undefined;
}
