import { expect, type Page, test } from '@playwright/test';
import { offSiteRedirects, REDIRECT_CORPUS, SAME_SITE_PATHS } from './redirectCorpus';
import { e2eEnv, newUser, signIn } from './support';

// Issue #11: no redirect of the site may leave it, neither the site server's own (trailing slash, /zh/app) nor
// the return to the saved path after signing in. The site here is the real build served by scripts/serve.mjs on
// the free port scripts/run-e2e.mjs picked.

const siteOrigin = (baseURL: string | undefined): string => new URL(baseURL ?? '').origin;

test.describe('the site server', () => {
  test('redirects no crafted path off the site, and keeps no redirect long', async ({ baseURL }) => {
    const { hostname, port } = new URL(siteOrigin(baseURL));
    const { problems, redirects } = await offSiteRedirects(hostname, Number(port));
    expect(problems).toEqual([]);
    expect(redirects).toBeGreaterThan(REDIRECT_CORPUS.length * 2);
  });

  test('a browser that opens a crafted path with a trailing slash stays on the site', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const origin = siteOrigin(baseURL);
    // Anything another host would serve is answered here and seen below, instead of failing to resolve.
    await page.route(
      (url) => url.origin !== origin && url.hostname !== new URL(e2eEnv('E2E_BACKEND_URL')).hostname,
      (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'off the site' }),
    );
    const left: string[] = [];
    for (const probe of REDIRECT_CORPUS.filter(({ value }) => value.startsWith('/'))) {
      await page.goto(`${origin}${probe.value}/`, { waitUntil: 'commit' });
      if (new URL(page.url()).origin !== origin) left.push(`${probe.name}: ${page.url()}`);
    }
    expect(left).toEqual([]);
  });
});

test.describe('the sign-in return path', () => {
  /** A real sign-in answer (jwt and user), recorded once and replayed for every probe. */
  let signedIn: unknown;
  const student = newUser('redirect');

  test.beforeAll(async () => {
    const response = await fetch(`${e2eEnv('E2E_BACKEND_URL')}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(student),
    });
    expect(response.status).toBe(200);
    signedIn = await response.json();
  });

  /**
   * Saves `value` as the return path (the cookie the header and the app write before sending a visitor to sign
   * in), signs in through the form and waits for the page it then goes to.
   * @returns where the browser went, and any dialog a script opened on the way
   */
  async function signInReturningTo(
    page: Page,
    origin: string,
    value: string,
  ): Promise<{ url: URL; dialogs: string[] }> {
    await page
      .context()
      .addCookies([{ name: 'studyease_auth_redirect', value: encodeURIComponent(value), url: origin }]);
    // The backend limits sign-ins per account (8 here); its real answer is replayed instead, so the form, the
    // session and the return all run as they do for a student.
    await page.route('**/api/auth/local', (route) => route.fulfill({ json: signedIn }));
    await page.route(
      (url) => url.origin !== origin && url.hostname !== new URL(e2eEnv('E2E_BACKEND_URL')).hostname,
      (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'off the site' }),
    );
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, student.email, student.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
    return { url: new URL(page.url()), dialogs };
  }

  for (const probe of REDIRECT_CORPUS) {
    test(`only same-site paths survive sign-in: ${probe.name}`, async ({ page, baseURL }) => {
      const origin = siteOrigin(baseURL);
      const { url, dialogs } = await signInReturningTo(page, origin, probe.value);
      expect(url.origin).toBe(origin);
      expect(url.pathname).not.toMatch(/^\/auth(\/|$)/);
      expect(dialogs).toEqual([]);
    });
  }

  for (const path of SAME_SITE_PATHS) {
    test(`a same-site return path survives sign-in as it is: ${path}`, async ({ page, baseURL }) => {
      const origin = siteOrigin(baseURL);
      const { url } = await signInReturningTo(page, origin, path);
      expect(`${url.pathname}${url.search}`).toBe(path);
    });
  }
});
