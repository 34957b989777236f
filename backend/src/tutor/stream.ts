import type { AnswerEvent, Check, SolveOptions, ToolId, TutorAnswer } from '@studyease/contract';
import { checkModelAnswer, engineFor, noModelAnswer } from '@studyease/tutor';
import { type ModelSettings, ModelError, streamChat } from './model/chatCompletions';
import { modelAnswer, modelFinalAnswer, promptFor } from './model/modelAnswer';

export interface StreamDependencies {
  /** Solves with the offline engine (in the worker pool, with its time limit). */
  solveWithEngine: (tool: ToolId, question: string, options?: SolveOptions) => Promise<TutorAnswer>;
  /**
   * Checks a model's final answer with the engine (in the worker pool, with its time limit); without it the check
   * runs here, which only tests do.
   */
  checkModelAnswer?: (tool: ToolId, question: string, answer: string) => Promise<Check | null>;
  /** The configured model, or null. */
  model: ModelSettings | null;
  signal?: AbortSignal;
  /**
   * Called once right before the model is asked: counts the answer against the day's budget (src/limits) and
   * resolves null to go ahead, or the message for the student when the budget is used up (or throws).
   */
  reserveModelAnswer?: () => Promise<string | null>;
}

/**
 * Answers a question as a stream of events. The offline engine answers first where there is one; the model takes
 * the questions the engine marks unsupported and the tools only a model can serve. With no model configured the
 * answer says so. A failing model ends in an `error` event with a message for the student, then `done`.
 */
export async function* streamAnswer(
  tool: ToolId,
  question: string,
  options: SolveOptions | undefined,
  deps: StreamDependencies,
): AsyncGenerator<AnswerEvent, void, undefined> {
  const engineAnswer = engineFor(tool) ? await deps.solveWithEngine(tool, question, options) : null;
  if (engineAnswer && (engineAnswer.status !== 'unsupported' || !deps.model)) {
    yield { event: 'start', data: { tool, source: 'engine' } };
    for (const step of engineAnswer.steps) yield { event: 'step', data: step };
    yield { event: 'answer', data: engineAnswer };
    yield { event: 'done', data: {} };
    return;
  }
  if (!deps.model) {
    yield { event: 'start', data: { tool, source: 'engine' } };
    yield { event: 'answer', data: noModelAnswer(tool, question) };
    yield { event: 'done', data: {} };
    return;
  }

  const refusal = (await deps.reserveModelAnswer?.()) ?? null;
  yield { event: 'start', data: { tool, source: 'model' } };
  if (refusal !== null) {
    yield { event: 'error', data: { kind: 'quota', message: refusal } };
    yield { event: 'done', data: {} };
    return;
  }
  let text = '';
  try {
    for await (const delta of streamChat(deps.model, promptFor(tool, question, options), deps.signal)) {
      text += delta;
      yield { event: 'delta', data: { text: delta } };
    }
    const check =
      deps.checkModelAnswer ??
      ((...args: Parameters<typeof checkModelAnswer>) => Promise.resolve(checkModelAnswer(...args)));
    const verdict = tool === 'translator' ? null : await check(tool, question, modelFinalAnswer(text));
    yield { event: 'answer', data: modelAnswer(tool, question, text, () => verdict) };
  } catch (error) {
    const kind = error instanceof ModelError ? error.kind : 'unknown';
    const message =
      error instanceof ModelError && error.kind === 'timeout'
        ? 'The AI model took too long to answer. Please try again.'
        : error instanceof ModelError && error.kind === 'cut'
          ? 'The answer was cut off before it was complete. Please try again.'
          : 'The AI model is not available right now. Please try again in a moment.';
    yield { event: 'error', data: { kind, message } };
  }
  yield { event: 'done', data: {} };
}

/** Runs the stream to its end and returns the final answer (the non-streaming API). */
export async function collectAnswer(
  tool: ToolId,
  question: string,
  options: SolveOptions | undefined,
  deps: StreamDependencies,
): Promise<TutorAnswer> {
  let answer: TutorAnswer | null = null;
  let failure = 'The answer could not be completed.';
  for await (const event of streamAnswer(tool, question, options, deps)) {
    if (event.event === 'answer') answer = event.data;
    if (event.event === 'error') failure = event.data.message;
  }
  return (
    answer ?? {
      ...noModelAnswer(tool, question),
      kind: 'model-error',
      reason: failure,
    }
  );
}
