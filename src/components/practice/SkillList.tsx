import { SKILLS } from '@studyease/contract';
import Icon from '@/components/app/Icon';
import type { SkillProgress } from '@/lib/api/practice';
import { reviewDateInWords } from '@/lib/reviewDate';
import { getTool, type ToolId, TOOLS } from '@/lib/tools';
import { startPractice } from '@/stores/practice';
import MasteryBar from './MasteryBar';

/** The tools whose answers start a skill, in the sidebar's order (the empty state points to them). */
const SOLVERS: readonly ToolId[] = TOOLS.filter((tool) => SKILLS.some((skill) => skill.tool === tool.id)).map(
  (tool) => tool.id,
);

function answersInWords({ attempts, correct }: SkillProgress): string {
  if (attempts === 0) return 'No practice answers yet';
  return `${String(attempts)} ${attempts === 1 ? 'answer' : 'answers'}, ${String(correct)} right`;
}

function StartedSkill({ skill, now }: { skill: SkillProgress; now: Date }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900 dark:text-white">{skill.name}</h3>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {getTool(skill.tool).name} · {answersInWords(skill)}
          </p>
        </div>
        <button
          type="button"
          className="btn-outline shrink-0 px-3 py-1 text-sm"
          aria-label={`Practise ${skill.name}`}
          onClick={() => void startPractice(skill.skill)}
        >
          Practise
        </button>
      </div>
      <MasteryBar name={skill.name} mastery={skill.mastery} mastered={skill.mastered} className="mt-3" />
      <p className="mt-2 text-sm">
        {skill.due ? (
          <span className="font-medium text-amber-800 dark:text-amber-300">Due for review today</span>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">
            Next review {skill.nextReviewAt ? reviewDateInWords(skill.nextReviewAt, now) : 'soon'}
          </span>
        )}
      </p>
    </li>
  );
}

interface SkillListProps {
  skills: readonly SkillProgress[];
}

/**
 * The student's skills: those due today first, then the others with their next review in words, then, quietly,
 * those not started yet (each startable here, or by asking a question of its kind).
 */
export default function SkillList({ skills }: SkillListProps) {
  const now = new Date();
  const due = skills.filter((skill) => skill.startedAt !== null && skill.due);
  const later = skills.filter((skill) => skill.startedAt !== null && !skill.due);
  const unstarted = skills.filter((skill) => skill.startedAt === null);
  const started = due.length + later.length;
  return (
    <>
      {started === 0 && (
        <section
          aria-labelledby="practice-empty-heading"
          className="mt-6 rounded-2xl border border-dashed border-slate-300 p-6 dark:border-slate-700"
        >
          <h2 id="practice-empty-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Your practice starts with your own questions
          </h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Ask a question in a solver. Each checked answer adds its skill here, and the skill comes back for review
            just before you would forget it.
          </p>
          <ul className="mt-4 flex flex-wrap gap-2">
            {SOLVERS.map((id) => {
              const tool = getTool(id);
              return (
                <li key={id}>
                  <a href={`/app/${id}`} className="btn-outline px-3 py-1.5 text-sm">
                    <Icon name={tool.icon} className="size-4" /> {tool.name}
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {due.length > 0 && (
        <section aria-labelledby="practice-due-heading" className="mt-8">
          <h2 id="practice-due-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Due today
          </h2>
          <ul className="mt-3 grid gap-3 lg:grid-cols-2">
            {due.map((skill) => (
              <StartedSkill key={skill.skill} skill={skill} now={now} />
            ))}
          </ul>
        </section>
      )}
      {later.length > 0 && (
        <section aria-labelledby="practice-later-heading" className="mt-8">
          <h2 id="practice-later-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {due.length > 0 ? 'Coming up' : 'Your skills'}
          </h2>
          <ul className="mt-3 grid gap-3 lg:grid-cols-2">
            {later.map((skill) => (
              <StartedSkill key={skill.skill} skill={skill} now={now} />
            ))}
          </ul>
        </section>
      )}
      {unstarted.length > 0 && (
        <section aria-labelledby="practice-unstarted-heading" className="mt-10">
          <h2 id="practice-unstarted-heading" className="text-base font-semibold text-slate-800 dark:text-slate-200">
            Not started yet
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Ask a question of this kind to start, or try a few questions now.
          </p>
          {/* By solver: 25 names in one list are hard to scan on a phone. */}
          {SOLVERS.map((tool) => {
            const ofTool = unstarted.filter((skill) => skill.tool === tool);
            if (ofTool.length === 0) return null;
            return (
              <div key={tool} className="mt-4">
                <h3 className="text-sm font-medium text-slate-600 dark:text-slate-400">{getTool(tool).name}</h3>
                <ul className="mt-1 grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
                  {ofTool.map((skill) => (
                    <li
                      key={skill.skill}
                      className="flex items-center justify-between gap-2 border-b border-slate-200 py-1 text-sm dark:border-slate-800"
                    >
                      <span className="min-w-0 text-slate-700 dark:text-slate-300">{skill.name}</span>
                      <button
                        type="button"
                        className="shrink-0 rounded-md px-2.5 py-1.5 text-xs font-semibold text-primary-700 hover:bg-primary-50 dark:text-primary-300 dark:hover:bg-primary-950"
                        aria-label={`Try ${skill.name}`}
                        onClick={() => void startPractice(skill.skill)}
                      >
                        Try
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </section>
      )}
    </>
  );
}
