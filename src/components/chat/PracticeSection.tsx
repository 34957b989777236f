import { useState } from 'react';
import { ApiError } from '@/lib/api/errors';
import { type PracticeQuestion, tutorApi } from '@/lib/api/tutor';
import type { ToolId } from '@/lib/tools';
import PracticeItem from './PracticeItem';

interface PracticeSectionProps {
  tool: ToolId;
  /** The question the answer solved; the practice questions are like it. */
  question: string;
  /** Practice the answer came with, if any. */
  initial: readonly PracticeQuestion[];
}

/**
 * Practice questions under an answer, asked for on demand (each one is solved and checked by the engine, which
 * costs the server work that a student who moves on does not need). Only verified ones are offered.
 */
export default function PracticeSection({ tool, question, initial }: PracticeSectionProps) {
  const [items, setItems] = useState<readonly PracticeQuestion[] | null>(initial.length > 0 ? initial : null);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);
  const verified = items?.filter((item) => item.verified) ?? [];

  async function load() {
    setState('loading');
    try {
      const { practice } = await tutorApi.practice(tool, question);
      setItems(practice);
      setState('idle');
    } catch (caught) {
      setState('error');
      setError(caught instanceof ApiError ? caught.message : 'Practice questions could not be loaded.');
    }
  }

  return (
    // Named after its question: two answers' practice in one conversation are two landmarks, and axe's
    // landmark-unique asks each to have a name of its own.
    <section className="mt-5" aria-label={`Practice questions like ${question}`}>
      {items === null ? (
        <button
          type="button"
          className="btn-outline px-3 py-1.5 text-sm"
          disabled={state === 'loading'}
          onClick={() => void load()}
        >
          {state === 'loading' ? 'Finding similar questions…' : 'Practise with similar questions'}
        </button>
      ) : (
        <>
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Practice questions</h3>
          {verified.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              No checked practice questions could be made for this one.
            </p>
          ) : (
            <ul className="mt-2 space-y-2">
              {verified.map((item, index) => (
                <PracticeItem key={item.question} tool={tool} practice={item} index={index} />
              ))}
            </ul>
          )}
        </>
      )}
      {state === 'error' && error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
