import { expect, test } from '@playwright/test';
import { APP_ROUTES, AUTH_ROUTES, CONTENT_ROUTES } from './routes';

test.describe('every route of the spec answers', () => {
  for (const path of CONTENT_ROUTES) {
    test(`${path} is a content page in the default layout`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('[data-layout="default"]')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('All rights reserved.');
    });
  }

  for (const path of AUTH_ROUTES) {
    test(`${path} is in the auth layout`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('[data-layout="auth"]')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('the social sign-in return page is in the auth-connect layout', async ({ page }) => {
    const response = await page.goto('/auth/connect/github/redirect');
    expect(response?.status()).toBe(200);
    await expect(page.locator('[data-layout="auth-connect"]')).toBeVisible();
    // GitHub is not enabled by default: the page still loads and says so, with a way back.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in with Github failed');
    await expect(page.getByRole('alert')).toContainText('not available');
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  });

  for (const path of APP_ROUTES) {
    test(`${path} is served by the app shell in the chat layout`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('[data-layout="chat"]')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Study tools' })).toBeVisible();
    });
  }

  test('the app shows the dashboard, a sign-in gate for a tool, and a title per route', async ({ page }) => {
    await page.goto('/app');
    await expect(page.getByRole('heading', { name: 'Your study tools' })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard | StudyEase');
    await page.getByRole('link', { name: 'New conversation' }).first().click();
    await expect(page).toHaveURL(/\/app\/math-solver$/);
    await expect(page.getByRole('heading', { name: 'Sign in to use the Math Solver' })).toBeVisible();
    await expect(page).toHaveTitle('Math Solver | StudyEase');
  });

  test('/zh/app redirects to /app', async ({ page }) => {
    const response = await page.goto('/zh/app');
    expect(response?.url()).toMatch(/\/app$/);
    expect(response?.status()).toBe(200);
    await expect(page.locator('[data-layout="chat"]')).toBeVisible();
  });

  test('a trailing slash redirects to the canonical path', async ({ page }) => {
    const response = await page.goto('/pricing/');
    expect(new URL(response?.url() ?? '').pathname).toBe('/pricing');
  });

  test('/sitemap.xml and /robots.txt answer', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('xml');
    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toMatch(/^Sitemap: .*\/sitemap\.xml$/m);
  });
});
