import { Fragment } from 'react';
import { mathQuestion } from '@/lib/mathField';
import { findPlainMath } from '@/lib/plainMath';
import { MathBlock } from './RichText';

/**
 * A student's question in its bubble: the maths typeset, the words as they were typed (no Markdown: a question is
 * not formatted text, and `2*3*4` must not turn italic). A question asked with the math keyboard shows the field's
 * own LaTeX; one typed as text has its plain maths found and typeset as in the answers (src/lib/plainMath.ts).
 */
export default function QuestionText({ text }: { text: string }) {
  const asked = mathQuestion(text);
  if (asked) {
    return (
      <>
        {asked.words && `${asked.words} `}
        <MathBlock latex={asked.latex} />
      </>
    );
  }
  const runs = findPlainMath(text);
  if (runs.length === 0) return text;
  return runs.map((run, i) => {
    const before = text.slice(runs[i - 1]?.end ?? 0, run.start);
    const after = i === runs.length - 1 ? text.slice(run.end) : '';
    return (
      <Fragment key={run.start}>
        {before}
        <MathBlock latex={run.tex} />
        {after}
      </Fragment>
    );
  });
}
