import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import CheckMyStep from '@/components/chat/CheckMyStep';
import type { TutorAnswer } from '@/lib/api/tutor';

// "Check my step" (issue #14) sits under the answers whose engine checks a line of working: the math solver's own.

const solved: TutorAnswer = {
  tool: 'math-solver',
  kind: 'linear-equation',
  question: { text: '4x + 3 = 2x + 11', latex: '4 x + 3 = 2 x + 11' },
  status: 'solved',
  answer: { text: 'x = 4', latex: 'x = 4' },
  steps: [],
  checks: [{ kind: 'substitution', passed: true, detail: 'x = 4: left side 19, right side 19' }],
  verified: true,
  hints: ['This is a linear equation: get x alone on one side.'],
  practice: [],
  source: 'engine',
};

const render = (answer: TutorAnswer) => renderToStaticMarkup(createElement(CheckMyStep, { tool: answer.tool, answer }));

describe('CheckMyStep', () => {
  test('a math engine answer gets a labelled box whose result is announced', () => {
    const html = render(solved);
    expect(html).toContain('aria-label="Check my step on 4x + 3 = 2x + 11"');
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Check my step<\/label>.*<input id="\1"/s);
    expect(html).toContain('aria-live="polite"');
    expect(html).toMatch(/maxlength="500"/i);
  });

  test('no box for other tools, model answers or refusals', () => {
    expect(render({ ...solved, tool: 'physics-solver' })).toBe('');
    expect(render({ ...solved, source: 'model' })).toBe('');
    expect(render({ ...solved, status: 'unsupported', answer: null })).toBe('');
  });
});
