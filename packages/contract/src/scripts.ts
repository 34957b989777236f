/**
 * Unicode superscripts, one table for every place that writes a power as x² or reads one back: the engines'
 * explanations and their readers, the site's copy text and its plain-text maths, the photo reader's clean-up. Plain
 * constants with no schema library, like tools.ts, so the site imports them without zod
 * (`@studyease/contract/scripts`).
 */

/** The superscript of each character an exponent may hold (Unicode has none for q or most capitals). */
// prettier-ignore
export const SUPERSCRIPT: Readonly<Record<string, string>> = {
  '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '+': '⁺',
  '-': '⁻', '−': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', a: 'ᵃ', b: 'ᵇ', c: 'ᶜ', d: 'ᵈ', e: 'ᵉ', f: 'ᶠ', g: 'ᵍ', h: 'ʰ',
  i: 'ⁱ', j: 'ʲ', k: 'ᵏ', l: 'ˡ', m: 'ᵐ', n: 'ⁿ', o: 'ᵒ', p: 'ᵖ', r: 'ʳ', s: 'ˢ', t: 'ᵗ', u: 'ᵘ', v: 'ᵛ', w: 'ʷ',
  x: 'ˣ', y: 'ʸ', z: 'ᶻ',
};

/** The superscripts a power is typed with, read back as the plain characters they stand for (x² is x^2, x⁻¹, xⁿ). */
export const SUPERSCRIPT_PLAIN: Readonly<Record<string, string>> = Object.fromEntries(
  Array.from('0123456789+-n', (plain) => [SUPERSCRIPT[plain] ?? plain, plain]),
);
