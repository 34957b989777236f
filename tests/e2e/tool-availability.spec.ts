// Which tools this server can answer (issue #14): a site built against a backend without an AI model (the one with
// email confirmation on, started without the fake model by scripts/run-e2e.mjs) marks the Homework Helper and the
// Translator instead of advertising them, on its pages and in the app, while the math solver answers as before;
// the main site, whose backend has the fake model, offers every tool.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { askInChat } from './chatSupport';
import { e2eEnv, linkIn, newUser, signIn, signUp, signUpAndWait, waitForMail } from './support';

const FRIENDLY =
  "The Homework Helper needs an AI model, which this site doesn't have switched on right now. For equations, try " +
  'the Math Solver.';

/** Fails on any WCAG 2.1 AA violation axe finds on the page as it is now. */
async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Signs up on the site with email confirmation on, confirms by email and signs in: the app opens. */
async function signUpConfirmed(page: Page, baseURL: string | undefined): Promise<void> {
  const user = newUser('nomodel');
  await signUp(page, user);
  await expect(page.getByRole('status')).toContainText('We sent a confirmation link');
  const mail = await waitForMail(e2eEnv('E2E_CONFIRM_MAIL_URL'), user.email);
  await page.goto(linkIn(mail, `${baseURL ?? ''}/auth/email-confirmation?confirmation=`));
  await expect(page.getByRole('status')).toContainText('Your email address is confirmed.');
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Your study tools' })).toBeVisible();
}

test.describe('without an AI model', () => {
  test.use({ baseURL: `http://127.0.0.1:${process.env['E2E_CONFIRM_PORT'] ?? '0'}` });

  test('the backend says which tools it can answer', async ({ request }) => {
    const backend = process.env['E2E_CONFIRM_BACKEND_URL'];
    if (!backend) throw new Error('E2E_CONFIRM_BACKEND_URL is not set: run the e2e tests with "npm run test:e2e"');
    const res = await request.get(`${backend}/api/tutor/tools`);
    expect(res.status()).toBe(200);
    const { tools } = (await res.json()) as { tools: Record<string, { available: boolean }> };
    expect(tools['homework-helper']?.available).toBe(false);
    expect(tools['translator']?.available).toBe(false);
    expect(tools['math-solver']?.available).toBe(true);
  });

  test('the pages mark the Homework Helper and explain it, and the Math Solver keeps its try box', async ({ page }) => {
    await page.goto('/');
    const helperCard = page.locator('#tools [data-tool="homework-helper"]');
    await expect(helperCard).toContainText('Not available');
    await expect(helperCard).toContainText('See why');
    await expect(page.locator('#tools [data-tool="math-solver"]')).not.toContainText('Not available');

    await page.goto('/ai-homework-helper');
    const notice = page.locator('[data-tool-unavailable="homework-helper"]');
    await expect(notice).toContainText("The Homework Helper isn't available right now");
    await expect(notice).toContainText(FRIENDLY);
    await expect(notice).not.toContainText(/server|configur/i);
    await expect(page.locator('[data-try-box]')).toHaveCount(0);
    await notice.getByRole('link', { name: 'Math Solver' }).click();
    await expect(page).toHaveURL(/\/ai-math-solver$/);
    await expect(page.getByRole('form', { name: 'Ask the Math Solver' })).toBeVisible();
  });

  test('in the app, the Homework Helper shows a friendly state instead of a question box; the Math Solver answers', async ({
    page,
    baseURL,
  }) => {
    await signUpConfirmed(page, baseURL);
    const helperCard = page.locator('[data-tool-grid] a[href="/app/homework-helper"]');
    await expect(helperCard).toContainText('Not available');

    await page.goto('/app/homework-helper');
    const notice = page.locator('[data-tool-unavailable="homework-helper"]');
    await expect(notice).toContainText(FRIENDLY);
    await expect(page.getByLabel('Your question')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Try an example' })).toHaveCount(0);

    await notice.getByRole('link', { name: 'Math Solver' }).click();
    await expect(page).toHaveURL(/\/app\/math-solver$/);
    await expect(page.locator('[data-tool-unavailable]')).toHaveCount(0);
    await askInChat(page, 'x^2 - 5x + 6 = 0');
    await expect(page.getByTestId('answer-result').last()).toContainText('3', { timeout: 20_000 });

    // The marks and the friendly state read well in both colour modes: the dashboard, the chat, the tool's page.
    test.setTimeout(90_000);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const [path, ready] of [
        ['/app', '[data-tool-grid] [data-tool-badge]'],
        ['/app/homework-helper', '[data-tool-unavailable]'],
        ['/ai-homework-helper', '[data-tool-unavailable]'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator(ready).first()).toBeVisible();
        await expectNoAxeViolations(page);
      }
    }
  });
});

test.describe('with the fake AI model', () => {
  test('every tool is offered: the Homework Helper has its try box and its question box', async ({ page }) => {
    await page.goto('/ai-homework-helper');
    await expect(page.locator('[data-tool-unavailable]')).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Ask the Homework Helper' })).toBeVisible();
    await page.goto('/');
    await expect(page.locator('#tools [data-tool="homework-helper"]')).not.toContainText('Not available');

    await signUpAndWait(page, newUser('withmodel'));
    await expect(page.locator('[data-tool-grid]')).not.toContainText('Not available');
    await page.goto('/app/homework-helper');
    await expect(page.getByLabel('Your question')).toBeVisible();
    await expect(page.locator('[data-tool-unavailable]')).toHaveCount(0);
  });
});
