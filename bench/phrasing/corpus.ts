import { CHEMISTRY_FAMILIES } from './chemistry.ts';
import { MATH_FAMILIES } from './math.ts';
import { PHYSICS_FAMILIES } from './physics.ts';
import type { Family, Problem } from './problem.ts';
import { seeded } from './random.ts';

export const FAMILIES: readonly Family[] = [...MATH_FAMILIES, ...PHYSICS_FAMILIES, ...CHEMISTRY_FAMILIES];

/**
 * The phrasing corpus: `perFamily` distinct questions from every family's templates, the same on every run.
 * @param perFamily - questions per family (a family whose templates cannot make that many distinct ones gives fewer)
 */
export function buildCorpus(perFamily = 30, seed = 20261124): Problem[] {
  const random = seeded(seed);
  const corpus: Problem[] = [];
  for (const family of FAMILIES) {
    const seen = new Set<string>();
    for (let tries = 0; seen.size < perFamily && tries < perFamily * 20; tries += 1) {
      const problem = family.make(random);
      if (seen.has(problem.question)) continue;
      seen.add(problem.question);
      corpus.push({ family: family.name, tool: family.tool, ...problem });
    }
  }
  return corpus;
}
