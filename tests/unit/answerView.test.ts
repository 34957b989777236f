import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { JSDOM } from 'jsdom';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';
import { answerCardOf, answerView, writtenCardOf } from '@/components/answer/answerView';
import { toHtml } from '@/components/answer/renderHtml';
import AssistantMessage from '@/components/chat/AssistantMessage';
import { renderAnswer } from '@/client/tryBoxRender';
import type { TutorAnswer } from '@/lib/api/tutor';
import { isSafeUrl } from '@/lib/markdown';
import type { ChatEntry } from '@/stores/chat';
import { XSS_CORPUS } from '../support/xssCorpus';

// Node's environment, so that the .astro component is compiled for the server as in a build; a jsdom window (not
// happy-dom: see markdown.test.ts) for the try box's DOM and the chat's Markdown sanitiser.
const { window } = new JSDOM('<!doctype html><html><body></body></html>');
vi.stubGlobal('window', window);
vi.stubGlobal('document', window.document);

const solved: TutorAnswer = {
  tool: 'math-solver',
  kind: 'linear-equation',
  question: { text: '2x + 1 = 7', latex: '2 x + 1 = 7' },
  status: 'solved',
  answer: { text: 'x = 3', latex: 'x = 3' },
  steps: [
    { title: 'Read the equation', explanation: 'We solve for x.', latex: '2 x + 1 = 7' },
    { title: 'Isolate the variable', explanation: 'Subtract 1, then divide by 2.' },
  ],
  checks: [{ kind: 'substitution', passed: true, detail: 'x = 3: left side 7, right side 7' }],
  verified: true,
  hints: [],
  practice: [],
  source: 'engine',
};

/** The five kinds of answer the three places must show alike. */
const ANSWERS: Record<string, TutorAnswer> = {
  'solved and checked': solved,
  'solved with a failed check': {
    ...solved,
    tool: 'translator',
    kind: 'translation',
    answer: { text: 'Wasser siedet bei 100 °C.', latex: '' },
    steps: [],
    checks: [{ kind: 'numbers-kept', passed: false, detail: 'Missing: 212' }],
    verified: false,
    source: 'model',
  },
  unsupported: {
    ...solved,
    status: 'unsupported',
    answer: null,
    steps: [],
    checks: [],
    verified: false,
    reason: 'This is beyond what I can solve reliably.',
  },
  invalid: {
    ...solved,
    tool: 'chemistry-solver',
    status: 'invalid',
    answer: null,
    steps: [],
    checks: [],
    verified: false,
    reason: 'Fe appears only on the left side.',
  },
  'sent to another tool': {
    ...solved,
    status: 'invalid',
    answer: null,
    steps: [],
    checks: [],
    verified: false,
    reason: 'This looks like a chemical equation, not a maths question: ask the Chemistry Solver, which can solve it.',
    suggestion: { text: 'H2 + O2 -> H2O', tool: 'chemistry-solver' },
  },
  'model answer': {
    ...solved,
    tool: 'homework-helper',
    kind: 'explanation',
    question: { text: 'Why is the sky blue?', latex: '' },
    answer: { text: 'Rayleigh scattering.', latex: '' },
    steps: [{ title: 'Explanation', explanation: 'Air scatters short wavelengths\nmore than long ones.' }],
    checks: [],
    verified: false,
    source: 'model',
  },
};

/** Parses markup into one element. */
function parse(html: string): Element {
  const template = document.createElement('template');
  template.innerHTML = html.trim();
  const root = template.content.firstElementChild;
  if (!root) throw new Error(`no element in ${html}`);
  return root;
}

/** The card without the attributes a place adds for its own tests. */
function withoutPlaceHooks(root: Element): string {
  for (const name of ['data-worked-answer', 'data-try-box-outcome', 'aria-label', 'aria-busy', 'data-status']) {
    root.removeAttribute(name);
  }
  return root.outerHTML;
}

