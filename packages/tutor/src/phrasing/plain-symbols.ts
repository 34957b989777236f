/**
 * Symbols typed on phones and keyboards, in the engine's ASCII, and every run of white space made one space: the
 * readers after this one then match a single literal space, which keeps their expressions linear on long runs.
 */
const SYMBOLS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[−–—‐]/g, '-'],
  [/[×✕✖]/g, '*'],
  [/÷/g, '/'],
  [/≤/g, '<='],
  [/≥/g, '>='],
  [/→/g, '->'],
  [/π/g, 'pi'],
  [/[’‘`´]/g, "'"],
  [/[“”]/g, '"'],
];

/**
 * @param text - the question as typed
 * @returns the question with unicode maths in ASCII (x² stays for the parser, which reads superscripts) and
 *   single spaces, trimmed
 */
export function plainSymbols(text: string): string {
  // Full-width forms a phone keyboard set to another language types (１２３, ＋, ＝) are their ASCII shifted.
  let out = text.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  for (const [pattern, replacement] of SYMBOLS) out = out.replace(pattern, replacement);
  return out.replace(/\s+/g, ' ').trim();
}
