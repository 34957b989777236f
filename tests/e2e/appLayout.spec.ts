import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { askInChat, backendCall, jwtOf } from './chatSupport';
import { newUser, signUpAndWait } from './support';

// The signed-in app as a student finds it (issue #14): every state passes axe, landmarks included; the dashboard
// does not offer a button to itself; a phone reaches the recent conversations; similar questions keep apart in the
// history, which can be searched.

const lastAnswer = (page: Page) => page.getByRole('article', { name: 'Answer' }).last();

/**
 * axe's WCAG rules and its landmark rules: "region" (content outside every landmark) is a best practice, not a
 * WCAG rule, so the WCAG tags alone never reported the top bar outside every landmark.
 */
async function axeViolations(page: Page, state: string): Promise<string[]> {
  const format = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) =>
    violations.map((v) => `${state} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  const wcag = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const landmarks = await new AxeBuilder({ page })
    .withRules(['region', 'landmark-one-main', 'landmark-no-duplicate-banner', 'landmark-unique', 'bypass'])
    .analyze();
  return [...format(wcag.violations), ...format(landmarks.violations)];
}

/** Creates conversations with these titles, straight through the API, oldest first. */
async function createConversations(page: Page, titles: readonly string[]): Promise<void> {
  const jwt = await jwtOf(page);
  for (const title of titles) {
    const { status } = await backendCall(jwt, '/conversations', {
      method: 'POST',
      body: { tool: 'physics-solver', title },
    });
    expect(status).toBe(201);
  }
}

const SIMILAR = [
  'A box of 5 kg is pushed with a force of 20 N across the floor. What is its acceleration?',
  'A box of 5 kg is pushed with a force of 35 N across the floor. What is its acceleration?',
  'A box of 5 kg is pushed up a ramp at 30 degrees with 40 N, find the friction',
] as const;

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`every app state has no axe violations, ${scheme} mode at ${String(width)} px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await signUpAndWait(page, newUser('axe'));
      const found: string[] = [];

      found.push(...(await axeViolations(page, 'dashboard')));
      await page.goto('/app/account');
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
      found.push(...(await axeViolations(page, 'account')));

      // A conversation with an answer, then its practice questions.
      await page.goto('/app/math-solver');
      await askInChat(page, 'x^2 - 5x + 6 = 0');
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
      found.push(...(await axeViolations(page, 'answer')));
      await lastAnswer(page).getByRole('button', { name: 'More ways to copy the answer' }).click();
      await expect(page.getByRole('menuitem', { name: 'Copy as LaTeX' })).toBeVisible();
      found.push(...(await axeViolations(page, 'copy menu')));
      await page.keyboard.press('Escape');
      await lastAnswer(page).getByRole('button', { name: 'Practise with similar questions' }).click();
      await expect(lastAnswer(page).getByRole('region', { name: 'Practice questions' })).toBeVisible();
      found.push(...(await axeViolations(page, 'practice')));
      // Practice with results: a wrong answer with where it differs, the solution shown, the answers listed.
      const practice = lastAnswer(page)
        .getByRole('region', { name: 'Practice questions' })
        .getByRole('listitem')
        .first();
      for (const wrong of ['x = 12345', 'x = 54321']) {
        await practice.getByPlaceholder('Your answer').fill(wrong);
        await practice.getByRole('button', { name: 'Check my answer' }).click();
        await expect(practice.getByText(`Not quite: “${wrong}”.`)).toBeVisible();
      }
      await practice.getByRole('button', { name: 'Show solution' }).click();
      found.push(...(await axeViolations(page, 'practice with results')));

      // Hints first: the ladder with a hint open.
      await page.getByLabel('Hints first').check();
      await askInChat(page, 'x^2-5x+3=0');
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
      await lastAnswer(page).getByRole('button', { name: 'Show a hint' }).click();
      await expect(lastAnswer(page).getByTestId('hint-ladder').getByRole('listitem')).toHaveCount(1);
      found.push(...(await axeViolations(page, 'hints')));
      await page.getByLabel('Hints first').uncheck();

      // The history's dialogs: rename in place, delete's confirmation (on a phone, inside the drawer).
      if (width < 768) await page.getByRole('button', { name: 'Chats' }).click();
      const history = page.getByRole('region', { name: 'History' });
      await history.getByRole('button', { name: 'Actions for x^2 - 5x + 6 = 0' }).click();
      found.push(...(await axeViolations(page, 'history menu')));
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      await expect(history.getByLabel('New title')).toBeFocused();
      found.push(...(await axeViolations(page, 'rename')));
      await history.getByLabel('New title').press('Escape');
      await history.getByRole('button', { name: 'Actions for x^2 - 5x + 6 = 0' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Delete this conversation?' })).toBeVisible();
      found.push(...(await axeViolations(page, 'delete dialog')));

      expect(found).toEqual([]);
    });
  }
}

