import { mathQuestion } from '@/lib/mathField';
import { MathBlock } from './RichText';

/**
 * A student's question in its bubble. One asked with the math keyboard in this tab shows its words and the field's
 * own LaTeX, typeset as it was typed; any other stays the text that was typed (a typed question is shown exactly
 * as sent: see docs/app.md, Safety, and tests/e2e/xss.spec.ts).
 */
export default function QuestionText({ text }: { text: string }) {
  const asked = mathQuestion(text);
  if (!asked) return text;
  return (
    <>
      {asked.words && `${asked.words} `}
      {/* A formula wider than the bubble scrolls inside it: inline maths does not wrap, and at 320 px it widened the page. */}
      <MathBlock
        latex={asked.latex}
        className="inline-block max-w-full overflow-x-auto overflow-y-hidden align-middle"
      />
    </>
  );
}
