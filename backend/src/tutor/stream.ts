import {
  type AnswerEvent,
  type Check,
  refusedAnswer,
  type SolveOptions,
  type ToolId,
  type TutorAnswer,
} from '@studyease/contract';
import { checkModelAnswer, engineFor, noModelAnswer } from '@studyease/tutor';
import { completeChat, type ModelSettings, ModelError, streamChat } from './model/chatCompletions';
import { modelAnswer, modelFinalAnswer, promptFor } from './model/modelAnswer';
import {
  engineQuestionOf,
  hasStructuredRequest,
  parseStructuredRequest,
  STRUCTURED_REQUEST_FORMAT,
  structuredRequestPrompt,
} from './model/structuredRequest';

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

/** What the student reads when the model fails: plain words, never the client's own message or a stack. */
export function modelFailureMessage(error: unknown): string {
  if (!(error instanceof ModelError)) return 'The AI model is not available right now. Please try again in a moment.';
  switch (error.kind) {
    case 'timeout':
      return 'The AI model took too long to answer. Please try again.';
    case 'cut':
      return 'The answer was cut off before it was complete. Please try again.';
    case 'invalid':
      return 'The AI model sent an answer that could not be read. Please try again.';
    case 'http':
    case 'network':
      return 'The AI model is not available right now. Please try again in a moment.';
  }
}

/** The engine's answer; a worker that fails (not a refusal: a crash) is an honest "unsupported", never an error page. */
async function solveSafely(deps: StreamDependencies, tool: ToolId, question: string, options?: SolveOptions) {
  try {
    return await deps.solveWithEngine(tool, question, options);
  } catch (error) {
    console.error(`[tutor] solving in the pool failed: ${error instanceof Error ? error.message : String(error)}`);
    return refusedAnswer(tool, 'unsupported', 'engine-error', question, 'This problem could not be solved reliably.');
  }
}

/** The tools with an offline engine, in the order a refusal suggests them. */
const SOLVERS = ['math-solver', 'physics-solver', 'chemistry-solver'] as const;

/**
 * The homework helper's answer while there is no model: its refusal, pointing at a solver whose engine solves the
 * question as asked ("Ask the Math Solver", the question carried over), when one does. The engines run side by side
 * in the pool; one that fails or times out is simply not suggested.
 */
async function noModelRefusal(deps: StreamDependencies, tool: ToolId, question: string): Promise<TutorAnswer> {
  const refusal = noModelAnswer(tool, question);
  if (tool !== 'homework-helper') return refusal;
  const answers = await Promise.all(SOLVERS.map((solver) => solveSafely(deps, solver, question)));
  const index = answers.findIndex((answer) => answer.status === 'solved');
  const solver = SOLVERS[index];
  return solver ? { ...refusal, suggestion: { text: question, tool: solver } } : refusal;
}

/** An engine's answer as the events of a stream. */
function* engineEvents(tool: ToolId, answer: TutorAnswer): Generator<AnswerEvent, void, undefined> {
  yield { event: 'start', data: { tool, source: 'engine' } };
  for (const step of answer.steps) yield { event: 'step', data: step };
  yield { event: 'answer', data: answer };
  yield { event: 'done', data: {} };
}

/**
 * The model as a reader: it restates the question as a structured request, which is written back in the engine's
 * notation and solved there. Returns the engine's answer when that worked, null when the model could not restate
 * it or the engine could not solve the restatement (then the model answers).
 * @throws {ModelError} when the model is down (no answer, a timeout, a server error); a reply that is not a valid
 *   request, or a server that refuses structured output (4xx), is a null, not an error
 */
async function readWithModel(
  tool: ToolId,
  question: string,
  deps: StreamDependencies & { model: ModelSettings },
): Promise<TutorAnswer | null> {
  if (!hasStructuredRequest(tool)) return null;
  let reply: string;
  try {
    reply = await completeChat(
      deps.model,
      structuredRequestPrompt(tool, question),
      STRUCTURED_REQUEST_FORMAT,
      deps.signal,
    );
  } catch (error) {
    const unsupportedFormat = error instanceof ModelError && error.kind === 'http' && (error.status ?? 500) < 500;
    if (unsupportedFormat || (error instanceof ModelError && error.kind === 'invalid')) return null;
    throw error;
  }
  const request = parseStructuredRequest(reply);
  const restated = request ? engineQuestionOf(tool, request) : null;
  if (restated === null || restated === question) return null;
  const answer = await solveSafely(deps, tool, restated);
  // The engine solved and checked the restated question; the answer shows it ("I read this as") and says who read it.
  return answer.status === 'solved' ? { ...answer, readByModel: true } : null;
}