async function workedAnswerHtml(answer: TutorAnswer): Promise<string> {
  const { default: WorkedAnswer } = await import('@/components/answer/WorkedAnswer.astro');
  const container = await AstroContainer.create();
  return container.renderToString(WorkedAnswer, { props: { card: answerCardOf(answer) } });
}

/**
 * The chat's card as the pages would draw it: its toolbar, reading, practice and Check my step (the chat's own parts)
 * taken out.
 * Its maths is typeset by the same renderer as the pages' and the try box's, so it stays as it is.
 */
function chatCard(answer: TutorAnswer): string {
  const entry: ChatEntry = {
    key: 'a1',
    documentId: 'm1',
    role: 'assistant',
    text: '',
    steps: [],
    answer,
    status: 'complete',
    error: null,
  };
  const html = renderToStaticMarkup(
    createElement(AssistantMessage, { entry, tool: answer.tool, hintsFirst: false, busy: false }),
  );
  const root = parse(html);
  root.querySelector(':scope > header')?.remove();
  // The reading is typeset, so only the app shows it (its own tests below).
  root.querySelector('[data-testid="answer-reading"]')?.remove();
  root.querySelector(':scope > section[aria-label^="Practice questions"]')?.remove();
  root.querySelector(':scope > section[aria-label^="Check my step"]')?.remove();
  return withoutPlaceHooks(root);
}

