/** Practice questions: the same stoichiometry problem with new numbers. */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { roundToFigures } from '../sigfigs';
import type { StoichiometryProblem } from './problem';

/**
 * Same problem, new numbers (same significant figures): from a fixed list of factors for the chat's three, or from
 * a random source (a skill's practice, issue #16) for as many as asked.
 */
export function practiceVariants(
  problem: StoichiometryProblem,
  seed: number,
  fresh?: { random: () => number; count: number },
): string[] {
  const factors = [1.5, 2.5, 0.6, 3, 0.75, 1.25, 4, 0.8, 1.8, 2.2];
  const variants: string[] = [];
  for (let k = 0; k < (fresh ? 10 + 3 * fresh.count : factors.length); k++) {
    let text = problem.text;
    // Replace from the end so earlier positions stay valid.
    const givens = [...problem.givens].sort((a, b) => b.index - a.index);
    givens.forEach((given, i) => {
      const factor = fresh ? 0.4 + 1.6 * fresh.random() : factors[(seed + k + i * 3) % factors.length]!;
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
