import { useState } from 'react';
import Icon from '@/components/app/Icon';
import ActionsMenu from '@/components/ui/ActionsMenu';
import {
  type AnswerCard,
  answerCardOf,
  answerView,
  explanationBeside,
  type ViewLeaf,
} from '@/components/answer/answerView';
import AnswerView from '@/components/answer/AnswerView';
import type { Step } from '@/lib/api/tutor';
import { answerAsLatex, answerAsText, ladderOf, nextRungLabel } from '@/lib/hintLadder';
import type { ToolId } from '@/lib/tools';
import { type ChatEntry, retry } from '@/stores/chat';
import { pushToast } from '@/stores/toasts';
import CheckMyStep from './CheckMyStep';
import PracticeSection from './PracticeSection';
import { MathBlock, RichText } from './RichText';

interface AssistantMessageProps {
  entry: ChatEntry;
  tool: ToolId;
  /** Start with the hint ladder instead of the full solution. */
  hintsFirst: boolean;
  /** Another answer is streaming: Retry waits. */
  busy: boolean;
  /** Puts a question into the box to be corrected and asked again (the reading's Edit); none: no Edit. */
  onEdit?: (question: string) => void;
}

const COPY_ITEM =
  'cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-800 outline-none data-highlighted:bg-slate-100 dark:text-slate-100 dark:data-highlighted:bg-slate-800';

function StepItem({ step, index }: { step: Step; index: number }) {
  // The maths once: the clause the formula shows typeset is not said again above it (as in the answer view).
  const text = explanationBeside(step.explanation, step.latex);
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-50 text-xs font-semibold text-primary-800 dark:bg-primary-950 dark:text-primary-200">
        {index + 1}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900 dark:text-white">{step.title}</p>
        {text && <RichText text={text} className="text-sm text-slate-700 dark:text-slate-300" />}
        {step.latex && <MathBlock latex={step.latex} display />}
      </div>
    </li>
  );
}

/** The chat typesets what the answer view marks as maths or Markdown; the pages and the try box show its text. */
function typeset(leaf: ViewLeaf) {
  if (leaf.leaf !== 'math' || !leaf.latex) return <RichText text={leaf.text} />;
  // The reading sits in a line beside its Edit; a result stands centred on its own.
  return leaf.inline ? <MathBlock latex={leaf.latex} className="text-lg" /> : <MathBlock latex={leaf.latex} display />;
}

/** An answer that has not arrived whole yet: the steps streamed so far, nothing claimed about checks. */
function arrivingCard(steps: readonly Step[]): AnswerCard {
  return { outcome: 'solved', question: '', reading: null, badge: null, steps, result: null, checks: null };
}

/** An answer: streamed text or steps, the result with its check, the hint ladder, practice, copy and retry. */
export default function AssistantMessage({ entry, tool, hintsFirst, busy, onEdit }: AssistantMessageProps) {
  const { answer } = entry;
  const rungs = answer?.status === 'solved' ? ladderOf(answer) : [];
  const [revealed, setRevealed] = useState(0);
  const [full, setFull] = useState(!hintsFirst);
  const streaming = entry.status === 'streaming';
  const fromModel = answer?.source === 'model' || (!answer && entry.text !== '');
  // Hints first applies to the engines' answers, whose hints and steps are known; a model's text streams as it is.
  const showLadder = !full && !fromModel && answer?.status === 'solved' && rungs.length > 0;
  const hideSteps = !full && !fromModel && !answer;
  const hintCount = answer?.hints.length ?? 0;
  const nextLabel = nextRungLabel(rungs, revealed);
  // The answer itself is the one answer view (the pages' and the try box's too); hints, practice, copy and retry are
  // the chat's own, around it. The question is left out: the student's message stands right above.
  let card: AnswerCard;
  if (!answer) card = arrivingCard(fromModel || hideSteps ? [] : entry.steps);
  else if (showLadder) card = { ...answerCardOf(answer), steps: [], result: null, checks: null };
  else card = answerCardOf(answer);

  /** Readable text (x², C₃H₈, →) for a message or a document; LaTeX for a maths editor. */
  async function copy(format: 'text' | 'latex') {
    try {
      await navigator.clipboard.writeText(
        format === 'text' ? answerAsText(answer, entry.text) : answerAsLatex(answer, entry.text),
      );
      pushToast(format === 'text' ? 'Answer copied.' : 'Answer copied as LaTeX.');
    } catch {
      pushToast('Copying is blocked in this browser. Select the text instead.', 'error');
    }
  }

  return (
    <AnswerView
      view={answerView(card, { echoQuestion: false })}
      leaf={typeset}
      slots={{
        'reading-actions':
          onEdit && answer && !streaming ? (
            <button
              type="button"
              className="btn-outline px-2.5 py-1 text-xs"
              aria-label="Edit how the question was read, then ask again"
              onClick={() => onEdit(answer.question.text)}
            >
              Edit
            </button>
          ) : null,
      }}
      rootProps={{ 'aria-label': 'Answer', 'aria-busy': streaming, 'data-status': entry.status }}
      before={
        <header className="mb-2 flex flex-wrap items-center gap-2">
          <span className="text-sm font-semibold text-slate-900 dark:text-white">StudyEase</span>
          {answer && answer.source === 'model' && (
            <span className="text-xs text-slate-500 dark:text-slate-400">AI model</span>
          )}
          {/* In hints-first mode the answer is not copied before the student has chosen to see the solution. */}
          {answer && !streaming && !showLadder && (
            <div className="ml-auto flex items-center">
              <button
                type="button"
                className="inline-flex items-center gap-1 rounded-l-lg px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                onClick={() => void copy('text')}
              >
                Copy answer
              </button>
              {/* Not portalled: the menu stays inside the answer, within the page's landmarks. */}
              <ActionsMenu
                label="More ways to copy the answer"
                trigger={<span aria-hidden="true">▾</span>}
                triggerClassName="min-w-6 rounded-r-lg px-1.5 py-1 text-xs text-slate-600 hover:bg-slate-100 data-[state=open]:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800"
                contentClassName="z-modal min-w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
                items={[
                  { label: 'Copy as text', className: COPY_ITEM, onSelect: () => void copy('text') },
                  { label: 'Copy as LaTeX', className: COPY_ITEM, onSelect: () => void copy('latex') },
                ]}
              />
            </div>
          )}
        </header>
      }
    >
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

      {!answer && fromModel && entry.text && (
        <RichText text={entry.text} className="mt-3 text-slate-800 first:mt-0 dark:text-slate-200" />
      )}

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
            {/* Hints first: the next hint is what the student is led to; the whole solution is the way out. */}
            {nextLabel && (
              <button
                type="button"
                className="btn-primary px-3 py-1.5 text-sm"
                onClick={() => setRevealed(revealed + 1)}
              >
                {nextLabel}
              </button>
            )}
            <button
              type="button"
              className={`${nextLabel ? 'btn-outline' : 'btn-primary'} px-3 py-1.5 text-sm`}
              onClick={() => setFull(true)}
            >
              Full solution
            </button>
          </div>
        </section>
      )}

      {!streaming && answer && <CheckMyStep tool={tool} answer={answer} />}

      {!streaming && answer?.status === 'solved' && answer.source === 'engine' && (
        <PracticeSection
          tool={tool}
          question={answer.question.text}
          initial={answer.practice}
          entryKey={entry.key}
          messageId={entry.documentId}
          // Only a checked answer leads to practice: its skill is then the engine's own reading of the question.
          skill={answer.verified ? answer.skill : undefined}
        />
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
    </AnswerView>
  );
}
