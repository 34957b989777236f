import { expect, type Page, test } from '@playwright/test';
import { APP_ROUTES, AUTH_ROUTES, CONTENT_ROUTES } from './routes';
import { e2eEnv, newUser, signUpAndWait } from './support';

// A site a student can find their way around (issue #14): every page fits a small phone, nothing moves while a
// page loads, every tool and page can be reached, the home grid has no hole and the pricing page says what holds.

const TOOL_PAGES = [
  ['Math Solver', '/ai-math-solver'],
  ['Physics Solver', '/ai-physics-solver'],
  ['Chemistry Solver', '/ai-chemistry-solver'],
  ['Homework Helper', '/ai-homework-helper'],
  ['Translator', '/ai-translator'],
] as const;
const SITE_PAGES = [
  ['Pricing', '/pricing'],
  ['Blog', '/blog'],
] as const;

/** How far the page scrolls sideways: the document's width beyond the window's. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });

test.describe('no page scrolls sideways on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const path of [...CONTENT_ROUTES, ...AUTH_ROUTES, '/auth/reset-passwrod?code=abc', '/nope']) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await sidewaysScroll(page)).toBe(0);
    });
  }

  test('the app: dashboard, a tool, a conversation with an answer, the account page, the open drawer', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpAndWait(page, newUser('narrow'));
    for (const path of [...APP_ROUTES, '/app/account']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await sidewaysScroll(page), path).toBe(0);
    }
    await page.goto('/app/physics-solver');
    const box = page.getByLabel('Your question');
    await box.fill('A car accelerates from 0 to 27 m/s in 9 s, how far does it go?');
    await box.press('Enter');
    await expect(page.getByRole('article', { name: 'Answer' }).last()).toHaveAttribute('data-status', 'complete');
    expect(await sidewaysScroll(page)).toBe(0);
    await page.getByRole('button', { name: 'Chats' }).click();
    await expect(page.getByRole('dialog', { name: 'Chats and tools' })).toBeVisible();
    expect(await sidewaysScroll(page)).toBe(0);
  });
});

/**
 * Loads a page the way a slow phone does, its HTML arriving in pieces and its scripts late (hydration after first
 * paint), and returns the sum of the layout shifts not caused by input (what CLS adds up).
 */
async function layoutShift(page: Page, path: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: 24 * 1024,
    uploadThroughput: 24 * 1024,
  });
  await page.route('**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  // The HTML has been parsed (and painted in pieces): the scripts need not crawl too.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.waitForLoadState('networkidle');
  // A frame after the last script ran, so a shift from hydration is recorded.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  return page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, v) => sum + v, 0));
}

test.describe('nothing moves while a page loads (CLS 0)', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  for (const path of [...AUTH_ROUTES, '/auth/reset-passwrod?code=abc', ...CONTENT_ROUTES]) {
    test(path, async ({ page }) => {
      test.setTimeout(60_000);
      expect(await layoutShift(page, path)).toBe(0);
    });
  }
});

test.describe('finding your way', () => {
  test('the header bar keeps the four solvers; the footer links every tool, Pricing, Blog and the legal pages', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    const main = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(main.getByRole('link')).toHaveText([
      'Math Solver',
      'Physics Solver',
      'Chemistry Solver',
      'Homework Helper',
    ]);
    const footer = page.getByRole('contentinfo');
    for (const [name, path] of [
      ...TOOL_PAGES,
      ...SITE_PAGES,
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
    }
    await footer.getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 800 } });

    test('the menu panel has every tool, Pricing and Blog', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const panel = page.getByRole('navigation', { name: 'Main (mobile)' });
      for (const [name, path] of [...TOOL_PAGES, ...SITE_PAGES]) {
        await expect(panel.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
      }
      await panel.getByRole('link', { name: 'Translator' }).click();
      await expect(page).toHaveURL(/\/ai-translator$/);
    });
  });

  test('the home page links to the newest articles, each of which opens', async ({ page, request }) => {
    const response = await fetch(
      `${e2eEnv('E2E_BACKEND_URL')}/api/articles?sort=publishedAt:desc&pagination[pageSize]=3&fields[0]=title`,
    );
    const { data } = (await response.json()) as { data: { title: string }[] };
    await page.goto('/');
    const recent = page.getByRole('region', { name: 'From the blog' });
    await expect(recent.getByRole('heading', { level: 3 })).toHaveText(data.map((article) => article.title));
    for (const href of await recent
      .getByRole('listitem')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))) {
      expect(href).toMatch(/^\/blog\/[\w-]+$/);
      expect((await request.get(href)).status()).toBe(200);
    }
    await expect(recent.getByRole('link', { name: 'All articles' })).toHaveAttribute('href', '/blog');
    // Static links: the section needs no script of its own.
    expect(await recent.locator('script, astro-island').count()).toBe(0);
  });
});

