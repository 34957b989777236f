import { describe, expect, test } from 'vitest';
import { faqPageJsonLd, HOME_EXAMPLE, homeFaq, TOOL_CONTENT } from '@/lib/toolContent';
import { TOOL_IDS } from '@/lib/tools';

describe('faqPageJsonLd', () => {
  test('lists every question with its accepted answer, in order', () => {
    expect(
      faqPageJsonLd([
        { question: 'Is it free?', answer: 'Yes.' },
        { question: 'Exams?', answer: 'No.' },
      ]),
    ).toEqual({
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: 'Is it free?', acceptedAnswer: { '@type': 'Answer', text: 'Yes.' } },
        { '@type': 'Question', name: 'Exams?', acceptedAnswer: { '@type': 'Answer', text: 'No.' } },
      ],
    });
  });
});

describe('homeFaq', () => {
  test("states the backend's daily limit", () => {
    const answer = homeFaq(20).find((entry) => entry.question === 'How many questions can I ask?')?.answer;
    expect(answer).toContain('20 questions a day');
  });

  test('says there is no limit when the backend has none', () => {
    const answer = homeFaq(0).find((entry) => entry.question === 'How many questions can I ask?')?.answer;
    expect(answer).toContain('as many questions as it likes');
    expect(answer).not.toContain('0 questions');
  });

  test('answers what students ask before signing up', () => {
    const questions = homeFaq(20).map((entry) => entry.question);
    expect(questions).toEqual([
      'Is StudyEase free?',
      'How many questions can I ask?',
      'Is the answer checked?',
      'What does the "Checked" badge mean?',
      'Can I use StudyEase during an exam or a graded test?',
      'Is my data private?',
      'Which subjects does it cover?',
    ]);
    expect(homeFaq(20).find((entry) => entry.question.includes('exam'))?.answer).toMatch(/^No\./);
  });
});

describe('TOOL_CONTENT', () => {
  test('gives the solvers two engine examples and the model-only tools a written one', () => {
    for (const id of TOOL_IDS) {
      const content = TOOL_CONTENT[id];
      const modelOnly = id === 'translator' || id === 'homework-helper';
      expect(content.engineExamples).toHaveLength(modelOnly ? 0 : 2);
      expect(content.writtenExamples.length).toBe(modelOnly ? 1 : 0);
      expect(content.faq.length).toBeGreaterThanOrEqual(4);
    }
  });

  test('the home example is a math question, so the engine checks it', () => {
    expect(HOME_EXAMPLE.tool).toBe('math-solver');
  });
});
