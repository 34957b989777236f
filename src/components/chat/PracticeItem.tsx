import { type SyntheticEvent, useState } from 'react';
import { ApiError } from '@/lib/api/errors';
import { formText } from '@/lib/formText';
import { type CheckResult, type PracticeQuestion, tutorApi } from '@/lib/api/tutor';
import type { ToolId } from '@/lib/tools';
import { RichText } from './RichText';

interface PracticeItemProps {
  tool: ToolId;
  practice: PracticeQuestion;
  index: number;
}

/** A practice question with an answer box that the engine's check function marks right or wrong (and where). */
export default function PracticeItem({ tool, practice, index }: PracticeItemProps) {
  const [result, setResult] = useState<CheckResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [shown, setShown] = useState(false);
  const inputId = `practice-${index}-${practice.question.length}`;

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = formText(new FormData(event.currentTarget), 'answer').trim();
    if (!answer) {
      setError('Type your answer first.');
      return;
    }
    setChecking(true);
    setError(null);
    try {
      setResult(await tutorApi.check(tool, practice.question, answer));
    } catch (caught) {
      setResult(null);
      setError(caught instanceof ApiError ? caught.message : 'Your answer could not be checked. Please try again.');
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
          onInput={() => setResult(null)}
        />
        <button type="submit" className="btn-outline px-3 py-1.5 text-sm" disabled={checking}>
          {checking ? 'Checking…' : 'Check my answer'}
        </button>
        <button type="button" className="btn-ghost px-3 py-1.5 text-sm" onClick={() => setShown((value) => !value)}>
          {shown ? 'Hide answer' : 'Show answer'}
        </button>
      </form>
      <div aria-live="polite">
        {result?.correct && (
          <p className="mt-2 text-sm font-semibold text-emerald-700 dark:text-emerald-300">Right! Well done.</p>
        )}
        {result && !result.correct && (
          <div className="mt-2 text-sm text-red-700 dark:text-red-300">
            <p className="font-semibold">Not quite.</p>
            {result.differences.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {result.differences.map((difference) => (
                  <li key={difference}>{difference}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
      {shown && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Answer: <RichText text={practice.answer} inline />
        </p>
      )}
    </li>
  );
}
