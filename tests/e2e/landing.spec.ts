import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { TutorAnswer } from '../../src/lib/api/tutor';
import { XSS_PAYLOADS } from '../unit/xssPayloads';
import { newUser, signUp, signUpAndWait } from './support';

/**
 * Questions the offline engines solve and check: the try box must show them answered, with the Checked badge. The
 * answer is typeset (issue #14): `answer` is the text of its MathML, without spaces.
 */
const ENGINE_TOOLS = [
  { path: '/ai-math-solver', question: 'solve 2x + 5 = 11', answer: 'x=3' },
  {
    path: '/ai-physics-solver',
    question: 'A car accelerates from 0 to 27 m/s in 9 s, how far does it go?',
    // The computed value first, then the value to the data's figures (issue #13, honest rounding).
    answer: '121.5m≈1×102m',
  },
  { path: '/ai-chemistry-solver', question: 'H2 + O2 -> H2O', answer: '2H2+O2→2H2O' },
] as const;

/** The text of the typeset maths in `scope`, without spaces (MathML's text has none between its tokens). */
async function mathText(scope: Locator): Promise<string> {
  await expect(scope.locator('math').first()).toBeVisible();
  return (await scope.locator('math').allTextContents()).join('').replace(/\s+/g, '');
}

/** Tools that answer through the AI model (the e2e backend's fake one, which other tests steer). */
const MODEL_TOOLS = [
  { path: '/ai-translator', question: 'Wasser siedet bei 100 °C.' },
  { path: '/ai-homework-helper', question: 'Explain photosynthesis in simple words' },
] as const;

const TOOL_PATHS = [...ENGINE_TOOLS, ...MODEL_TOOLS].map((tool) => tool.path);

