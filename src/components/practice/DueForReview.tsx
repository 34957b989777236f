import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import Icon from '@/components/app/Icon';
import { reviewDateInWords } from '@/lib/reviewDate';
import { $dueSkills, $skills, loadSkills } from '@/stores/practice';

/** How many due skills are named; the practice page lists them all. */
const NAMED = 4;

/** The dashboard's part of practice: the skills due for review today, by name, with the way to practise them. */
export default function DueForReview() {
  const { state, skills } = useStore($skills);
  const due = useStore($dueSkills);
  useEffect(() => {
    void loadSkills();
  }, []);

  const started = skills.filter((skill) => skill.startedAt !== null && skill.nextReviewAt !== null);
  // Loading, failed, or nothing started yet: nothing here (the sidebar leads to practice, whose page says why), so a
  // new student's phone still shows the recent conversations within the first screen.
  if (state !== 'ready' || started.length === 0) return null;
  const soonest = started
    .filter((skill) => !skill.due)
    .sort((a, b) => (a.nextReviewAt ?? '').localeCompare(b.nextReviewAt ?? ''))[0];
  const names = due.slice(0, NAMED).map((skill) => skill.name);
  const more = due.length - names.length;

  return (
    <section
      aria-labelledby="due-heading"
      className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:mt-8 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-800 sm:inline-flex dark:bg-amber-950 dark:text-amber-300">
        <Icon name="repeat" className="size-5" />
      </span>
      <div className="min-w-0 flex-1 basis-56">
        <h2 id="due-heading" className="font-semibold text-slate-900 dark:text-white">
          {due.length > 0
            ? `${String(due.length)} ${due.length === 1 ? 'skill' : 'skills'} due for review`
            : 'Practice'}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="due-skills">
          {due.length > 0
            ? `${names.join(', ')}${more > 0 ? ` and ${String(more)} more` : ''}.`
            : soonest?.nextReviewAt
              ? `Nothing is due today. Next up: ${soonest.name}, ${reviewDateInWords(soonest.nextReviewAt)}.`
              : 'Nothing is due today.'}
        </p>
      </div>
      <a href="/app/practice" className={`${due.length > 0 ? 'btn-primary' : 'btn-outline'} px-4 py-2 text-sm`}>
        {due.length > 0 ? 'Practise now' : 'Open practice'}
      </a>
    </section>
  );
}