test.describe('the dashboard', () => {
  test('offers no Dashboard button on itself, and does on a tool page', async ({ page }) => {
    await signUpAndWait(page, newUser('dash'));
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Dashboard' })).toBeHidden();
    await page.getByRole('navigation', { name: 'Study tools' }).getByRole('link', { name: 'Math Solver' }).click();
    await expect(bar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await bar.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Your study tools' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the recent conversations start within the first screen, under compact tool links', async ({ page }) => {
      await signUpAndWait(page, newUser('phone'));
      await createConversations(page, SIMILAR);
      await page.reload();
      const recent = page.getByRole('region', { name: 'Recent conversations' });
      await expect(recent.getByRole('link')).toHaveCount(3);
      const first = await recent.getByRole('link').first().boundingBox();
      expect((first?.y ?? Infinity) + (first?.height ?? 0)).toBeLessThanOrEqual(844);
      // Every tool is still one tap away.
      for (const name of ['Math Solver', 'Physics Solver', 'Chemistry Solver', 'Homework Helper', 'Translator']) {
        await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible();
      }
    });
  });
});

test.describe('the history', () => {
  test('similar questions keep distinct titles, and the search finds them', async ({ page }) => {
    await signUpAndWait(page, newUser('history'));
    await createConversations(page, [...SIMILAR, 'A ball is dropped from a height of 20.0 m']);
    await page.reload();
    const history = page.getByRole('region', { name: 'History' });
    const links = history.getByRole('listitem').getByRole('link');
    await expect(links).toHaveCount(4);
    const shown = await links.allInnerTexts();
    expect(new Set(shown).size).toBe(4);
    // Each shown title fits without the browser's own ellipsis cutting it again.
    const clipped = await links
      .locator('span')
      .evaluateAll((spans) => spans.filter((span) => span.scrollWidth > span.clientWidth).length);
    expect(clipped).toBe(0);

    const search = history.getByRole('searchbox', { name: 'Search your conversations' });
    await search.fill('box 35');
    await expect(links).toHaveCount(1);
    // The full title is the shortened one's tooltip.
    await expect(links.first().locator('[title]')).toHaveAttribute('title', SIMILAR[1]);
    await expect(history.getByRole('status')).toHaveText('1 conversation matches.');
    await search.fill('physics');
    await expect(links).toHaveCount(4);
    await search.fill('chlorine');
    await expect(links).toHaveCount(0);
    await expect(history.getByRole('status')).toHaveText('No conversation matches your search.');
    await search.fill('');
    await expect(links).toHaveCount(4);
  });

  test('the search finds an older conversation that is not loaded yet, through the backend', async ({ page }) => {
    test.setTimeout(60_000);
    await signUpAndWait(page, newUser('older'));
    // One more than a page of the history (HISTORY_PAGE_SIZE, 30): the oldest is not loaded at first.
    await createConversations(page, [
      'Balancing C3H8 + O2 -> CO2 + H2O',
      ...Array.from({ length: 30 }, (_, i) => `x + ${String(i)} = 1`),
    ]);
    await page.reload();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('button', { name: 'Show more' })).toBeVisible();
    await expect(history.getByRole('link', { name: /C₃H₈/ })).toHaveCount(0);
    await history.getByRole('searchbox', { name: 'Search your conversations' }).fill('c3h8');
    await expect(history.getByRole('listitem').getByRole('link')).toHaveCount(1);
    await expect(history.getByRole('link', { name: /C₃H₈/ })).toBeVisible();
  });
});