/** Paths of the scripts the page requests from now on. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

async function ask(page: Page, question: string): Promise<void> {
  const box = page.getByRole('form', { name: /^Ask the / });
  await box.getByLabel('Your question').fill(question);
  await box.getByRole('button', { name: 'Ask' }).click();
}

const result = (page: Page) => page.locator('[data-try-box-result]');

/** The JSON-LD blocks of the page, parsed. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as Record<string, unknown>);
}

test.describe('try box on the tool pages', () => {
  for (const tool of ENGINE_TOOLS) {
    test(`${tool.path} answers one question without an account, checked, then leads to the app`, async ({ page }) => {
      const scripts = watchScripts(page);
      await page.goto(tool.path);
      await page.waitForLoadState('networkidle');
      expect(scripts.filter((path) => /tryBox\./.test(path))).toEqual([]);

      await ask(page, tool.question);
      const answer = result(page).locator('[data-try-box-outcome="solved"]');
      await expect(answer).toBeVisible();
      expect(await mathText(answer.getByTestId('answer-result'))).toBe(tool.answer);
      await expect(answer.getByText('✓ Checked')).toBeVisible();
      await expect(answer.locator('ol > li').first()).toBeVisible();
      expect(scripts.filter((path) => /tryBox\./.test(path))).toHaveLength(1);
      // A visitor without a session is sent to sign-up (issue #14), with sign-in beside it for those who have one.
      await expect(result(page).getByRole('link', { name: 'Sign up free to continue' })).toHaveAttribute(
        'href',
        '/auth/register',
      );
      await expect(result(page).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');

      // The free question is used: the next one goes to the app, which asks a visitor to sign in first.
      await ask(page, 'x + 1 = 2');
      await expect(page).toHaveURL(/\/auth\/login/);
    });
  }

  for (const tool of MODEL_TOOLS) {
    // The fake model is shared with the chat tests, so this checks that the box shows whatever came back (an
    // answer or a refusal), and that the badge follows `verified`, rather than a particular reply.
    test(`${tool.path} shows the AI model's answer, or its refusal, in the box`, async ({ page }) => {
      await page.goto(tool.path);
      const response = page.waitForResponse((candidate) => candidate.url().endsWith('/api/tutor/solve'));
      await ask(page, tool.question);
      const answer = (await (await response).json()) as TutorAnswer;
      if (answer.status === 'solved') {
        const card = result(page).locator('[data-try-box-outcome="solved"]');
        // `.first()`: the shared fake model may echo the question back, so the answer can carry the same text.
        await expect(card.getByText(answer.question.text, { exact: true }).first()).toBeVisible();
        await expect(card.locator('[data-badge]')).toHaveText(answer.verified ? '✓ Checked' : 'Not checked');
        if (answer.answer) await expect(card.getByText(answer.answer.text.trim()).first()).toBeVisible();
      } else {
        const refusal = result(page).locator(`[data-try-box-outcome="${answer.status}"]`);
        await expect(refusal).toContainText(answer.reason ?? 'could not be answered');
        await expect(refusal.locator('[data-badge]')).toHaveCount(0);
      }
    });
  }

  test("shows the engine's reason when a question cannot be right, and keeps the free question", async ({ page }) => {
    await page.goto('/ai-chemistry-solver');
    await ask(page, 'Fe + O2 -> Au');
    const refusal = result(page).locator('[data-try-box-outcome="invalid"]');
    await expect(refusal).toContainText('This question has a problem');
    await expect(refusal).toContainText('Fe appears only on the left side');
    await expect(refusal.locator('[data-badge]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Ask' })).toBeEnabled();
  });

  test('"Sign up free to continue" carries the question through registration into the app', async ({ page }) => {
    await page.goto('/ai-math-solver');
    await ask(page, 'solve 2x + 5 = 11');
    await result(page).getByRole('link', { name: 'Sign up free to continue' }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
    await signUp(page, newUser('tryboxsignup'));
    await expect(page).toHaveURL(/\/app\/math-solver/);
    await expect(page.getByText('solve 2x + 5 = 11').first()).toBeVisible();
  });

  test('a signed-in student goes straight to the app', async ({ page }) => {
    await signUpAndWait(page, newUser('trybox'));
    const scripts = watchScripts(page);
    await page.goto('/ai-math-solver');
    await ask(page, 'x + 1 = 2');
    await expect(page).toHaveURL(/\/app\/math-solver/);
    expect(scripts.filter((path) => /tryBox\./.test(path))).toEqual([]);
  });
});

test.describe('try box errors', () => {
  const errorCases = [
    {
      name: 'the rate limit (429)',
      status: 429,
      error: { name: 'RateLimitError', message: 'Too many questions in a short time. Please wait a minute.' },
      shown: 'Too many questions in a short time. Please wait a minute.',
    },
    {
      name: "the day's AI model answers used up (429)",
      status: 429,
      error: {
        name: 'RateLimitError',
        message: "The free try box has used today's 5 answers written by the AI model. Sign up for free to ask more.",
      },
      shown: "used today's 5 answers written by the AI model",
    },
    {
      name: 'a question that is too long (413)',
      status: 413,
      error: { name: 'PayloadTooLargeError', message: 'question is too long' },
      shown: 'Your question is too long',
    },
    {
      name: 'a question the backend rejects (400)',
      status: 400,
      error: { name: 'ValidationError', message: 'question must not be empty' },
      shown: 'question must not be empty',
    },
  ] as const;

  for (const errorCase of errorCases) {
    test(`shows ${errorCase.name} in the box`, async ({ page }) => {
      // Provoking these on the shared backend would throttle the other tests; its answer is replayed instead.
      await page.route('**/api/tutor/solve', (route) =>
        route.fulfill({
          status: errorCase.status,
          contentType: 'application/json',
          body: JSON.stringify({ data: null, error: { status: errorCase.status, ...errorCase.error, details: {} } }),
        }),
      );
      await page.goto('/ai-math-solver');
      await ask(page, 'x + 1 = 2');
      await expect(result(page).getByRole('alert')).toContainText(errorCase.shown);
      await expect(page.getByRole('button', { name: 'Ask' })).toBeEnabled();
    });
  }

  test('shows that the service cannot be reached when the network is down', async ({ page }) => {
    await page.route('**/api/tutor/solve', (route) => route.abort('internetdisconnected'));
    await page.goto('/ai-chemistry-solver');
    await ask(page, 'H2 + O2 -> H2O');
    await expect(result(page).getByRole('alert')).toContainText('could not be reached');
  });

  test('shows every text of an answer as text, never as markup', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const payloads = XSS_PAYLOADS.map((payload) => payload.source);
    const answer: TutorAnswer = {
      tool: 'homework-helper',
      kind: 'explanation',
      question: { text: payloads[0] ?? '', latex: '' },
      status: 'solved',
      answer: { text: payloads[1] ?? '', latex: '' },
      steps: payloads.map((source, index) => ({ title: `Step ${String(index)} ${source}`, explanation: source })),
      checks: [],
      verified: false,
      hints: [],
      practice: [],
      source: 'model',
    };
    await page.route('**/api/tutor/solve', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) }),
    );
    await page.goto('/ai-homework-helper');
    await ask(page, 'anything');
    const card = result(page).locator('[data-try-box-outcome="solved"]');
    await expect(card).toBeVisible();
    await expect(card.getByText(payloads[0] ?? '', { exact: true }).first()).toBeVisible();
    await expect(card.locator('img, svg, script, iframe, a')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });
});

