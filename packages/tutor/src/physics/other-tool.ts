/**
 * A question the physics engine refused that belongs to another tool: a chemical equation, moles or a molar mass
 * (Chemistry Solver), or a derivative, an integral or an equation in x (Math Solver). Asked only after a refusal,
 * so a question the physics engine answers (N = n·N_A, say) is never sent away. The chemical equation reuses the
 * phrasing layer's reader; the words are looked up one by one, so no pattern runs over the whole text.
 */
import type { ToolId } from '@studyease/contract';
import { otherToolFor } from '../phrasing/other-tool';

const CHEMISTRY_WORDS = new Set([
  'mol',
  'mole',
  'moles',
  'molar',
  'molarity',
  'molecule',
  'molecules',
  'balance',
  'balanced',
  'reaction',
  'react',
  'reacts',
  'compound',
  'stoichiometry',
  'reagent',
  'yield',
  'titration',
  'concentration',
  'acid',
  'oxidation',
  'precipitate',
  'avogadro',
  "avogadro's",
]);
const MATH_WORDS = new Set([
  'derivative',
  'differentiate',
  'derivate',
  'integral',
  'integrate',
  'antiderivative',
  'simplify',
  'factor',
  'factorise',
  'factorize',
  'expand',
  'limit',
  'roots',
  'polynomial',
  'quadratic',
]);

export interface Pointer {
  reason: string;
  suggestion: { text: string; tool: ToolId };
}

/** @returns where to send a question the physics engine refused, or undefined when it is physics after all */
export function otherToolPointer(question: string): Pointer | undefined {
  const words = question
    .toLowerCase()
    .split(/[^a-z']+/u)
    .filter((w) => w !== '');
  const elsewhere = otherToolFor(question);
  if (elsewhere?.tool === 'chemistry-solver' || words.some((w) => CHEMISTRY_WORDS.has(w)))
    return {
      reason: `This looks like ${elsewhere?.looksLike ?? 'a chemistry question'}, not a physics problem: ask the Chemistry Solver, which can solve it.`,
      suggestion: { text: question, tool: 'chemistry-solver' },
    };
  // "x^2", "2x + 3 = 7": a variable in an expression, with no physical unit in sight.
  const algebra = /[a-z]\s?[\^²³]|\d[a-z]\b|\b[xyz]\s?[=+\-*/]/u.test(question.toLowerCase());
  if (words.some((w) => MATH_WORDS.has(w)) || (algebra && elsewhere === undefined))
    return {
      reason: 'This looks like a maths question, not a physics problem: ask the Math Solver, which can solve it.',
      suggestion: { text: question, tool: 'math-solver' },
    };
  return undefined;
}
