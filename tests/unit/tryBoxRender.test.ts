// @vitest-environment jsdom
// jsdom, not happy-dom: the answer's maths goes through DOMPurify (see markdown.test.ts).
import { describe, expect, test } from 'vitest';
import type { TutorAnswer } from '@/lib/api/tutor';
import { isSafeUrl } from '@/lib/markdown';
import { renderAnswer, renderError, tryBoxErrorMessage } from '@/client/tryBoxRender';
import { XSS_CORPUS } from '../support/xssCorpus';

const answer = (overrides: Partial<TutorAnswer> = {}): TutorAnswer => ({
  tool: 'math-solver',
  kind: 'linear-equation',
  question: { text: '2x + 5 = 11', latex: '2x + 5 = 11' },
  status: 'solved',
  answer: { text: 'x = 3', latex: 'x = 3' },
  steps: [
    { title: 'Subtract 5', explanation: '2x = 6', latex: '2x = 6' },
    { title: 'Divide by 2', explanation: 'x = 3' },
  ],
  checks: [{ kind: 'substitution', passed: true, detail: 'x = 3: left side 11, right side 11' }],
  verified: true,
  hints: [],
  practice: [],
  source: 'engine',
  ...overrides,
});

describe('renderAnswer', () => {
  test('shows the question, numbered steps, the answer and the checks', () => {
    const card = renderAnswer(document, answer());
    expect(card.dataset['tryBoxOutcome']).toBe('solved');
    const steps = [...card.querySelectorAll('ol > li')];
    expect(steps.map((item) => item.querySelector('p')?.textContent)).toEqual(['1. Subtract 5', '2. Divide by 2']);
    // Each step's maths typeset, once: "2x = 6" is both the explanation and the formula of the first step.
    expect(steps.map((item) => [...item.querySelectorAll('math')].map((math) => math.textContent))).toEqual([
      ['2x=6'],
      ['x=3'],
    ]);
    expect(card.querySelector('math')?.textContent).toBe('2x+5=11');
    expect(card.querySelector('[data-testid="answer-result"] math')?.textContent).toBe('x=3');
    expect(card.textContent).toContain('x = 3: left side 11, right side 11');
  });

  test('says Checked only when the answer is verified', () => {
    expect(renderAnswer(document, answer()).querySelector('[data-badge]')?.textContent).toBe('✓ Checked');
    const unchecked = renderAnswer(document, answer({ verified: false, source: 'model', checks: [] }));
    expect(unchecked.querySelector('[data-badge]')?.textContent).toBe('Not checked');
  });

  test('shows a failed check as failed', () => {
    const failed = renderAnswer(
      document,
      answer({ verified: false, checks: [{ kind: 'numbers-kept', passed: false, detail: 'Missing: 100' }] }),
    );
    expect(failed.querySelector('ul')?.textContent).toBe('✗ Failed: Missing: 100');
  });

  test("shows the engine's reason for a question it did not solve, without a badge", () => {
    const refusal = renderAnswer(
      document,
      answer({ status: 'unsupported', answer: null, steps: [], checks: [], verified: false, reason: 'Too hard.' }),
    );
    expect(refusal.dataset['tryBoxOutcome']).toBe('unsupported');
    expect(refusal.textContent).toBe('Not solvedToo hard.');
    expect(refusal.querySelector('[data-badge]')).toBeNull();
  });

  test.each(XSS_CORPUS)('keeps $category: $name as text', (payload) => {
    const card = renderAnswer(
      document,
      answer({
        question: { text: payload.source, latex: '' },
        answer: { text: payload.source, latex: '' },
        steps: [{ title: payload.source, explanation: payload.source }],
        checks: [{ kind: 'x', passed: true, detail: payload.source }],
      }),
    );
    // The texts are typeset (Markdown and maths, by src/lib/markdown.ts): whatever they say, no active content, no
    // handler, no link that is not http(s) or mailto.
    expect(card.querySelectorAll('script, img, svg, iframe, style, object, embed, form, details')).toHaveLength(0);
    for (const element of card.querySelectorAll('*')) {
      expect(element.getAttributeNames().filter((name) => name.startsWith('on'))).toEqual([]);
    }
    for (const link of card.querySelectorAll('a[href]')) expect(isSafeUrl(link.getAttribute('href') ?? '')).toBe(true);
  });
});

describe('tryBoxErrorMessage', () => {
  const apiError = (statusCode: number, error: string, message = 'backend says') => ({ statusCode, error, message });

  test.each([
    [apiError(429, 'RateLimitError', ''), /wait a minute/],
    [apiError(429, 'RateLimitError', "The free try box has used today's 5 answers"), /used today's 5 answers/],
    [apiError(413, 'PayloadTooLargeError'), /too long/],
    [apiError(400, 'ValidationError', 'question must not be empty'), /^question must not be empty$/],
    [apiError(0, 'NetworkError'), /could not be reached/],
    [apiError(502, 'UnknownError'), /could not be reached/],
    [apiError(500, 'InternalServerError'), /not available right now/],
    [new Error('boom'), /Something went wrong/],
  ])('explains %o', (error, expected) => {
    expect(tryBoxErrorMessage(error)).toMatch(expected);
  });
});

describe('renderError', () => {
  test('is an alert with the message as text', () => {
    const box = renderError(document, '<b>down</b>');
    expect(box.getAttribute('role')).toBe('alert');
    expect(box.querySelector('b')).toBeNull();
    expect(box.textContent).toContain('<b>down</b>');
  });
});