describe('the one answer view', () => {
  test.each(Object.entries(ANSWERS))(
    '%s: the worked example, the try box and the chat show the same card',
    async (_, answer) => {
      const card = answerCardOf(answer);
      const expected = parse(toHtml(answerView(card))).outerHTML;
      expect(withoutPlaceHooks(parse(await workedAnswerHtml(answer)))).toBe(expected);
      expect(withoutPlaceHooks(renderAnswer(document, answer))).toBe(expected);
      expect(chatCard(answer)).toBe(parse(toHtml(answerView(card, { echoQuestion: false }))).outerHTML);
    },
  );

  test('a refused question offers the other tool, or the rewrite, with the question carried over', () => {
    const link = (answer: TutorAnswer) => parse(toHtml(answerView(answerCardOf(answer)))).querySelector('a');
    const tool = link(ANSWERS['sent to another tool'] ?? solved);
    expect(tool?.textContent).toBe('Ask the Chemistry Solver');
    expect(tool?.getAttribute('href')).toBe('/app/chemistry-solver?q=H2%20%2B%20O2%20-%3E%20H2O');
    const rewrite = link({ ...(ANSWERS['unsupported'] ?? solved), suggestion: { text: '2(x+3) = 5x - 6' } });
    expect(rewrite?.textContent).toBe('Ask “2(x+3) = 5x - 6” instead');
    expect(rewrite?.getAttribute('href')).toBe('/app/math-solver?q=2(x%2B3)%20%3D%205x%20-%206');
    expect(link(ANSWERS['unsupported'] ?? solved)).toBeNull();
  });

  test('a tool this site has not switched on says so, not "Not solved"', () => {
    const title = (answer: TutorAnswer) =>
      parse(toHtml(answerView(answerCardOf(answer)))).querySelector('p')?.textContent;
    const refused = ANSWERS['unsupported'] ?? solved;
    expect(title(refused)).toBe('Not solved');
    expect(title({ ...refused, kind: 'needs-model' })).toBe('This tool is not switched on here');
  });

  test('says Checked only when the answer is verified, and never on a question it did not solve', () => {
    const badge = (answer: TutorAnswer) =>
      parse(toHtml(answerView(answerCardOf(answer)))).querySelector('[data-badge]');
    expect(badge(solved)?.textContent).toBe('✓ Checked');
    expect(badge(solved)?.getAttribute('data-badge')).toBe('checked');
    expect(badge({ ...solved, verified: false })?.textContent).toBe('Not checked');
    expect(badge({ ...solved, checks: [], verified: false })?.textContent).toBe('Not checked');
    expect(badge(ANSWERS['unsupported'] ?? solved)).toBeNull();
    expect(badge(ANSWERS['invalid'] ?? solved)).toBeNull();
  });

  test('a model answer whose only checks are its recomputed arithmetic says "Arithmetic checked", never "Checked"', () => {
    const model: TutorAnswer = {
      ...(ANSWERS['model answer'] ?? solved),
      checks: [
        { kind: 'arithmetic', passed: true, detail: 'All 2 calculations shown in the working recomputed: right.' },
      ],
      verified: false,
    };
    const card = parse(toHtml(answerView(answerCardOf(model))));
    expect(card.querySelector('[data-badge]')?.textContent).toBe('Arithmetic checked');
    expect(card.querySelector('[data-badge]')?.getAttribute('data-badge')).toBe('arithmetic');

    const wrong: TutorAnswer = {
      ...model,
      checks: [{ kind: 'arithmetic', passed: false, detail: '6 × 7 = 41 is wrong: 6 × 7 = 42.' }],
    };
    const flagged = parse(toHtml(answerView(answerCardOf(wrong))));
    expect(flagged.querySelector('[data-badge]')?.textContent).toBe('Not checked');
    expect(flagged.querySelector('[aria-label="Checks"]')?.textContent).toBe(
      '✗ Failed: 6 × 7 = 41 is wrong: 6 × 7 = 42.',
    );
    // The engine's check of the final answer passed as well: then, and only then, "Checked".
    const checked: TutorAnswer = {
      ...model,
      checks: [
        { kind: 'candidate-substitution', passed: true, detail: 'x = 2 satisfies the equation' },
        ...model.checks,
      ],
      verified: true,
    };
    expect(parse(toHtml(answerView(answerCardOf(checked)))).querySelector('[data-badge]')?.textContent).toBe(
      '✓ Checked',
    );
  });

  test('the chat names the badge "Checked" (the mark is hidden from screen readers)', () => {
    const badge = parse(toHtml(answerView(answerCardOf(solved)))).querySelector('[data-badge]');
    expect(badge?.querySelector('[aria-hidden="true"]')?.textContent).toBe('✓ ');
    expect([...(badge?.children ?? [])].map((part) => part.textContent)).toEqual(['✓ ', 'Checked']);
  });

  test('a written example says so and claims no check', () => {
    const card = parse(
      toHtml(answerView(writtenCardOf({ question: 'Translate: hello', steps: [], answer: 'Bonjour' }))),
    );
    expect(card.querySelector('[data-badge]')?.textContent).toBe('Written example · not checked');
    expect(card.querySelector('[aria-label="Checks"]')).toBeNull();
    expect(card.textContent).not.toContain('No automatic check');
  });

  test("a model's reply without a final answer line is shown once", () => {
    const text = 'Plants make sugar from light.';
    const card = answerCardOf({
      ...solved,
      answer: { text, latex: '' },
      steps: [{ title: 'Explanation', explanation: text }],
    });
    expect(card.result).toBeNull();
    expect(card.steps).toHaveLength(1);
  });

  test.each(XSS_CORPUS)('the HTML keeps $category: $name as text', (payload) => {
    const html = toHtml(
      answerView(
        answerCardOf({
          ...solved,
          question: { text: payload.source, latex: '' },
          answer: { text: payload.source, latex: '' },
          steps: [{ title: payload.source, explanation: payload.source }],
          checks: [{ kind: 'x', passed: true, detail: payload.source }],
        }),
      ),
    );
    const card = parse(html);
    // The texts are typeset now (Markdown and maths, by src/lib/markdown.ts): whatever they say, no active content,
    // no handler, no link that is not http(s) or mailto.
    expect(card.querySelectorAll('script, img, svg, iframe, style, object, embed, form, details')).toHaveLength(0);
    for (const element of card.querySelectorAll('*')) {
      expect(element.getAttributeNames().filter((name) => name.startsWith('on'))).toEqual([]);
    }
    for (const link of card.querySelectorAll('a[href]')) expect(isSafeUrl(link.getAttribute('href') ?? '')).toBe(true);
  });
});

