import { useStore } from '@nanostores/react';
import { skillById } from '@studyease/contract';
import { useEffect } from 'react';
import Icon from '@/components/app/Icon';
import { $dueSkills, $practice, $skills, endPractice, loadSkills, startPractice } from '@/stores/practice';
import { navigateInApp } from '@/stores/router';
import PracticeSession from './PracticeSession';
import PracticeSummary from './PracticeSummary';
import SkillList from './SkillList';

/**
 * Reads `?skill=<id>` (the chat's "Practise this"): a known skill starts a session on it. The query then leaves the
 * address, so a reload or Back shows the skills rather than starting again.
 */
function takeRequestedSkill(): void {
  const requested = new URLSearchParams(location.search).get('skill');
  if (requested === null) return;
  const skill = skillById(requested);
  if (skill) void startPractice(skill.id);
  navigateInApp('/app/practice', { replace: true });
}

/** /app/practice: the student's skills with mastery and review dates, and sessions of five questions. */
export default function PracticePage() {
  const skills = useStore($skills);
  const due = useStore($dueSkills);
  const run = useStore($practice);

  useEffect(() => {
    void loadSkills();
    takeRequestedSkill();
  }, []);

  const started = skills.skills.some((skill) => skill.startedAt !== null);
  const inSession = run.phase !== 'idle';

  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Practice</h1>
      {/* In a session, a phone keeps its height for the question. */}
      <p className={`mt-2 text-slate-600 dark:text-slate-400 ${inSession ? 'hidden sm:block' : ''}`}>
        The skills from your own questions come back for review just before you would forget them.
      </p>

      {run.phase === 'starting' ? (
        <p role="status" className="mt-8 flex items-center gap-2 text-slate-600 dark:text-slate-400">
          <span className="typing-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          Making your questions and checking each one…
        </p>
      ) : run.phase === 'failed' ? (
        <div
          role="alert"
          className="mt-8 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950/60 dark:text-red-200"
        >
          <p>{run.error}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-outline border-red-300 px-3 py-1 text-sm dark:border-red-700"
              onClick={() => void startPractice(run.skill ?? undefined)}
            >
              Try again
            </button>
            <button type="button" className="btn-ghost px-3 py-1 text-sm" onClick={endPractice}>
              Back to your skills
            </button>
          </div>
        </div>
      ) : run.phase === 'summary' ? (
        <PracticeSummary run={run} />
      ) : inSession ? (
        <PracticeSession run={run} />
      ) : skills.state === 'loading' ? (
        <p role="status" className="mt-8 text-slate-600 dark:text-slate-400">
          Loading your skills…
        </p>
      ) : skills.state === 'error' ? (
        <p role="alert" className="mt-8 text-sm text-red-700 dark:text-red-300">
          {skills.error}
        </p>
      ) : (
        <>
          {started && (
            <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl bg-primary-50 p-4 dark:bg-primary-950/60">
              <p className="min-w-0 flex-1 basis-60 text-sm text-primary-900 dark:text-primary-100">
                {due.length === 0
                  ? 'Nothing is due today. A session takes the skills that are due soonest.'
                  : due.length === 1
                    ? '1 skill is due today. A session is five questions of it, one at a time.'
                    : `${String(due.length)} skills are due today. A session mixes them: five questions, one at a time.`}
              </p>
              <button type="button" className="btn-primary px-4 py-2" onClick={() => void startPractice()}>
                <Icon name="repeat" className="size-4" /> Start practice
              </button>
            </div>
          )}
          <SkillList skills={skills.skills} />
        </>
      )}
    </div>
  );
}
