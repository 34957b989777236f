import type { Step, TutorAnswer } from '@/lib/api/tutor';
import { calculatorToText, latexToText, markdownToText } from '@/lib/readableMath';

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

/** Formula counts as subscripts in the prose of a chemistry answer only (in maths "x2" is not a formula). */
const proseOptions = (answer: TutorAnswer) => ({ chemistry: answer.tool === 'chemistry-solver' });

/**
 * The answer as readable text for the clipboard ("Copy answer"): the result, then the steps, with the maths in
 * Unicode (x², C₃H₈, √2, →) rather than LaTeX or calculator syntax. A model's answer is its own text, made readable.
 */
export function answerAsText(answer: TutorAnswer | null, streamedText: string): string {
  if (!answer || answer.source === 'model') {
    const text = streamedText || answer?.answer?.text || answer?.reason || '';
    return markdownToText(text, { markdown: true });
  }
  if (!answer.answer) return answer.reason ?? '';
  const options = proseOptions(answer);
  const result = answer.answer.latex ? latexToText(answer.answer.latex) : calculatorToText(answer.answer.text, options);
  const steps = answer.steps.map((step, index) => {
    const line = `${index + 1}. ${step.title}: ${markdownToText(step.explanation, options)}`;
    const math = step.latex ? latexToText(step.latex) : '';
    // A step whose sentence already says its formula is not written twice.
    return math && !line.includes(math) ? `${line}\n   ${math.replace(/\n/g, '\n   ')}` : line;
  });
  return [`Answer: ${result.replace(/\n/g, '; ')}`, ...(steps.length ? ['', 'Steps:', ...steps] : [])].join('\n');
}

/**
 * The answer with its maths as LaTeX ("Copy as LaTeX"), for a document or a Markdown editor: `$…$` in a line,
 * `$$…$$` on its own line for a step's formula.
 */
export function answerAsLatex(answer: TutorAnswer | null, streamedText: string): string {
  if (!answer || answer.source === 'model') return streamedText || answer?.answer?.text || answer?.reason || '';
  if (!answer.answer) return answer.reason ?? '';
  const steps = answer.steps.map(
    (step, index) => `${index + 1}. ${step.title}: ${step.explanation}${step.latex ? `\n$$${step.latex}$$` : ''}`,
  );
  const result = answer.answer.latex ? `$${answer.answer.latex}$` : answer.answer.text;
  return [`Answer: ${result}`, ...(steps.length ? ['', 'Steps:', ...steps] : [])].join('\n');
}
