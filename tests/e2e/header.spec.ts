import { expect, test } from '@playwright/test';

const SOLVER_LINKS = [
  ['Math Solver', '/ai-math-solver'],
  ['Physics Solver', '/ai-physics-solver'],
  ['Chemistry Solver', '/ai-chemistry-solver'],
  ['Homework Helper', '/ai-homework-helper'],
] as const;

test.describe('header on a wide screen', () => {
  for (const [name, path] of SOLVER_LINKS) {
    test(`links to the ${name}`, async ({ page }) => {
      await page.goto('/pricing');
      await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name.replace(' Solver', ''));
    });
  }

  test('the logo links home', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('banner').getByRole('link', { name: 'StudyEase' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-out visitor sees Sign in and Sign up, and the path is saved before going there', async ({ page }) => {
    await page.goto('/ai-physics-solver?ref=search#top');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await banner.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const saved = (await page.context().cookies()).find((cookie) => cookie.name === 'studyease_auth_redirect');
    expect(decodeURIComponent(saved?.value ?? '')).toBe('/ai-physics-solver?ref=search#top');
    // Kept for a day.
    const hours = ((saved?.expires ?? 0) * 1000 - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24);
  });

  test('prefetches a page when the pointer rests on its link', async ({ page }) => {
    await page.goto('/pricing');
    const prefetch = page.waitForRequest((request) => new URL(request.url()).pathname === '/ai-math-solver');
    await page.getByRole('banner').getByRole('link', { name: 'Math Solver' }).hover();
    await prefetch;
  });

  test('ships no React to a signed-out visitor of a content page', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Math Solver' }).hover();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    // React, its renderer and the account block are separate chunks, loaded only with a session.
    expect(scripts.filter((path) => /react|client\.|mountAccount|jsx-runtime/.test(path))).toEqual([]);
  });
});

test.describe('header on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the menu panel opens, is usable by keyboard, and closes on navigation', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const panel = page.getByRole('navigation', { name: 'Main (mobile)' });
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(panel).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('link', { name: 'Math Solver' })).toBeFocused();
    await expect(panel.getByRole('link', { name: 'Sign up' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await panel.getByRole('link', { name: 'Chemistry Solver' }).click();
    await expect(page).toHaveURL(/\/ai-chemistry-solver$/);
    await expect(page.getByRole('navigation', { name: 'Main (mobile)' })).toBeHidden();

    // Coming back must not show the panel open again (back-forward cache).
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main (mobile)' })).toBeHidden();
  });
});
