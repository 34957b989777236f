import { describe, expect, test } from 'vitest';
import type { TutorAnswer } from '@/lib/api/tutor';
import { answerAsLatex, answerAsText, ladderOf, nextRungLabel } from '@/lib/hintLadder';

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

  test('the copied text has the result and the numbered steps, readable; a model answer is its own text', () => {
    // Readable text since issue #14: LaTeX and calculator syntax become x², −, √ on the clipboard.
    expect(answerAsText(answer, '')).toBe(
      'Answer: x = 2 or x = 3\n\nSteps:\n1. Factor: Find two numbers.\n   (x − 2)(x − 3) = 0\n2. Solve: Each factor is zero.',
    );
    expect(answerAsText({ ...answer, source: 'model' }, 'The model said **this**: $x^{2}$.')).toBe(
      'The model said this: x².',
    );
    expect(answerAsText({ ...answer, status: 'unsupported', answer: null, reason: 'Too hard.' }, '')).toBe('Too hard.');
  });

  test('a chemistry answer copies with subscripts and an arrow, no LaTeX left', () => {
    const balanced: TutorAnswer = {
      ...answer,
      tool: 'chemistry-solver',
      answer: {
        text: 'C3H8 + 5 O2 -> 3 CO2 + 4 H2O',
        latex: '\\mathrm{C_{3}H_{8}} + 5\\,\\mathrm{O_{2}} \\rightarrow 3\\,\\mathrm{CO_{2}} + 4\\,\\mathrm{H_{2}O}',
      },
      steps: [
        {
          title: 'Set up',
          explanation: 'Each element the same on both sides: C: 3a = c; O: 2b = 2c + d.',
          latex: '\\begin{aligned}C:\\ & 3a = c\\\\ O:\\ & 2b = 2c + d\\end{aligned}',
        },
        { title: 'Balance', explanation: 'C3H8 + 5 O2 -> 3 CO2 + 4 H2O.' },
      ],
    };
    const text = answerAsText(balanced, '');
    expect(text).toBe(
      'Answer: C₃H₈ + 5 O₂ → 3 CO₂ + 4 H₂O\n\nSteps:\n' +
        '1. Set up: Each element the same on both sides: C: 3a = c; O: 2b = 2c + d.\n   C: 3a = c\n   O: 2b = 2c + d\n' +
        '2. Balance: C₃H₈ + 5 O₂ → 3 CO₂ + 4 H₂O.',
    );
    expect(text).not.toMatch(/[\\^{}*]/);
  });

  test('Copy as LaTeX keeps the LaTeX, between dollars', () => {
    expect(answerAsLatex(answer, '')).toBe(
      'Answer: $x = 2 \\text{ or } x = 3$\n\nSteps:\n1. Factor: Find two numbers.\n$$(x-2)(x-3)=0$$\n2. Solve: Each factor is zero.',
    );
  });
});
