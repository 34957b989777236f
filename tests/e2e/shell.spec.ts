import { expect, test } from '@playwright/test';

test.describe('page shell', () => {
  test('sets language, title, description, social tags and a canonical URL', async ({ page }) => {
    await page.goto('/blog?page=2&utm_source=newsletter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Blog | StudyEase');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Blog | StudyEase');
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /.+/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    // Pre-rendered: the canonical is the page's own URL, with no tracking parameters.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog$/);
  });

  test('the home page promises studying with ease, for free, with step-by-step solutions', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/study with ease, go with AI for free/i);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /step-by-step solutions.*similar practice questions/,
    );
  });

  test('the footer shows the current year, even on a page built last year', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2031-01-01T00:00:30'));
    await page.goto('/privacy-policy');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('© 2031 StudyEase. All rights reserved.');
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  });

  test('stores the locale cookie for a year, path /, SameSite Lax', async ({ page, context }) => {
    await page.goto('/');
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'studyease_locale')?.value)
      .toBe('en');
    const cookie = (await context.cookies()).find((c) => c.name === 'studyease_locale');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
  });

  test('the sitemap lists the public pages and none of the app or auth pages', async ({ request }) => {
    const index = await (await request.get('/sitemap.xml')).text();
    const child = /<loc>([^<]+)<\/loc>/.exec(index)?.[1] ?? '';
    const sitemap = await (await request.get(new URL(child).pathname)).text();
    for (const path of ['/pricing', '/blog', '/ai-math-solver', '/privacy-policy', '/blog/hints-before-answers']) {
      expect(sitemap).toContain(`${path}</loc>`);
    }
    expect(sitemap).not.toMatch(/\/(app|auth|zh|404|500)\b/);
  });
});
