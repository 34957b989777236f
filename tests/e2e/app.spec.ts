import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { askInChat, conversationIdOf } from './chatSupport';
import { e2eEnv, newUser, signUpAndWait } from './support';

const signedIn = (page: Page) => signUpAndWait(page, newUser('app'));

const readVisitor = (page: Page) => page.evaluate(() => localStorage.getItem('studyease:visitor'));

test.describe('app shell', () => {
  test('stores the visitor fingerprint once and talks only to the site and its backend', async ({ page, baseURL }) => {
    const origins = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http')) origins.add(url.origin);
    });
    await signedIn(page);

    await page.goto('/app/math-solver');
    await expect(page.getByRole('heading', { name: 'Math Solver' })).toBeVisible();
    // Computed a few seconds after the first screen (AppShell's VISITOR_ID_DELAY_MS).
    await expect.poll(() => readVisitor(page), { timeout: 15_000 }).not.toBeNull();
    const first = JSON.parse((await readVisitor(page)) ?? '{}') as { visitorId?: string; createdAt?: string };
    expect(first.visitorId).toMatch(/^[0-9a-f]{20,}$/);

    await page.reload();
    await page.goto('/app');
    await expect(page.getByRole('heading', { name: 'Your study tools' })).toBeVisible();
    // Not recomputed: the same record, creation time included.
    expect(JSON.parse((await readVisitor(page)) ?? '{}')).toEqual(first);

    const allowed = new Set([new URL(baseURL ?? '').origin, new URL(e2eEnv('E2E_BACKEND_URL')).origin]);
    expect([...origins].filter((origin) => !allowed.has(origin))).toEqual([]);
  });

  test('a content page does not compute a fingerprint', async ({ page }) => {
    await page.goto('/ai-math-solver');
    await page.waitForLoadState('networkidle');
    expect(await readVisitor(page)).toBeNull();
  });

  test('routes the dashboard, tools, the account page and unknown paths, with a title each', async ({ page }) => {
    await signedIn(page);
    await expect(page).toHaveTitle('Dashboard | StudyEase');
    await page.getByRole('link', { name: 'New conversation' }).first().click();
    await expect(page).toHaveURL(/\/app\/math-solver$/);
    await expect(page.getByRole('heading', { name: 'Math Solver' })).toBeVisible();
    await expect(page).toHaveTitle('Math Solver | StudyEase');
    await page.getByRole('navigation', { name: 'Study tools' }).getByRole('link', { name: 'Translator' }).click();
    await expect(page.getByRole('heading', { name: 'Translator', level: 1 })).toBeVisible();
    await page.goto('/app/account');
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Account | StudyEase');
  });

  test('notices a newer build when the tab becomes visible again', async ({ page }) => {
    await signedIn(page);
    await page.route('**/build.json', (route) => route.fulfill({ json: { id: 'a-newer-build' } }));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(
      page.getByRole('status').filter({ hasText: 'A new version of StudyEase is available.' }),
    ).toBeVisible();
  });

  test('an unreachable backend shows a clear message, not a blank page', async ({ page }) => {
    await page.route(`${e2eEnv('E2E_BACKEND_URL')}/**`, (route) => route.abort('connectionrefused'));
    await page.goto('/auth/login');
    await page.getByLabel('Email or username').fill('someone');
    await page.getByLabel('Password').fill('whatever-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('could not be reached');
  });

  test('a signed-in student whose backend is down is told so and stays signed in', async ({ page }) => {
    await signedIn(page);
    await page.route(`${e2eEnv('E2E_BACKEND_URL')}/**`, (route) => route.abort('connectionrefused'));
    await page.goto('/app/account');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('StudyEase cannot be reached');
    const session = (await page.context().cookies()).find((cookie) => cookie.name === 'studyease_jwt');
    expect(session?.value).toBeTruthy();
    // The header's account block asks too; it has had its answer (no answer: the signed-out buttons come back).
    await expect(page.locator('html')).not.toHaveClass(/has-session/);
    await page.unroute(`${e2eEnv('E2E_BACKEND_URL')}/**`);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the signed-in dashboard and account page have no axe violations in ${scheme} mode`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await signedIn(page);
      for (const path of ['/app', '/app/account']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(
          results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      }
    });
  }

  test('a saved conversation opened by its address is asked for once', async ({ page }) => {
    await signedIn(page);
    await page.goto('/app/math-solver');
    await askInChat(page, 'x^2 - 5x + 6 = 0');
    await expect(page).toHaveURL(/\/app\/math-solver\/[A-Za-z0-9_-]+$/);
    const id = conversationIdOf(page);
    await expect(page.getByRole('article', { name: 'Answer' })).toHaveAttribute('data-status', 'complete');

    /** The paths of the backend's GETs. */
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.startsWith('/api/')) asked.push(url.pathname);
    });
    await page.goto(`/app/math-solver/${id}`);
    await expect(page.getByRole('article', { name: 'Answer' })).toHaveAttribute('data-status', 'complete');
    await expect(page.getByRole('article', { name: 'Answer' }).getByText('Checked', { exact: true })).toBeVisible();

    // The page's inline script asked for the conversation; the app took those answers instead of asking again.
    for (const path of [`/api/conversations/${id}`, `/api/conversations/${id}/messages`]) {
      expect(
        asked.filter((sent) => sent === path),
        path,
      ).toHaveLength(1);
    }
  });
});
