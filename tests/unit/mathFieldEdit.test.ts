import { describe, expect, test } from 'vitest';
import { mathQuestion, rememberMathQuestion } from '@/lib/mathField';
import { mathFieldEdit } from '@/lib/mathFieldEdit';
import { mathFieldToInput } from '@/lib/mathFieldToInput';

describe('mathFieldEdit', () => {
  test('a question asked with the math keyboard comes back as it was typed', () => {
    rememberMathQuestion('solve 2x+3=11', { words: 'solve', latex: '2x+3=11' });
    expect(mathFieldEdit('solve 2x+3=11', 'math')).toEqual({ words: 'solve', latex: '2x+3=11' });
    expect(mathQuestion('solve 2x+3=11')?.latex).toBe('2x+3=11');
  });

  test.each([
    ['x^2 - 5x + 6 = 0', 'math'],
    ['sqrt(x+1) = 3', 'math'],
    ['3/4 + 5/6', 'math'],
    ['H2 + O2 -> H2O', 'chemistry'],
  ] as const)('maths typed as text opens in the field when it reads back the same: %s', (question, mode) => {
    const edit = mathFieldEdit(question, mode);
    expect(edit?.words).toBe('');
    const reading = mathFieldToInput(edit?.latex ?? '', mode);
    expect(reading.ok && reading.text.replace(/\s/g, '')).toBe(question.replace(/\s/g, ''));
  });

  test.each([
    ['derivative of x^2 sin(x)', 'math'],
    ['a car accelerates from 0 to 20 m/s in 5 s', 'math'],
    ['Fe^3+ + e^- -> Fe^2+', 'chemistry'],
  ] as const)('words, or maths that would not read back the same, stay text: %s', (question, mode) => {
    expect(mathFieldEdit(question, mode)).toBeUndefined();
  });
});
