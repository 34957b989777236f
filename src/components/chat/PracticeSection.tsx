import { useStore } from '@nanostores/react';
import { type SkillId, skillById } from '@studyease/contract';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/errors';
import { type PracticeQuestion, tutorApi } from '@/lib/api/tutor';
import type { ToolId } from '@/lib/tools';
import { $chat, answerPractice, loadPractice } from '@/stores/chat';
import PracticeItem, { type Attempt } from './PracticeItem';

interface PracticeSectionProps {
  tool: ToolId;
  /** The question the answer solved; the practice questions are like it. */
  question: string;
  /** Practice the answer came with or was given before (kept on its message). */
  initial: readonly PracticeQuestion[];
  /** The answer's entry in the chat store. */
  entryKey: string;
  /**
   * The saved answer's id: its practice and the student's attempts are kept with the conversation. Null while it
   * has none (not saved yet): the questions and checks then go through the public tutor API and are not kept.
   */
  messageId: string | null;
  /** The skill of a checked answer: "Practise this" starts a session on it (/app/practice). */
  skill?: SkillId | undefined;
}

/**
 * Practice questions under an answer, asked for on demand (each one is solved and checked by the engine, which
 * costs the server work that a student who moves on does not need). Only verified ones are offered.
 */
export default function PracticeSection({ tool, question, initial, entryKey, messageId, skill }: PracticeSectionProps) {
  const [items, setItems] = useState<readonly PracticeQuestion[] | null>(initial.length > 0 ? initial : null);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);
  // Attempts of this answer's practice, kept by the backend; without a saved answer, this screen's own.
  const kept = useStore($chat, { keys: ['attempts'] }).attempts;
  const [local, setLocal] = useState<readonly Attempt[]>([]);
  const attempts: readonly Attempt[] = messageId ? kept.filter((attempt) => attempt.message === messageId) : local;
  const verified = items?.filter((item) => item.verified) ?? [];

  async function load() {
    setState('loading');
    try {
      setItems(messageId ? await loadPractice(entryKey) : (await tutorApi.practice(tool, question)).practice);
      setState('idle');
    } catch (caught) {
      setState('error');
      setError(errorMessage(caught, 'Practice questions could not be loaded.'));
    }
  }

  /** Checks an answer: kept with the conversation when the answer is saved, else only shown here. */
  async function check(practice: PracticeQuestion, answer: string): Promise<void> {
    if (messageId) {
      await answerPractice(entryKey, practice.question, answer);
      return;
    }
    const result = await tutorApi.check(tool, practice.question, answer);
    setLocal((previous) => [...previous, { question: practice.question, answer, ...result }]);
  }

  return (
    // Named after its question: two answers' practice in one conversation are two landmarks, and axe's
    // landmark-unique asks each to have a name of its own.
    <section className="mt-5" aria-label={`Practice questions like ${question}`}>
      {(skill || items === null) && (
        <div className="flex flex-wrap gap-2">
          {skill && (
            <a
              href={`/app/practice?skill=${skill}`}
              className="btn-primary px-3 py-1.5 text-sm"
              // The skill by name for a screen reader; the visible label stays short.
              aria-label={`Practise this: ${skillById(skill)?.name ?? skill}`}
            >
              Practise this
            </a>
          )}
          {items === null && (
            <button
              type="button"
              className="btn-outline px-3 py-1.5 text-sm"
              disabled={state === 'loading'}
              onClick={() => void load()}
            >
              {state === 'loading' ? 'Finding similar questions…' : 'Practise with similar questions'}
            </button>
          )}
        </div>
      )}
      {items !== null && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-900 first:mt-0 dark:text-white">Practice questions</h3>
          {verified.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              No checked practice questions could be made for this one.
            </p>
          ) : (
            <ul className="mt-2 space-y-2">
              {verified.map((item, index) => (
                <PracticeItem
                  key={item.question}
                  practice={item}
                  index={index}
                  attempts={attempts.filter((attempt) => attempt.question === item.question)}
                  onCheck={(answer) => check(item, answer)}
                />
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
