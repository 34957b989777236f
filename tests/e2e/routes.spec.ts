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
    test(`${path} is served by the app shell, which asks a signed-out visitor to sign in`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/auth\/login$/);
      const saved = (await page.context().cookies()).find((cookie) => cookie.name === 'studyease_auth_redirect');
      expect(decodeURIComponent(saved?.value ?? '')).toBe(path);
    });
  }

  test('/zh/app redirects to /app', async ({ request }) => {
    const response = await request.get('/zh/app', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/app');
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
