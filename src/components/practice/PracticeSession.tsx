import { useStore } from '@nanostores/react';
import { type SyntheticEvent, useEffect, useRef } from 'react';
import Icon from '@/components/app/Icon';
import { RichText } from '@/components/chat/RichText';
import { formText } from '@/lib/formText';
import { reviewDateInWords } from '@/lib/reviewDate';
import type { AnsweredQuestion, PracticeRun } from '@/stores/practice';
import { $skills, checkAnswer, currentQuestion, endPractice, nextQuestion, showHint } from '@/stores/practice';
import MasteryBar from './MasteryBar';

const VERDICT_TITLE: Record<AnsweredQuestion['outcome'], string> = {
  right: 'Right!',
  'right-after-hints': 'Right, with a little help.',
  wrong: 'Not quite.',
};

function Verdict({ answered }: { answered: AnsweredQuestion }) {
  const right = answered.outcome !== 'wrong';
  return (
    <div
      className={`mt-4 rounded-xl px-4 py-3 text-sm ${
        right
          ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100'
          : 'bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-100'
      }`}
      data-testid="practice-verdict"
      data-outcome={answered.outcome}
    >
      <p className="font-semibold">{VERDICT_TITLE[answered.outcome]}</p>
      {answered.outcome === 'right-after-hints' && (
        <p className="mt-1">
          You used {answered.hintsUsed === 1 ? 'a hint' : `${String(answered.hintsUsed)} hints`}, so this skill comes
          back a little sooner.
        </p>
      )}
      {!right && (
        <>
          <p className="mt-1">Your answer: “{answered.answer}”.</p>
          {answered.differences.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {answered.differences.map((difference) => (
                <li key={difference}>
                  <RichText text={difference} inline />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <p className="mt-2">
        {right ? 'The answer: ' : 'The right answer: '}
        <RichText text={answered.solution} inline />
      </p>
    </div>
  );
}

/** One question of a session at a time: the question typeset, hints on request, the answer box, then the verdict. */
export default function PracticeSession({ run }: { run: PracticeRun }) {
  const question = currentQuestion(run);
  const skills = useStore($skills).skills;
  const input = useRef<HTMLInputElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const verdict = run.phase === 'verdict' ? run.answered[run.index] : undefined;

  // A new question puts the cursor in its answer box; a verdict moves it to Next, so Enter goes on.
  useEffect(() => {
    if (run.phase === 'answering') input.current?.focus();
    if (run.phase === 'verdict') next.current?.focus();
  }, [run.phase, run.index]);

  // The box is emptied for each new question (it is not controlled: typing does not draw the page again).
  useEffect(() => form.current?.reset(), [run.index]);

  if (!question) return null;
  const progress = skills.find((skill) => skill.skill === question.skill);
  const name = progress?.name ?? question.skill;
  const last = run.index === run.questions.length - 1;
  const hintsLeft = question.hints.length - run.hintsShown;

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    void checkAnswer(formText(new FormData(event.currentTarget), 'answer'));
  }

  return (
    <section aria-labelledby="practice-question-heading" className="mt-6">
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 text-sm font-medium text-slate-600 dark:text-slate-400">
          Question {run.index + 1} of {run.questions.length} · {name}
        </p>
        <button type="button" className="btn-ghost shrink-0 px-3 py-1.5 text-sm" onClick={endPractice}>
          End session
        </button>
      </div>
      <div className="mt-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="practice-question-heading" className="sr-only">
          Question {run.index + 1}
        </h2>
        <RichText text={question.question} className="text-lg text-slate-900 dark:text-white" />

        {run.hintsShown > 0 && (
          <ol className="mt-4 space-y-2" aria-label="Hints">
            {question.hints.slice(0, run.hintsShown).map((hint, index) => (
              // The ladder's order is fixed and its hints are only ever appended.
              <li key={`${String(index)}-${hint}`} className="flex gap-2 text-sm text-slate-800 dark:text-slate-200">
                <Icon name="lightbulb" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300" />
                <RichText text={hint} inline />
              </li>
            ))}
          </ol>
        )}

        <form ref={form} className="mt-4" noValidate onSubmit={onSubmit}>
          <label htmlFor="practice-answer" className="block text-sm font-medium text-slate-900 dark:text-white">
            Your answer
          </label>
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              ref={input}
              id="practice-answer"
              name="answer"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={500}
              readOnly={run.phase !== 'answering'}
              aria-describedby={run.error ? 'practice-answer-error' : undefined}
              className="min-w-0 flex-1 basis-48 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 read-only:bg-slate-50 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:read-only:bg-slate-900"
            />
            {run.phase !== 'verdict' && (
              <button type="submit" className="btn-primary px-4 py-2" disabled={run.phase === 'checking'}>
                {run.phase === 'checking' ? 'Checking…' : 'Check'}
              </button>
            )}
          </div>
        </form>
        {run.phase !== 'verdict' && question.hints.length > 0 && (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {hintsLeft > 0 ? (
              <button
                type="button"
                className="btn-outline px-3 py-1.5 text-sm"
                disabled={run.phase !== 'answering'}
                onClick={showHint}
              >
                <Icon name="lightbulb" className="size-4" />
                {run.hintsShown === 0 ? 'Show a hint' : 'Show another hint'}
              </button>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">That was the last hint.</p>
            )}
          </div>
        )}

        <div aria-live="polite">
          {run.error && (
            <p id="practice-answer-error" role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
              {run.error}
            </p>
          )}
          {verdict && <Verdict answered={verdict} />}
        </div>

        {progress && (
          <div className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-800">
            <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
              {progress.name}
              {/* Once answered, when the skill comes back: a wrong answer brings it back sooner. */}
              {verdict && progress.nextReviewAt && ` · comes back ${reviewDateInWords(progress.nextReviewAt)}`}
            </p>
            <MasteryBar name={progress.name} mastery={progress.mastery} mastered={progress.mastered} className="mt-1" />
          </div>
        )}

        {verdict && (
          <div className="mt-5 flex justify-end">
            <button ref={next} type="button" className="btn-primary px-4 py-2" onClick={nextQuestion}>
              {last ? 'See how it went' : 'Next question'}
              <Icon name="arrowRight" className="size-4" />
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
