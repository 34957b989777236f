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
/** "∫[a, b] E", "∫ (a to b) E", "∫ [a; b] E". */
const BRACKETED = new RegExp(
  String.raw`${HEAD} ?[[(] ?([^\s,;()[\]]+) ?(?:,|;|to|\.\.) ?([^\s,;()[\]]+) ?[\])] (?:of )?(.+)$`,
  'i',
);
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
  if (m) return `integral of ${integrand(m[3] ?? '')} from ${m[1] ?? ''} to ${m[2] ?? ''}`;
  m = WORDS_FIRST.exec(text);
  if (m) return `integral of ${integrand(m[3] ?? '')} from ${m[1] ?? ''} to ${m[2] ?? ''}`;
  m = WORDS_LAST.exec(text);
  if (m) return `integral of ${integrand(m[1] ?? '')} from ${m[2] ?? ''} to ${m[3] ?? ''}`;
  m = PLAIN.exec(text);
  if (m) return `integral of ${integrand(m[1] ?? '')}`;
  return undefined;
}
