import { expect, test, type Page } from '@playwright/test';
import { newUser, signUp } from './support';

// The shared e2e backends have a working mail catcher, and stopping it would break the other specs running at the
// same time: these tests answer the one auth call with exactly what a backend whose SMTP server is down answers
// (backend/tests/faults-smtp.test.ts checks that answer against a real backend with SMTP on a closed port).
const mailDown = (message: string) => ({
  status: 503,
  contentType: 'application/json',
  body: JSON.stringify({ data: null, error: { status: 503, name: 'ServiceUnavailableError', message, details: {} } }),
});

/** Answers the next calls to `path` on the backend as a backend without SMTP does. */
const withMailDown = async (page: Page, path: string, message: string): Promise<void> => {
  await page.route(
    (url) => url.pathname.endsWith(path),
    (route) => (route.request().method() === 'POST' ? route.fulfill(mailDown(message)) : route.fallback()),
  );
};

test.describe('when the backend cannot send email', () => {
  test('forgot password says the email could not be sent, and the form stays for another try', async ({ page }) => {
    await withMailDown(
      page,
      '/api/auth/forgot-password',
      'The email could not be sent right now. Please try again in a few minutes.',
    );
    await page.goto('/auth/forgot');
    await page.getByLabel('Email').fill(newUser().email);
    const submit = page.getByRole('button', { name: 'Send reset link' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(
      'We could not send the email right now. Please try again in a few minutes.',
    );
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(submit).toBeEnabled();
  });
});

test.describe('when the backend cannot send email, with email confirmation on', () => {
  test.use({ baseURL: `http://127.0.0.1:${process.env['E2E_CONFIRM_PORT'] ?? '0'}` });

  test('sign-up says the account exists and how to get the confirmation email later', async ({ page }) => {
    await withMailDown(
      page,
      '/api/auth/local/register',
      'Your account was created, but the confirmation email could not be sent right now. Sign in in a few minutes to get a new one.',
    );
    await signUp(page, newUser('nosmtp'));
    await expect(page.getByRole('alert')).toHaveText(
      'Your account was created, but we could not send the confirmation email right now. Sign in in a few minutes to get a new one.',
    );
    await expect(page).toHaveURL(/\/auth\/register$/);
  });
});
