/**
 * Symbols typed on phones and keyboards, in the engine's ASCII, and every run of white space made one space: the
 * readers after this one then match a single literal space, which keeps their expressions linear on long runs.
 */
import { SUPERSCRIPT_PLAIN } from '@studyease/contract/scripts';

const SYMBOLS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[−–—‐]/g, '-'],
  [/[×✕✖]/g, '*'],
  [/÷/g, '/'],
  [/≤/g, '<='],
  [/≥/g, '>='],
  [/→/g, '->'],
  [/π/g, 'pi'],
  // √49 and √x with their bracket, which every reader (ours and the second one) reads alike; √(…) keeps its own.
  [/√ ?(\d+(?:\.\d+)?|[a-z](?![a-z]))/gi, 'sqrt($1)'],
  [/√/g, 'sqrt'],
  [/∞/g, 'inf'],
  // ∫ in words for the phrasing layer (integral-notation.ts): bounds written straight after it (∫0^2) are a lower
  // bound, as ∫_0^2 is.
  [/∫ ?(?=[_^])/g, 'integral'],
  [/∫(?=-?\d)/g, 'integral_'],
  [/∫ ?/g, 'integral '],
  [/[’‘`´]/g, "'"],
  [/[“”]/g, '"'],
];

/** x² is x^2, x⁻¹ is x^(-1): one power for a run of superscripts, as the engine's parser reads them. */
const powers = (run: string): string => {
  const digits = Array.from(run, (c) => SUPERSCRIPT_PLAIN[c] ?? '').join('');
  return /^\d$/.test(digits) ? `^${digits}` : `^(${digits})`;
};

/**
 * @param text - the question as typed
 * @returns the question with unicode maths in ASCII (x² is x^2, √ is sqrt) and
 *   single spaces, trimmed
 */
export function plainSymbols(text: string): string {
  // Full-width forms a phone keyboard set to another language types (１２３, ＋, ＝) are their ASCII shifted.
  let out = text.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  out = out.replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+/g, powers);
  for (const [pattern, replacement] of SYMBOLS) out = out.replace(pattern, replacement);
  return out.replace(/\s+/g, ' ').trim();
}
