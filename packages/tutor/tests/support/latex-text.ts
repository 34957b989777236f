// A step's typeset working (`latex`) as the plain text the arithmetic scanner reads: since issue #14 a step shows
// its maths once, in `latex`, so the tests that recompute the shown arithmetic read it there. Only the LaTeX the
// engines write in their working: units, powers of ten, degrees, brackets.

/**
 * @param latex - a step's `latex`
 * @returns the same working in plain symbols (`2 \times 20 = 40\,\mathrm{m}` → `2 × 20 = 40 m`)
 */
export const latexAsText = (latex: string): string =>
  latex
    .replace(/\\(?:mathrm|text)\{([^{}]*)\}/g, '$1')
    .replace(/\\,|\\quad|\\;/g, ' ')
    .replace(/\^\{(-?\d+)\}/g, '^$1')
    .replace(/\^\\circ/g, '°')
    .replace(/\\Omega/g, 'Ω')
    .replace(/\\left|\\right/g, '')
    .replace(/\\times/g, '×')
    .replace(/\\cdot/g, '·')
    .replace(/\\div/g, '÷');
