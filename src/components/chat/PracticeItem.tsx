import { type SyntheticEvent, useState } from 'react';
import type { PracticeAttempt } from '@/lib/api/chat';
import { errorMessage } from '@/lib/api/errors';
import type { PracticeQuestion } from '@/lib/api/tutor';
import { formText } from '@/lib/formText';
import { RichText } from './RichText';

/** What an item shows of an answer the student gave: kept by the backend, or only on this screen. */
export type Attempt = Pick<PracticeAttempt, 'question' | 'answer' | 'correct' | 'differences'>;

interface PracticeItemProps {
  practice: PracticeQuestion;
  index: number;
  /** The student's answers to this question so far, oldest first. */
  attempts: readonly Attempt[];
  /** Checks an answer (and keeps it); rejects with an ApiError when it could not be checked. */
  onCheck: (answer: string) => Promise<void>;
}

/**
 * A practice question as a tutor sets one: the student answers first; a wrong answer is told where it goes wrong,
 * and only then is the solution offered, one click away. The answers given so far stay listed under it.
 */
export default function PracticeItem({ practice, index, attempts, onCheck }: PracticeItemProps) {
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [shown, setShown] = useState(false);
  // A new answer being typed hides the last verdict until it is checked.
  const [editing, setEditing] = useState(false);
  const inputId = `practice-${index}-${practice.question.length}`;
  const latest = attempts.at(-1);
  const solved = attempts.some((attempt) => attempt.correct);
  const missed = attempts.some((attempt) => !attempt.correct);

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = formText(new FormData(event.currentTarget), 'answer').trim();
    if (!answer) {
      setError('Type your answer first. After a first try you can see the solution.');
      return;
    }
    setChecking(true);
    setError(null);
    try {
      await onCheck(answer);
      setEditing(false);
    } catch (caught) {
      setError(errorMessage(caught, 'Your answer could not be checked. Please try again.'));
    } finally {
      setChecking(false);
    }
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-900 dark:text-white">
        <RichText text={practice.question} inline />
      </label>
      <form className="mt-2 flex flex-wrap items-center gap-2" onSubmit={(event) => void onSubmit(event)}>
        <input
          id={inputId}
          name="answer"
          autoComplete="off"
          maxLength={500}
          placeholder="Your answer"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-white"
          onInput={() => setEditing(true)}
        />
        <button type="submit" className="btn-primary px-3 py-1.5 text-sm" disabled={checking}>
          {checking ? 'Checking…' : 'Check my answer'}
        </button>
      </form>
      <div aria-live="polite">
        {latest && !editing && latest.correct && (
          <p className="mt-2 text-sm font-semibold text-emerald-700 dark:text-emerald-300">Right! Well done.</p>
        )}
        {latest && !editing && !latest.correct && (
          <div className="mt-2 text-sm text-red-700 dark:text-red-300">
            <p className="font-semibold">Not quite: “{latest.answer}”.</p>
            {latest.differences.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {latest.differences.map((difference) => (
                  <li key={difference}>
                    <RichText text={difference} inline />
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-1 text-slate-700 dark:text-slate-300">Have another go, or see the solution.</p>
          </div>
        )}
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
      {attempts.length > 1 && (
        <div className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          <p>Your answers so far:</p>
          <ol className="mt-1 flex flex-wrap gap-1.5" aria-label="Your answers so far">
            {attempts.map((attempt, at) => (
              <li
                // Answers may repeat; their order is fixed (oldest first, only ever appended).
                key={`${at}-${attempt.answer}`}
                className={`rounded-md px-2 py-0.5 ${
                  attempt.correct
                    ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
                    : 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200'
                }`}
              >
                {attempt.answer} <span aria-hidden="true">{attempt.correct ? '✓' : '✗'}</span>
                <span className="sr-only">{attempt.correct ? '(right)' : '(not right)'}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      {missed && !solved && !shown && (
        <button type="button" className="btn-ghost mt-2 px-3 py-1.5 text-sm" onClick={() => setShown(true)}>
          Show solution
        </button>
      )}
      {shown && !solved && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Solution: <RichText text={practice.answer} inline />
        </p>
      )}
    </li>
  );
}
