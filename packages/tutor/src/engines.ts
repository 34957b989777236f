import type { Check, ToolId } from '@studyease/contract';
import type { Engine } from './engine';

/**
 * The offline engines, loaded on first use: their rule sets and CAS libraries are heavy, and the backend must
 * start in seconds. `require` (not `import`) keeps them out of the start-up path.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, as said above */
const loaders: Partial<Record<ToolId, () => Engine>> = {
  'math-solver': () => (require('./math') as { mathEngine: Engine }).mathEngine,
  'physics-solver': () => (require('./physics') as { physicsEngine: Engine }).physicsEngine,
  'chemistry-solver': () => (require('./chemistry') as { chemistryEngine: Engine }).chemistryEngine,
};
/* eslint-enable @typescript-eslint/no-require-imports */

const loaded = new Map<ToolId, Engine>();

/**
 * @param tool a tool id
 * @returns the tool's offline engine, or undefined for tools that only a model can serve (translator, homework helper)
 */
export function engineFor(tool: ToolId): Engine | undefined {
  const cached = loaded.get(tool);
  if (cached) return cached;
  const load = loaders[tool];
  if (!load) return undefined;
  const engine = load();
  loaded.set(tool, engine);
  return engine;
}

/**
 * An independent check of an answer someone else wrote (an AI model), without solving the question: for math,
 * the candidate roots substituted into the original equation. Null when no such check applies.
 */
export function checkModelAnswer(tool: ToolId, question: string, answerText: string): Check | null {
  if (tool !== 'math-solver') return null;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the math engine, loaded on first use
    const math = require('./math') as { checkCandidate: (question: string, answer: string) => Check | null };
    return math.checkCandidate(question, answerText);
  } catch (error) {
    console.error('[tutor] checking a model answer failed', error);
    return null;
  }
}
