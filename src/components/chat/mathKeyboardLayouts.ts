import type { VirtualKeyboardKeycap, VirtualKeyboardLayout } from 'mathlive';
import type { MathFieldMode } from '@/lib/mathField';

/*
 * The math keyboard's layouts (MathLive's virtual keyboard on touch screens): algebra, calculus and chemistry. Every
 * key that writes maths is listed here as data, so tests/unit/mathFieldToInput.test.ts can read each one through
 * the converter the composer uses. In a key's LaTeX `#@` is what stands before the caret (x² squares it), `#0` the
 * selection or an empty box, `#?` an empty box (MathLive's placeholders).
 * Type-only import of mathlive: this module is imported by the lazily loaded MathKeyboard and by the unit tests.
 */

type Key = Partial<VirtualKeyboardKeycap> | string;

/** A key that writes `insert`, labelled with TeX or text. */
const key = (insert: string, label: string, tooltip: string): Partial<VirtualKeyboardKeycap> => ({
  insert,
  latex: label,
  tooltip,
});

/** MathLive's own keys: digits, arrows, delete, the action key. */
const digits = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => `[${from + i}]`);

const ALGEBRA_ROWS: Key[][] = [
  [
    'x',
    'y',
    '[separator-5]',
    ...digits(7, 9),
    key('\\frac{#@}{#?}', '\\frac{\\square}{\\square}', 'fraction'),
    '[separator-5]',
    key('#@^{2}', '\\square^2', 'squared'),
    key('#@^{#?}', '\\square^{\\square}', 'power'),
    key('\\sqrt{#0}', '\\sqrt{\\square}', 'square root'),
  ],
  [
    '(',
    ')',
    '[separator-5]',
    ...digits(4, 6),
    key('\\cdot', '\\times', 'times'),
    '[separator-5]',
    key('\\sqrt[#?]{#0}', '\\sqrt[n]{\\square}', 'nth root'),
    key('\\left|#0\\right|', '|\\square|', 'absolute value'),
    key('\\pi', '\\pi', 'pi'),
  ],
  [
    '<',
    '>',
    '[separator-5]',
    ...digits(1, 3),
    '-',
    '[separator-5]',
    key('\\le', '\\le', 'less than or equal to'),
    key('\\ge', '\\ge', 'greater than or equal to'),
    key('\\theta', '\\theta', 'theta'),
  ],
  ['[left]', '[right]', '[separator-5]', '[0]', '.', '=', '+', '[separator-5]', ',', '[backspace]', '[action]'],
];

const CALCULUS_ROWS: Key[][] = [
  [
    key('\\frac{\\mathrm{d}}{\\mathrm{d}x}', '\\frac{d}{dx}', 'derivative with respect to x'),
    key('\\int_{#?}^{#?}#?\\,\\mathrm{d}x', '\\int_a^b', 'integral from a to b'),
    key('\\int #?\\,\\mathrm{d}x', '\\int', 'integral'),
    key('\\lim_{x\\to#?}#?', '\\lim_{x\\to a}', 'limit as x goes to'),
    key('\\infty', '\\infty', 'infinity'),
    key('e^{#?}', 'e^{\\square}', 'e to the power'),
  ],
  [
    key('\\sin(#0)', '\\sin', 'sine'),
    key('\\cos(#0)', '\\cos', 'cosine'),
    key('\\tan(#0)', '\\tan', 'tangent'),
    key('\\ln(#0)', '\\ln', 'natural logarithm'),
    key('\\log_{#?}(#0)', '\\log_{b}', 'logarithm to a base'),
    'x',
  ],
  [
    '(',
    ')',
    key('\\frac{#@}{#?}', '\\frac{\\square}{\\square}', 'fraction'),
    key('#@^{#?}', '\\square^{\\square}', 'power'),
    key('\\sqrt{#0}', '\\sqrt{\\square}', 'square root'),
    '=',
  ],
  ['[left]', '[right]', '+', '-', '[backspace]', '[action]'],
];

/** Elements students meet most; any other is typed with the letters (abc) layout. */
const ELEMENTS = ['H', 'C', 'N', 'O', 'Na', 'Cl', 'Fe', 'S', 'Ca', 'Mg', 'K', 'Cu'];

const CHEMISTRY_ROWS: Key[][] = [
  ELEMENTS.slice(0, 6).map((symbol) => key(`\\mathrm{${symbol}}`, `\\mathrm{${symbol}}`, symbol)),
  ELEMENTS.slice(6).map((symbol) => key(`\\mathrm{${symbol}}`, `\\mathrm{${symbol}}`, symbol)),
  [
    key('#@_{#?}', '\\square_{n}', 'subscript, the number of atoms'),
    key('#@^{+}', '\\square^{+}', 'charge plus'),
    key('#@^{-}', '\\square^{-}', 'charge minus'),
    key('#@^{#?+}', '\\square^{n+}', 'charge n plus'),
    key('#@^{#?-}', '\\square^{n-}', 'charge n minus'),
    key('e^{-}', 'e^{-}', 'electron'),
  ],
  [
    '+',
    key('\\rightarrow', '\\rightarrow', 'reaction arrow, gives'),
    '(',
    ')',
    key('\\cdot', '\\cdot', 'dot of a hydrate'),
    '[backspace]',
  ],
  [...digits(0, 9).slice(1), '[0]'],
  ['[left]', '[right]', '[action]'],
];

export const ALGEBRA: VirtualKeyboardLayout = { id: 'algebra', label: 'x²', tooltip: 'Algebra', rows: ALGEBRA_ROWS };
export const CALCULUS: VirtualKeyboardLayout = { id: 'calculus', label: '∫', tooltip: 'Calculus', rows: CALCULUS_ROWS };
export const CHEMISTRY: VirtualKeyboardLayout = {
  id: 'chemistry',
  label: 'H₂O',
  tooltip: 'Chemistry',
  rows: CHEMISTRY_ROWS,
};

/** The layouts a tool's math keyboard offers; MathLive's letters layout types any other name or element. */
export function layoutsFor(mode: MathFieldMode): (VirtualKeyboardLayout | 'alphabetic')[] {
  return mode === 'chemistry' ? [CHEMISTRY, ALGEBRA, 'alphabetic'] : [ALGEBRA, CALCULUS, 'alphabetic'];
}

/** Every key of our layouts that writes maths (for the tests): its LaTeX as MathLive inserts it. */
export function mathKeys(layout: VirtualKeyboardLayout): string[] {
  if (!('rows' in layout)) return [];
  return layout.rows
    .flat()
    .map((keycap) => (typeof keycap === 'string' ? keycap : (keycap.insert ?? keycap.latex ?? '')))
    .filter((latex) => latex !== '' && !/^\[.*\]$/.test(latex));
}