/**
 * Answers a question as a stream of events. The offline engine answers first where there is one. With a model
 * configured, a question the engine could not read (`unsupported`, `invalid`) is restated by the model as a
 * structured request the engine solves and checks; what the engine still cannot solve is answered by the model,
 * whose shown arithmetic is recomputed, except an `invalid` verdict, which stands. With no model configured the engine's answer (or, for a model-only
 * tool, "no model") stands. A failing model ends in an `error` event with a message for the student, then `done`.
 */
export async function* streamAnswer(
  tool: ToolId,
  question: string,
  options: SolveOptions | undefined,
  deps: StreamDependencies,
): AsyncGenerator<AnswerEvent, void, undefined> {
  const engineAnswer = engineFor(tool) ? await solveSafely(deps, tool, question, options) : null;
  if (engineAnswer && (engineAnswer.status === 'solved' || !deps.model)) {
    yield* engineEvents(tool, engineAnswer);
    return;
  }
  if (!deps.model) {
    yield { event: 'start', data: { tool, source: 'engine' } };
    yield { event: 'answer', data: await noModelRefusal(deps, tool, question) };
    yield { event: 'done', data: {} };
    return;
  }
  const model = deps.model;

  // An `invalid` answer is the engine's verdict on the question (`Fe + O2 -> Au`: Fe only on the left), with a reason
  // about the student's own input: the model may restate a misread question, but never replaces that verdict with
  // its own answer. Whatever goes wrong on the way (budget, model down), the verdict stands.
  const verdict = engineAnswer?.status === 'invalid' ? engineAnswer : null;

  // One model answer counts against the budget, whether the model reads the question for the engine or answers it.
  let refusal: string | null;
  try {
    refusal = (await deps.reserveModelAnswer?.()) ?? null;
  } catch (error) {
    if (!verdict) throw error;
    refusal = 'over budget';
  }
  if (refusal !== null) {
    if (verdict) {
      yield* engineEvents(tool, verdict);
      return;
    }
    yield { event: 'start', data: { tool, source: 'model' } };
    yield { event: 'error', data: { kind: 'quota', message: refusal } };
    yield { event: 'done', data: {} };
    return;
  }
  try {
    const reread = engineAnswer ? await readWithModel(tool, question, { ...deps, model }) : null;
    const settled = reread ?? verdict;
    if (settled) {
      yield* engineEvents(tool, settled);
      return;
    }
  } catch (error) {
    if (verdict) {
      yield* engineEvents(tool, verdict);
      return;
    }
    yield { event: 'start', data: { tool, source: 'model' } };
    yield {
      event: 'error',
      data: { kind: error instanceof ModelError ? error.kind : 'unknown', message: modelFailureMessage(error) },
    };
    yield { event: 'done', data: {} };
    return;
  }

  yield { event: 'start', data: { tool, source: 'model' } };
  let text = '';
  try {
    for await (const delta of streamChat(model, promptFor(tool, question, options), deps.signal)) {
      text += delta;
      yield { event: 'delta', data: { text: delta } };
    }
    const check =
      deps.checkModelAnswer ??
      ((...args: Parameters<typeof checkModelAnswer>) => Promise.resolve(checkModelAnswer(...args)));
    // A check that fails to run (a crashed worker) leaves the answer not checked; it does not lose the answer.
    const verdict =
      tool === 'translator' ? null : await check(tool, question, modelFinalAnswer(text)).catch(() => null);
    yield { event: 'answer', data: modelAnswer(tool, question, text, () => verdict) };
  } catch (error) {
    const kind = error instanceof ModelError ? error.kind : 'unknown';
    yield { event: 'error', data: { kind, message: modelFailureMessage(error) } };
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
