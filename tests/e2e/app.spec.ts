import { expect, test } from '@playwright/test';

const BACKEND_ORIGIN = process.env['PUBLIC_BACKEND_URL'] ?? 'http://localhost:1337';

test.describe('app shell', () => {
  test('stores the visitor fingerprint once and talks only to the site and its backend', async ({ page, baseURL }) => {
    const origins = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http')) origins.add(url.origin);
    });

    await page.goto('/app/math-solver');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('studyease:visitor'))).not.toBeNull();
    const first = JSON.parse((await page.evaluate(() => localStorage.getItem('studyease:visitor'))) ?? '{}') as {
      visitorId?: string;
      createdAt?: string;
    };
    expect(first.visitorId).toMatch(/^[0-9a-f]{20,}$/);

    await page.reload();
    await page.goto('/app');
    await expect(page.getByRole('heading', { name: 'Your study tools' })).toBeVisible();
    const second = JSON.parse((await page.evaluate(() => localStorage.getItem('studyease:visitor'))) ?? '{}') as {
      visitorId?: string;
      createdAt?: string;
    };
    // Not recomputed: the same record, creation time included.
    expect(second).toEqual(first);

    const allowed = new Set([new URL(baseURL ?? '').origin, new URL(BACKEND_ORIGIN).origin]);
    expect([...origins].filter((origin) => !allowed.has(origin))).toEqual([]);
  });

  test('the sign-in gate remembers the conversation to come back to', async ({ page }) => {
    await page.goto('/app/physics-solver');
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const saved = (await page.context().cookies()).find((cookie) => cookie.name === 'studyease_auth_redirect');
    expect(decodeURIComponent(saved?.value ?? '')).toBe('/app/physics-solver');
  });

  test('a content page does not compute a fingerprint', async ({ page }) => {
    await page.goto('/ai-math-solver');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => localStorage.getItem('studyease:visitor'))).toBeNull();
  });

  test('notices a newer build when the tab becomes visible again', async ({ page }) => {
    await page.goto('/app');
    await expect(page.getByRole('heading', { name: 'Your study tools' })).toBeVisible();
    await page.route('**/build.json', (route) => route.fulfill({ json: { id: 'a-newer-build' } }));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(
      page.getByRole('status').filter({ hasText: 'A new version of StudyEase is available.' }),
    ).toBeVisible();
  });
});
