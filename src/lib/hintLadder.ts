import type { Step, TutorAnswer } from '@/lib/api/tutor';

/** One rung of the ladder: a hint, then the steps in order; the answer comes with the full solution. */
export type Rung = { kind: 'hint'; text: string } | { kind: 'step'; step: Step };

/** The rungs of an answer: its hints first, then its steps. */
export function ladderOf(answer: TutorAnswer): Rung[] {
  return [
    ...answer.hints.map((text): Rung => ({ kind: 'hint', text })),
    ...answer.steps.map((step): Rung => ({ kind: 'step', step })),
  ];
}

/**
 * The label of the button that reveals the next rung, or null when every rung is shown.
 * @param revealed how many rungs are shown
 */
export function nextRungLabel(rungs: readonly Rung[], revealed: number): string | null {
  const next = rungs[revealed];
  if (!next) return null;
  if (next.kind === 'step') return 'Next step';
  return revealed === 0 ? 'Show a hint' : 'Next hint';
}

/** The answer as plain text for the clipboard: the result, then the steps. */
export function answerAsText(answer: TutorAnswer | null, streamedText: string): string {
  if (!answer || answer.source === 'model') return streamedText || answer?.answer?.text || answer?.reason || '';
  if (!answer.answer) return answer.reason ?? '';
  const steps = answer.steps.map(
    (step, index) => `${index + 1}. ${step.title}: ${step.explanation}${step.latex ? ` ${step.latex}` : ''}`,
  );
  return [`Answer: ${answer.answer.text}`, ...(steps.length ? ['', 'Steps:', ...steps] : [])].join('\n');
}