test.describe('public pages speak to a student', () => {
  // Words of ours, not a student's: how the site is built and run.
  const OURS = /when this page was built|written by hand|\bengines?\b|\bbackend\b|\bCMS\b|\bconfigur|\bretries\b/i;
  for (const path of [...CONTENT_ROUTES, ...AUTH_ROUTES]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('body').innerText()).not.toMatch(OURS);
    });
  }
});

test.describe('the home page tool cards leave no empty cell', () => {
  for (const width of [1280, 1024, 800, 640, 390]) {
    test(`at ${String(width)} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const grid = page.locator('[data-tool-grid]');
      const box = await grid.boundingBox();
      const cards = await grid.locator('[data-tool]').evaluateAll((elements) =>
        elements.map((element) => {
          const rect = element.getBoundingClientRect();
          return { top: Math.round(rect.top), left: rect.left, right: rect.right };
        }),
      );
      expect(cards).toHaveLength(5);
      expect(box).not.toBeNull();
      const rows = Map.groupBy(cards, (card) => card.top);
      for (const row of rows.values()) {
        // Each row spans the grid from edge to edge: no cell is left empty at its end.
        expect(Math.min(...row.map((card) => card.left))).toBeCloseTo(box?.x ?? 0, 0);
        expect(Math.max(...row.map((card) => card.right))).toBeCloseTo((box?.x ?? 0) + (box?.width ?? 0), 0);
      }
    });
  }
});

test.describe('pricing says what holds', () => {
  /** The plans of one site built against one backend, with that backend's configured daily limit. */
  async function checkPricing(page: Page, siteOrigin: string, backendUrl: string): Promise<void> {
    const limits = (await (await fetch(`${backendUrl}/api/chat-limits`)).json()) as { freeDailyQuestions: number };
    await page.goto(`${siteOrigin}/pricing`);
    const free = page.getByRole('region', { name: 'Free plan' });
    const plus = page.getByRole('region', { name: 'Plus plan' });
    const intro = page.getByText(/^Use every StudyEase tool for free/);
    if (limits.freeDailyQuestions > 0) {
      await expect(free).toContainText(`${String(limits.freeDailyQuestions)} questions a day`);
      await expect(intro).toContainText(`up to ${String(limits.freeDailyQuestions)} questions a day`);
      await expect(plus).toContainText('More questions every day');
    } else {
      await expect(free).toContainText('Unlimited questions a day');
      await expect(intro).toContainText('no daily limit on questions');
      // Nothing offers more than the unlimited free plan.
      await expect(plus).not.toContainText(/more questions/i);
    }
    // A paid plan cannot be bought here: it says so, and its one control opens an email to the waiting list.
    await expect(plus.getByText('Not on sale yet', { exact: true })).toBeVisible();
    await expect(plus.getByRole('button')).toHaveCount(0);
    const join = plus.getByRole('link', { name: 'Join the waiting list by email' });
    await expect(join).toHaveAttribute('href', /^mailto:[^@?]+@[^?]+\?subject=/);
    // Nothing in a plan looks disabled or dashed like an unusable button.
    for (const plan of [free, plus]) {
      const dashed = await plan
        .locator('*')
        .evaluateAll((elements) => elements.filter((e) => getComputedStyle(e).borderStyle.includes('dashed')).length);
      expect(dashed).toBe(0);
    }
  }

  test('with the daily limit on (the main test backend)', async ({ page, baseURL }) => {
    await checkPricing(page, baseURL ?? '', e2eEnv('E2E_BACKEND_URL'));
  });

  test('with the daily limit off (the XSS corpus backend runs with FREE_DAILY_QUESTIONS=0)', async ({ page }) => {
    await checkPricing(page, `http://127.0.0.1:${e2eEnv('E2E_XSS_PORT')}`, e2eEnv('E2E_XSS_BACKEND_URL'));
  });
});
