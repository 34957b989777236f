import { describe, expect, test } from 'vitest';
import { answerCardOf, explanationBeside } from '@/components/answer/answerView';
import type { TutorAnswer } from '@/lib/api/tutor';

describe('each step shows its maths once (issue #14)', () => {
  test.each([
    // The whole explanation is the formula: only the typeset form stays.
    ['2 × 20 = 40', '2 \\times 20 = 40', ''],
    ['t = √4.077472 = 2.019275 s', 't = \\sqrt{4.077472} = 2.019275\\,\\mathrm{s}', ''],
    ['40 / 9.81 = 4.077472', '40 \\div 9.81 = 4.077472', ''],
    // A clause that is the formula goes; the words around it stay.
    [
      'Solve the formula for the time: t = sqrt(2*h/g)',
      't = \\sqrt{\\frac{2 h}{g}}',
      'Solve the formula for the time:',
    ],
    ['Falls with acceleration g. h = (1/2)*g*t^2', 'h = \\frac{1}{2} g t^{2}', 'Falls with acceleration g.'],
    [
      '4 Fe + 3 O2 -> 2 Fe2O3. Atoms on each side: Fe 4 = 4, O 6 = 6.',
      '4\\,\\mathrm{Fe} + 3\\,\\mathrm{O}_{2} \\rightarrow 2\\,\\mathrm{Fe}_{2}\\mathrm{O}_{3}',
      'Atoms on each side: Fe 4 = 4, O 6 = 6.',
    ],
    // Words that say something else stay whole.
    ['We solve for x.', 'x^{2} - 5 x + 6 = 0', 'We solve for x.'],
    [
      'D = b^2 - 4ac = (-5)^2 - 4·(1)·(6) = 1. D > 0.',
      'D = b^2 - 4ac = 1',
      'D = b^2 - 4ac = (-5)^2 - 4·(1)·(6) = 1. D > 0.',
    ],
  ])('%s', (explanation, latex, shown) => {
    expect(explanationBeside(explanation, latex)).toBe(shown);
  });

  test('chemistry answers draw element symbols upright, whole', () => {
    const answer = {
      tool: 'chemistry-solver',
      kind: 'balance',
      question: { text: 'Fe + O2 -> Fe2O3', latex: '\\mathrm{Fe} + \\mathrm{O_{2}}' },
      status: 'solved',
      answer: { text: '4 Fe + 3 O2 -> 2 Fe2O3', latex: '4\\,\\mathrm{Fe_{2}O_{3}}' },
      steps: [{ title: 'One equation per element', explanation: 'Fe: a = 2c', latex: 'Fe: a = 2c' }],
      checks: [],
      verified: false,
      hints: [],
      practice: [],
      source: 'engine',
    } as unknown as TutorAnswer;
    const card = answerCardOf(answer);
    expect(card.steps[0]?.latex).toBe('\\mathrm{Fe}{:} a = 2c');
    expect(card.result?.latex).toBe('4\\,\\mathrm{Fe}_{2}\\mathrm{O}_{3}');
  });
});
