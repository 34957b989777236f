/** Practice questions: the same stoichiometry problem with new numbers. */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { roundToFigures } from '../sigfigs';
import type { StoichiometryProblem } from './problem';

/** Same problem, new numbers (same significant figures). */
export function practiceVariants(problem: StoichiometryProblem, seed: number): string[] {
  const factors = [1.5, 2.5, 0.6, 3, 0.75, 1.25, 4, 0.8, 1.8, 2.2];
  const variants: string[] = [];
  for (let k = 0; k < factors.length; k++) {
    let text = problem.text;
    // Replace from the end so earlier positions stay valid.
    const givens = [...problem.givens].sort((a, b) => b.index - a.index);
    givens.forEach((given, i) => {
      const factor = factors[(seed + k + i * 3) % factors.length]!;
      const value = Number(given.written) * factor;
      const figures = Math.max(given.figures, 2);
      const written = roundToFigures(value, figures);
      const at = text.indexOf(given.written, given.index);
      if (at >= 0) text = text.slice(0, at) + written + text.slice(at + given.written.length);
    });
    if (text !== problem.text && !variants.includes(text)) variants.push(text);
  }
  return variants;
}
