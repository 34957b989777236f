import { describe, expect, test } from 'vitest';
import type { TutorAnswer } from '@/lib/api/tutor';
import { answerAsText, ladderOf, nextRungLabel } from '@/lib/hintLadder';

const answer: TutorAnswer = {
  tool: 'math-solver',
  kind: 'quadratic-equation',
  question: { text: 'x^2-5x+6=0', latex: 'x^2-5x+6=0' },
  status: 'solved',
  answer: { text: 'x = 2 or x = 3', latex: 'x = 2 \\text{ or } x = 3' },
  steps: [
    { title: 'Factor', explanation: 'Find two numbers.', latex: '(x-2)(x-3)=0' },
    { title: 'Solve', explanation: 'Each factor is zero.' },
  ],
  checks: [{ kind: 'substitution', passed: true, detail: 'x = 2 gives 0' }],
  verified: true,
  hints: ['It is a quadratic.', 'Try factoring.'],
  practice: [],
  source: 'engine',
};

describe('hint ladder', () => {
  test('hints come first, then the steps in order', () => {
    expect(ladderOf(answer).map((rung) => rung.kind)).toEqual(['hint', 'hint', 'step', 'step']);
  });

  test('labels: Show a hint, Next hint, Next step, then nothing', () => {
    const rungs = ladderOf(answer);
    expect([0, 1, 2, 3, 4].map((shown) => nextRungLabel(rungs, shown))).toEqual([
      'Show a hint',
      'Next hint',
      'Next step',
      'Next step',
      null,
    ]);
  });

  test('an answer without hints starts at its steps', () => {
    expect(nextRungLabel(ladderOf({ ...answer, hints: [] }), 0)).toBe('Next step');
  });

  test('the copied text has the result and the numbered steps; a model answer is its own text', () => {
    expect(answerAsText(answer, '')).toBe(
      'Answer: x = 2 or x = 3\n\nSteps:\n1. Factor: Find two numbers. (x-2)(x-3)=0\n2. Solve: Each factor is zero.',
    );
    expect(answerAsText({ ...answer, source: 'model' }, 'The model said this.')).toBe('The model said this.');
    expect(answerAsText({ ...answer, status: 'unsupported', answer: null, reason: 'Too hard.' }, '')).toBe('Too hard.');
  });
});
