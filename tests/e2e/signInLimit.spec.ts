import { expect, test } from '@playwright/test';
import { newUser, signIn, signUpAndWait } from './support';

// Its own Playwright project, run after all the others (playwright.config.ts): Strapi counts sign-ins per address,
// and every test of the run signs in from this one, so using up the limit while other tests run made theirs fail
// ("Too many attempts") depending on which ran at the same minute.
test.describe('sign-in limit', () => {
  test('too many wrong passwords lead to a clear message', async ({ page }) => {
    const user = newUser();
    await signUpAndWait(page, user);
    await page.context().clearCookies();
    await page.goto('/auth/login');
    // The e2e backend allows 30 sign-ins a minute per address (scripts/run-e2e.mjs), more than the rest of the
    // run needs in any minute.
    for (let attempt = 0; attempt < 40; attempt += 1) {
      await signIn(page, user.email, `wrong-${attempt}`);
      // The button is disabled while the answer is awaited; enabled again, the alert is this attempt's.
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      const alert = page.getByRole('alert');
      await expect(alert).toBeVisible();
      if ((await alert.textContent())?.includes('Too many attempts')) return;
    }
    throw new Error('the sign-in limit never answered "Too many attempts"');
  });
});