test.describe('home and tool pages', () => {
  test("the home page's live example is a checked answer from the engine", async ({ page }) => {
    await page.goto('/');
    const example = page.locator('[data-live-example]');
    // Typeset at build time (issue #14): the question and the answer as MathML.
    expect(await mathText(example.getByTestId('answer-question'))).toBe('x2−5x+6=0');
    await expect(example.locator('[data-badge="checked"]')).toHaveText('✓ Checked');
    expect(await mathText(example.getByTestId('answer-result'))).toBe('x=2,x=3');
  });

  test('the solver pages show two checked worked examples; the others a written one, not claimed as checked', async ({
    page,
  }) => {
    for (const tool of ENGINE_TOOLS) {
      await page.goto(tool.path);
      await expect(page.locator('[data-worked-answer] [data-badge="checked"]')).toHaveCount(2);
    }
    for (const tool of MODEL_TOOLS) {
      await page.goto(tool.path);
      await expect(page.locator('[data-worked-answer] [data-badge]')).toHaveText(['Written example · not checked']);
    }
  });

  test('the home page describes the site and the organisation, and its FAQ, in JSON-LD', async ({ page }) => {
    await page.goto('/');
    const data = await structuredData(page);
    expect(data.map((item) => item['@type'])).toEqual(['WebSite', 'Organization', 'FAQPage']);
    for (const item of data) expect(item['@context']).toBe('https://schema.org');
    const faq = data[2] as { mainEntity: { '@type': string; name: string }[] };
    expect(faq.mainEntity.length).toBeGreaterThanOrEqual(7);
    expect(faq.mainEntity.every((entry) => entry['@type'] === 'Question')).toBe(true);
    // The FAQ in JSON-LD is the one on the page.
    for (const entry of faq.mainEntity) await expect(page.getByText(entry.name, { exact: true })).toBeVisible();
  });

  for (const path of TOOL_PATHS) {
    test(`${path} describes a free educational app and its FAQ in JSON-LD`, async ({ page }) => {
      await page.goto(path);
      const data = await structuredData(page);
      expect(data.map((item) => item['@type'])).toEqual(['SoftwareApplication', 'FAQPage']);
      expect(data[0]).toMatchObject({
        applicationCategory: 'EducationalApplication',
        offers: { '@type': 'Offer', price: '0' },
      });
    });
  }

  for (const path of ['/', ...TOOL_PATHS]) {
    test(`${path} ships no React and no try-box script to a signed-out visitor`, async ({ page }) => {
      const scripts = watchScripts(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((script) => /react|client\.|mountAccount|jsx-runtime|tryBox\./.test(script))).toEqual([]);
    });
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`landing pages in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    test('the home page, its FAQ open, has no axe violations', async ({ page }) => {
      await page.goto('/');
      await page.getByText('Is StudyEase free?').click();
      await expectNoAxeViolations(page);
    });

    test('a tool page with an error, then an answer, in its try box has no axe violations', async ({ page }) => {
      await page.route('**/api/tutor/solve', (route) => route.abort('internetdisconnected'));
      await page.goto('/ai-physics-solver');
      await ask(page, 'A ball is dropped from a height of 20.0 m. How long does it take to reach the ground?');
      await expect(result(page).getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.unroute('**/api/tutor/solve');
      await page.goto('/ai-math-solver');
      await ask(page, 'solve 2x + 5 = 11');
      await expect(result(page).locator('[data-try-box-outcome="solved"]')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
