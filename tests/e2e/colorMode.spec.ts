import { expect, test } from '@playwright/test';

const html = (page: import('@playwright/test').Page) => page.locator('html');

test.describe('colour mode', () => {
  test('follows the device setting, live, while the preference is system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
  });

  test('the switch cycles system, light, dark and the choice persists across reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/pricing');
    const button = page.getByRole('banner').getByRole('button', { name: /^Colour mode/ });
    await expect(button).toHaveAccessibleName('Colour mode: system. Switch to light');

    await button.click();
    await expect(button).toHaveAccessibleName('Colour mode: light. Switch to dark');
    await button.click();
    await expect(button).toHaveAccessibleName('Colour mode: dark. Switch to system');
    await expect(html(page)).toHaveClass(/\bdark\b/);

    await page.reload();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(html(page)).toHaveAttribute('data-color-mode-preference', 'dark');

    // A fixed preference ignores the device.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveClass(/\bdark\b/);

    await button.click();
    await expect(button).toHaveAccessibleName('Colour mode: system. Switch to light');
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('studyease:color-mode'))).toBeNull();
  });

  test('the mode is applied before first paint, with no flash of the other theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => localStorage.setItem('studyease:color-mode', 'dark'));
    // Block every script file: only the inline head script may run, and it must already apply the mode.
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto('/blog');
    await expect(html(page)).toHaveClass(/\bdark\b/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
  });
});
