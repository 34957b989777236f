import { useState } from 'react';
import Icon from '@/components/app/Icon';
import type { Step, TutorAnswer } from '@/lib/api/tutor';
import { answerAsText, ladderOf, nextRungLabel } from '@/lib/hintLadder';
import type { ToolId } from '@/lib/tools';
import { type ChatEntry, retry } from '@/stores/chat';
import { pushToast } from '@/stores/toasts';
import CheckBadge from './CheckBadge';
import PracticeSection from './PracticeSection';
import { MathBlock, RichText } from './RichText';

interface AssistantMessageProps {
  entry: ChatEntry;
  tool: ToolId;
  /** Start with the hint ladder instead of the full solution. */
  hintsFirst: boolean;
  /** Another answer is streaming: Retry waits. */
  busy: boolean;
}

function StepItem({ step, index }: { step: Step; index: number }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-50 text-xs font-semibold text-primary-800 dark:bg-primary-950 dark:text-primary-200">
        {index + 1}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900 dark:text-white">{step.title}</p>
        <RichText text={step.explanation} className="text-sm text-slate-700 dark:text-slate-300" />
        {step.latex && <MathBlock latex={step.latex} display />}
      </div>
    </li>
  );
}

function Steps({ steps }: { steps: readonly Step[] }) {
  if (steps.length === 0) return null;
  return (
    <details open className="group mt-4">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900 select-none dark:text-white">
        Steps ({steps.length})
      </summary>
      <ol className="mt-3 space-y-4">
        {steps.map((step, index) => (
          <StepItem key={`${index}-${step.title}`} step={step} index={index} />
        ))}
      </ol>
    </details>
  );
}

function Checks({ answer }: { answer: TutorAnswer }) {
  if (answer.checks.length === 0) {
    return (
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        No automatic check could be run on this answer: compare it with your notes or textbook.
      </p>
    );
  }
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900 select-none dark:text-white">
        How it was checked
      </summary>
      <ul className="mt-2 space-y-1 text-sm">
        {answer.checks.map((check) => (
          <li
            key={`${check.kind}-${check.detail}`}
            className={check.passed ? 'text-slate-700 dark:text-slate-300' : 'text-red-700 dark:text-red-300'}
          >
            {check.passed ? '✓' : '✗'} {check.detail}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The result line of an engine answer, as maths. */
function Result({ answer }: { answer: TutorAnswer }) {
  if (!answer.answer) return null;
  return (
    <div className="mt-4 rounded-xl bg-primary-50 px-4 py-3 dark:bg-primary-950/60">
      <p className="text-xs font-semibold tracking-wide text-primary-800 uppercase dark:text-primary-200">Answer</p>
      <div className="mt-1 text-lg text-slate-900 dark:text-white" data-testid="answer-result">
        {answer.answer.latex ? (
          <MathBlock latex={answer.answer.latex} display />
        ) : (
          <RichText text={answer.answer.text} />
        )}
      </div>
    </div>
  );
}

/** An answer: streamed text or steps, the result with its check, the hint ladder, practice, copy and retry. */
export default function AssistantMessage({ entry, tool, hintsFirst, busy }: AssistantMessageProps) {
  const { answer } = entry;
  const rungs = answer?.status === 'solved' ? ladderOf(answer) : [];
  const [revealed, setRevealed] = useState(0);
  const [full, setFull] = useState(!hintsFirst);
  const streaming = entry.status === 'streaming';
  const fromModel = answer?.source === 'model' || (!answer && entry.text !== '');
  // Hints first applies to the engines' answers, whose hints and steps are known; a model's text streams as it is.
  const showLadder = !full && !fromModel && answer?.status === 'solved' && rungs.length > 0;
  const hideSteps = !full && !fromModel && !answer;
  const steps = answer ? answer.steps : entry.steps;
  const hintCount = answer?.hints.length ?? 0;
  const nextLabel = nextRungLabel(rungs, revealed);

  async function copy() {
    try {
      await navigator.clipboard.writeText(answerAsText(answer, entry.text));
      pushToast('Answer copied.');
    } catch {
      pushToast('Copying is blocked in this browser. Select the text instead.', 'error');
    }
  }

  return (
    <article
      aria-label="Answer"
      aria-busy={streaming}
      data-status={entry.status}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-slate-900 dark:text-white">StudyEase</span>
        {answer?.status === 'solved' && <CheckBadge verified={answer.verified} />}
        {answer && answer.source === 'model' && (
          <span className="text-xs text-slate-500 dark:text-slate-400">AI model</span>
        )}
        {answer && !streaming && (
          <button
            type="button"
            className="ml-auto inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            onClick={() => void copy()}
          >
            Copy answer
          </button>
        )}
      </header>

      {streaming && !answer && ((!entry.text && entry.steps.length === 0) || hideSteps) && (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <span className="typing-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          Working it out…
        </p>
      )}

      {answer && answer.status !== 'solved' && (
        <div
          className={`mt-3 rounded-xl px-4 py-3 text-sm ${
            answer.status === 'invalid'
              ? 'bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-200'
              : 'bg-amber-50 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100'
          }`}
        >
          <p className="font-semibold">
            {answer.status === 'invalid' ? 'This question has a problem' : 'Not something I can solve reliably yet'}
          </p>
          {answer.reason && <p className="mt-1">{answer.reason}</p>}
        </div>
      )}

      {fromModel && entry.text && <RichText text={entry.text} className="mt-3 text-slate-800 dark:text-slate-200" />}

      {showLadder && (
        <section aria-label="Hints" className="mt-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Try it yourself first: reveal one hint at a time, or see the full solution.
          </p>
          {revealed > 0 && (
            <ol className="mt-3 space-y-3" data-testid="hint-ladder">
              {rungs.slice(0, revealed).map((rung, index) =>
                rung.kind === 'hint' ? (
                  <li key={`hint-${index}`} className="flex gap-2 text-sm text-slate-800 dark:text-slate-200">
                    <Icon name="lightbulb" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300" />
                    <RichText text={rung.text} inline />
                  </li>
                ) : (
                  <StepItem key={`step-${index}`} step={rung.step} index={index - hintCount} />
                ),
              )}
            </ol>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {nextLabel && (
              <button
                type="button"
                className="btn-outline px-3 py-1.5 text-sm"
                onClick={() => setRevealed(revealed + 1)}
              >
                {nextLabel}
              </button>
            )}
            <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={() => setFull(true)}>
              Full solution
            </button>
          </div>
        </section>
      )}

      {!showLadder && !fromModel && !hideSteps && <Steps steps={steps} />}
      {!showLadder && answer?.status === 'solved' && (
        <>
          {!fromModel && <Result answer={answer} />}
          <Checks answer={answer} />
        </>
      )}

      {!streaming && answer?.status === 'solved' && answer.source === 'engine' && (
        <PracticeSection tool={tool} question={answer.question.text} initial={answer.practice} />
      )}

      {entry.error && (
        <div
          role="alert"
          className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950/60 dark:text-red-200"
        >
          <span className="flex-1">{entry.error}</span>
          {(entry.status === 'error' || entry.status === 'partial') && entry.documentId && (
            <button
              type="button"
              className="btn-outline border-red-300 px-3 py-1 text-sm dark:border-red-700"
              disabled={busy}
              onClick={() => void retry(entry.key)}
            >
              Retry
            </button>
          )}
        </div>
      )}
    </article>
  );
}
