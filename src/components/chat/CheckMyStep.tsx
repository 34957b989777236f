import { type SyntheticEvent, useId, useState } from 'react';
import { MAX_STEP_LENGTH } from '@studyease/contract';
import { errorMessage } from '@/lib/api/errors';
import { formText } from '@/lib/formText';
import { type CheckStepResult, type TutorAnswer, tutorApi } from '@/lib/api/tutor';
import type { ToolId } from '@/lib/tools';
import { RichText } from './RichText';

interface CheckMyStepProps {
  tool: ToolId;
  answer: TutorAnswer;
}

/** The tools whose engine checks a student's own line of working (packages/tutor/src/check-step). */
const STEP_TOOLS: readonly ToolId[] = ['math-solver'];

const HEADLINE: Record<CheckStepResult['status'], string> = {
  right: 'Right step.',
  wrong: 'Not quite.',
  unsupported: 'I can’t check that one.',
};

/**
 * "Check my step": under an engine's answer, the student types their own next line and the engine says whether it
 * keeps the question's solutions, where it went wrong if not, and a good next move.
 */
export default function CheckMyStep({ tool, answer }: CheckMyStepProps) {
  const [result, setResult] = useState<CheckStepResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const inputId = useId();
  const helpId = useId();
  if (!STEP_TOOLS.includes(tool) || answer.status !== 'solved' || answer.source !== 'engine') return null;

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const step = formText(new FormData(event.currentTarget), 'step').trim();
    if (!step) {
      setResult(null);
      setError('Type your next line first, for example 2x − 8 = 0.');
      return;
    }
    setChecking(true);
    setError(null);
    try {
      setResult(await tutorApi.checkStep(tool, answer.question.text, step));
    } catch (caught) {
      setResult(null);
      setError(errorMessage(caught, 'Your step could not be checked. Please try again.'));
    } finally {
      setChecking(false);
    }
  }

  const tone =
    result?.status === 'right'
      ? 'text-emerald-800 dark:text-emerald-300'
      : result?.status === 'wrong'
        ? 'text-red-800 dark:text-red-300'
        : 'text-slate-800 dark:text-slate-200';

  return (
    // Named after its question: two answers' boxes are two landmarks, and landmarks need distinct names.
    <section
      aria-label={`Check my step on ${answer.question.text}`}
      className="mt-4 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
    >
      <form onSubmit={(event) => void onSubmit(event)}>
        <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900 dark:text-white">
          Check my step
        </label>
        <p id={helpId} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          Type your own next line, like 2x − 8 = 0, and see if it is on the right track.
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <input
            id={inputId}
            name="step"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            inputMode="text"
            maxLength={MAX_STEP_LENGTH}
            aria-describedby={helpId}
            placeholder="Your next line"
            className="min-w-0 flex-1 basis-48 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 sm:py-1.5 sm:text-sm dark:border-slate-600 dark:bg-slate-950 dark:text-white"
            onInput={() => setResult(null)}
          />
          <button type="submit" className="btn-outline px-3 py-2 text-sm sm:py-1.5" disabled={checking}>
            {checking ? 'Checking…' : 'Check my step'}
          </button>
        </div>
      </form>
      <div aria-live="polite" data-testid="step-result">
        {result && (
          <div className={`mt-2 text-sm ${tone}`} data-status={result.status}>
            <p className="font-semibold">{HEADLINE[result.status]}</p>
            <RichText text={result.message} className="mt-0.5" />
            {result.next && (
              <p className="mt-1 text-slate-800 dark:text-slate-200">
                <span className="font-semibold">{result.status === 'wrong' ? 'To fix it: ' : 'Next move: '}</span>
                <RichText text={result.next} inline />
              </p>
            )}
          </div>
        )}
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
