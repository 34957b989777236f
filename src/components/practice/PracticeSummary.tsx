import { useEffect, useRef } from 'react';
import { masteryPercent, reviewDateInWords } from '@/lib/reviewDate';
import { endPractice, type PracticeRun, startPractice, summaryOf } from '@/stores/practice';
import MasteryBar from './MasteryBar';

function plural(count: number, one: string, many: string): string {
  return `${String(count)} ${count === 1 ? one : many}`;
}

/** The end of a session: how the answers went and where each practised skill's mastery moved. */
export default function PracticeSummary({ run }: { run: PracticeRun }) {
  const summary = summaryOf(run);
  const heading = useRef<HTMLHeadingElement>(null);
  // The question card is gone: the summary's heading takes the focus, so a keyboard or screen reader lands on it.
  useEffect(() => heading.current?.focus(), []);
  const parts = [
    plural(summary.right, 'right', 'right'),
    summary.rightAfterHints > 0 ? `${String(summary.rightAfterHints)} right with hints` : null,
    plural(summary.wrong, 'to look at again', 'to look at again'),
  ].filter((part): part is string => part !== null);
  return (
    <section aria-labelledby="practice-summary-heading" className="mt-6">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <h2
          id="practice-summary-heading"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900 outline-none dark:text-white"
        >
          Session done
        </h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {plural(run.answered.length, 'question', 'questions')}: {parts.join(', ')}.
        </p>
        <ul className="mt-4 space-y-4">
          {summary.skills.map((skill) => {
            const before = masteryPercent(skill.before);
            const after = masteryPercent(skill.after);
            return (
              <li key={skill.skill}>
                <p className="text-sm font-medium text-slate-900 dark:text-white">
                  {skill.name}{' '}
                  <span className="font-normal text-slate-600 dark:text-slate-400">
                    {after === before ? '(unchanged)' : `(${after > before ? 'up' : 'down'} from ${String(before)}%)`}
                  </span>
                </p>
                <MasteryBar name={skill.name} mastery={skill.after} mastered={skill.mastered} className="mt-1" />
                {skill.nextReviewAt && (
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                    Comes back {reviewDateInWords(skill.nextReviewAt)}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <div className="mt-6 flex flex-wrap gap-2">
          <button type="button" className="btn-primary px-4 py-2" onClick={endPractice}>
            Back to your skills
          </button>
          <button
            type="button"
            className="btn-outline px-4 py-2"
            onClick={() => void startPractice(run.skill ?? undefined)}
          >
            Practise again
          </button>
        </div>
      </div>
    </section>
  );
}