/** The chat's card of an answer, as HTML, with the Edit wired to `onEdit`. */
function chatMessage(answer: TutorAnswer, onEdit?: (question: string) => void): Element {
  const entry: ChatEntry = {
    key: 'a1',
    documentId: 'm1',
    role: 'assistant',
    text: '',
    steps: [],
    answer,
    status: 'complete',
    error: null,
  };
  return parse(
    renderToStaticMarkup(
      createElement(AssistantMessage, {
        entry,
        tool: answer.tool,
        hintsFirst: false,
        busy: false,
        ...(onEdit ? { onEdit } : {}),
      }),
    ),
  );
}

describe('"I read this as"', () => {
  test('the chat starts the answer with the question as the engine read it, typeset, with an Edit', () => {
    const card = chatMessage(solved, () => undefined);
    const reading = card.querySelector('[data-testid="answer-reading"]');
    expect(reading?.querySelector('p')?.textContent).toBe('I read this as');
    // Typeset as maths (MathML), not shown as the student's plain text.
    expect(reading?.querySelector('math')).not.toBeNull();
    expect(reading?.querySelector('button')?.textContent).toBe('Edit');
    // It comes before the steps and the result.
    const order = [...card.querySelectorAll('[data-testid="answer-reading"], ol, [data-testid="answer-result"]')];
    expect(order[0]).toBe(reading);
  });

  test("Edit puts the reading's plain text in the box", async () => {
    const { JSDOM: Dom } = await import('jsdom');
    const dom = new Dom('<!doctype html><div id="root"></div>');
    const edited: string[] = [];
    const { createRoot } = await import('react-dom/client');
    const { act } = await import('react');
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    const container = dom.window.document.getElementById('root');
    if (!container) throw new Error('no root');
    vi.stubGlobal('document', dom.window.document);
    const root = createRoot(container);
    const entry: ChatEntry = {
      key: 'a1',
      documentId: 'm1',
      role: 'assistant',
      text: '',
      steps: [],
      answer: solved,
      status: 'complete',
      error: null,
    };
    await act(async () => {
      root.render(
        createElement(AssistantMessage, {
          entry,
          tool: 'math-solver',
          hintsFirst: false,
          busy: false,
          onEdit: (question: string) => edited.push(question),
        }),
      );
      await Promise.resolve();
    });
    const button = [...container.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Edit');
    expect(button).toBeDefined();
    await act(async () => {
      button?.dispatchEvent(new dom.window.MouseEvent('click', { bubbles: true }));
      await Promise.resolve();
    });
    expect(edited).toEqual(['2x + 1 = 7']);
    root.unmount();
    vi.stubGlobal('document', window.document);
  });

  test('says when an AI model did the reading', () => {
    const reading = chatMessage({ ...solved, readByModel: true }).querySelector('[data-testid="answer-reading"]');
    expect(reading?.textContent).toContain('An AI model helped read your question');
    expect(chatMessage(solved).querySelector('[data-testid="answer-reading"]')?.textContent).not.toContain('AI model');
  });

  test('nothing for a refused answer, an answer with no reading as maths, or where maths is not typeset', () => {
    for (const answer of [ANSWERS['unsupported'], ANSWERS['invalid'], ANSWERS['model answer']]) {
      expect(chatMessage(answer ?? solved).querySelector('[data-testid="answer-reading"]')).toBeNull();
    }
    // The pages and the try box echo the question instead (no maths renderer there).
    expect(parse(toHtml(answerView(answerCardOf(solved)))).querySelector('[data-testid="answer-reading"]')).toBeNull();
    expect(renderAnswer(document, solved).querySelector('[data-testid="answer-reading"]')).toBeNull();
    // Without a place that wires it, no Edit.
    expect(chatMessage(solved).querySelector('[data-testid="answer-reading"] button')).toBeNull();
  });
});
