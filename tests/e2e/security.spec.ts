import type { AddressInfo } from 'node:net';
import { expect, type APIResponse, type Page, test } from '@playwright/test';
import { createSiteServer } from '../../scripts/serve.mjs';
import { askInChat } from './chatSupport';
import { e2eEnv, newUser, signUpAndWait } from './support';

/** Every security header the site's server sends, checked on one response. */
function expectSecurityHeaders(response: APIResponse, what: string): void {
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  const directive = (name: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? '';
  expect(csp, `${what}: Content-Security-Policy`).not.toBe('');
  expect(directive('script-src'), what).toMatch(/^script-src 'self'/);
  expect(directive('script-src'), what).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
  expect(directive('script-src'), what).not.toContain("'unsafe-inline'");
  expect(csp, what).not.toContain("'unsafe-eval'");
  expect(directive('default-src'), what).toBe("default-src 'self'");
  expect(directive('frame-ancestors'), what).toBe("frame-ancestors 'none'");
  expect(directive('object-src'), what).toBe("object-src 'none'");
  expect(directive('connect-src'), what).toContain(new URL(e2eEnv('E2E_BACKEND_URL')).origin);
  expect(directive('img-src'), what).toContain('data:');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toContain('camera=()');
  expect(headers['x-frame-options'], what).toBe('DENY');
  // Plain HTTP: no Strict-Transport-Security.
  expect(headers['strict-transport-security'], what).toBeUndefined();
}

test.describe('security headers of the site', () => {
  test('every kind of response carries them', async ({ request }) => {
    const home = await request.get('/');
    const asset = /<script type="module" src="(\/_astro\/[^"]+\.js)"/.exec(await home.text())?.[1];
    expect(asset).toBeDefined();
    const cases: [string, Promise<APIResponse>, number][] = [
      ['home', Promise.resolve(home), 200],
      ['content page', request.get('/pricing'), 200],
      ['article', request.get('/blog/check-your-answer-to-a-linear-equation'), 200],
      ['tool page', request.get('/ai-math-solver'), 200],
      ['auth page', request.get('/auth/login'), 200],
      ['app shell', request.get('/app'), 200],
      ['app rewrite', request.get('/app/math-solver/abc123'), 200],
      ['app not found', request.get('/app/no-such-tool'), 404],
      ['unknown path', request.get('/no-such-page'), 404],
      ['asset', request.get(asset ?? '/'), 200],
      ['image', request.get('/favicon.svg'), 200],
      ['sitemap', request.get('/sitemap.xml'), 200],
      ['rss', request.get('/rss.xml'), 200],
      ['build id', request.get('/build.json'), 200],
      ['redirect', request.get('/zh/app', { maxRedirects: 0 }), 301],
      ['HEAD', request.head('/pricing'), 200],
      ['other method', request.post('/pricing'), 405],
      ['rebuild hook (off)', request.post('/__rebuild'), 404],
    ];
    for (const [what, pending, status] of cases) {
      const response = await pending;
      expect(response.status(), what).toBe(status);
      expectSecurityHeaders(response, what);
    }
  });

  test('Strict-Transport-Security only over HTTPS, and X-Forwarded-Proto only counts behind a trusted proxy', async () => {
    const serve = async (trustProxy: boolean, proto: string) => {
      const server = createSiteServer({ root: 'dist', trustProxy });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-proto': proto } });
        return response.headers.get('strict-transport-security');
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    };
    expect(await serve(true, 'https')).toBe('max-age=31536000; includeSubDomains');
    expect(await serve(true, 'http')).toBeNull();
    expect(await serve(false, 'https')).toBeNull();
  });
});

/**
 * Collects Content-Security-Policy violations of the page: the `securitypolicyviolation` events of every document
 * it loads, and the console errors the browser writes for them.
 */
function watchViolations(page: Page): () => Promise<string[]> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  void page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
  ];
}

test.describe('the Content-Security-Policy breaks nothing', () => {
  test('a violation is noticed (the watch works)', async ({ page }) => {
    const violations = watchViolations(page);
    await page.goto('/pricing');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    await expect.poll(violations).toContainEqual(expect.stringContaining('script-src'));
  });

  test('home, a blog article and the auth pages', async ({ page }) => {
    const violations = watchViolations(page);
    for (const path of [
      '/',
      '/blog/check-your-answer-to-a-linear-equation',
      '/auth/login',
      '/auth/register',
      '/auth/forgot',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await violations(), path).toEqual([]);
    }
    // The colour-mode script (inline) ran.
    expect(await page.evaluate(() => document.documentElement.dataset['colorModePreference'])).toBe('system');
  });

  test('a tool page with the try box used', async ({ page }) => {
    const violations = watchViolations(page);
    await page.goto('/ai-math-solver');
    const box = page.getByRole('form', { name: /^Ask the / });
    await box.getByLabel('Your question').fill('solve 2x + 5 = 11');
    await box.getByRole('button', { name: 'Ask' }).click();
    await expect(page.locator('[data-try-box-result] [data-try-box-outcome="solved"]')).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('the app: sign-up, then a chat answer with maths', async ({ page, context }) => {
    test.setTimeout(60_000);
    const violations = watchViolations(page);
    await signUpAndWait(page, newUser('csp'));
    // The session cookie: SameSite Lax; Secure only over HTTPS (these servers are plain HTTP).
    const cookie = (await context.cookies()).find((entry) => entry.name === 'studyease_jwt');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBe(false);
    expect(cookie?.httpOnly).toBe(false);

    await page.goto('/app/math-solver');
    await askInChat(page, 'x^2 - 5x + 6 = 0');
    const answer = page.getByRole('article', { name: 'Answer' }).last();
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await expect(answer.locator('math').first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
