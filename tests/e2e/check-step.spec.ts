import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { askInChat } from './chatSupport';
import { newUser, signUpAndWait } from './support';

// "Check my step" (issue #14): under a math answer the student types their own next line and hears whether it is
// right, whatever path it took, or where it went wrong; on a phone too, and announced to a screen reader.

const lastAnswer = (page: Page) => page.getByRole('article', { name: 'Answer' }).last();
/** A worker's first question (and first step) loads its engine: slow on a loaded machine, and not what is tested. */
const FIRST_LOAD = { timeout: 20_000 };

for (const width of [1280, 390]) {
  test(`a right step on the student's own path, then a wrong one, at ${String(width)} px`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await signUpAndWait(page, newUser('step'));
    await page.goto('/app/math-solver');
    await askInChat(page, '4x + 3 = 2x + 11');
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete', FIRST_LOAD);

    const box = lastAnswer(page).getByRole('region', { name: 'Check my step' });
    const line = box.getByRole('textbox', { name: 'Check my step' });
    const result = box.getByTestId('step-result');
    await expect(result).toHaveAttribute('aria-live', 'polite');

    // 2x − 8 = 0 is not the engine's x − 4 = 0, and it is right.
    await line.fill('2x - 8 = 0');
    await line.press('Enter');
    await expect(result).toContainText('Right step.', FIRST_LOAD);
    await expect(result).toContainText('Next move:');
    await expect(result).toContainText('add 8 to both sides');

    // 2x = 14: the 3 crossed the = sign without changing its sign.
    await line.fill('2x = 14');
    await box.getByRole('button', { name: 'Check my step' }).click();
    await expect(result).toContainText('Not quite.');
    await expect(result).toContainText('+3 crossed the = sign without changing its sign');
    await expect(result).toContainText('To fix it:');

    // Nothing sideways on a phone: the box fits the answer.
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);

    const axe = await new AxeBuilder({ page })
      .include('section[aria-label^="Check my step"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  });
}

test('an empty step asks for a line instead of sending it', async ({ page }) => {
  await signUpAndWait(page, newUser('step-empty'));
  await page.goto('/app/math-solver');
  await askInChat(page, '4x + 3 = 2x + 11');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete', FIRST_LOAD);
  const box = lastAnswer(page).getByRole('region', { name: 'Check my step' });
  await box.getByRole('button', { name: 'Check my step' }).click();
  await expect(box.getByRole('alert')).toHaveText(/Type your next line first/);
});
