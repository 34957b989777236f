import type { TutorConfig } from './config';
import { checkModelAnswerInPool, solveInPool } from './pool';
import type { StreamDependencies } from './stream';

/** What every caller of the tutor's stream passes: engines in the worker pool, and the configured model. */
export function poolDependencies(config: TutorConfig, signal?: AbortSignal): StreamDependencies {
  return {
    solveWithEngine: (tool, question, options) => solveInPool(tool, question, options, config),
    checkModelAnswer: (tool, question, answer) => checkModelAnswerInPool(tool, question, answer, config),
    model: config.model,
    ...(signal ? { signal } : {}),
  };
}
