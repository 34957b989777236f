import { type Browser, expect, test } from '@playwright/test';
import { e2eEnv, linkIn, newUser, signIn, signUp, signUpAndWait, waitForMail } from './support';

test.describe('accounts', () => {
  test('sign up, see my name in the header, cancel and then confirm logout', async ({ page }) => {
    const user = newUser();
    await signUp(page, user);
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('heading', { name: 'Your study tools' })).toBeVisible();

    await page.goto('/pricing');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign in' })).toBeHidden();
    // The avatar's alternative text is the username.
    const accountButton = banner.getByRole('button', { name: /^Account menu/ });
    await expect(accountButton.locator('[role="img"]')).toHaveAttribute('aria-label', user.username);
    await banner.getByRole('button', { name: /^Account menu/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(user.username);
    await expect(menu).toContainText(user.email);

    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Logout' });
    await expect(dialog).toContainText('Confirm logout?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await banner.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('alertdialog', { name: 'Logout' }).getByRole('button', { name: 'OK' }).click();
    await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  });

  test('wrong password and taken email are explained next to the form', async ({ page }) => {
    const user = newUser();
    await signUpAndWait(page, user);
    await page.context().clearCookies();

    await signIn(page, user.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Wrong email, username or password.');
    await expect(page).toHaveURL(/\/auth\/login$/);

    await signUp(page, { ...user, username: `${user.username}x` });
    await expect(page.getByRole('alert')).toContainText('already used by another account');
  });

  test('the forms check fields in the browser first', async ({ page }) => {
    await page.goto('/auth/register');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Password', { exact: true }).fill('short');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Choose a username.')).toBeVisible();
    await expect(form.getByText('Enter a valid email address')).toBeVisible();
    await expect(form.getByText('Use at least 8 characters.')).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the app asks for sign-in and comes back to the page I wanted', async ({ page }) => {
    const user = newUser();
    await signUpAndWait(page, user);
    await page.context().clearCookies();

    await page.goto('/app/physics-solver?from=test');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signIn(page, user.username, user.password);
    await expect(page).toHaveURL(/\/app\/physics-solver\?from=test$/);
    await expect(page.getByRole('heading', { name: 'Physics Solver' })).toBeVisible();
  });

  for (const crafted of ['//evil.test', '/\\evil.test', 'https://evil.test', '%2F%2Fevil.test', '/%2F%2Fevil.test']) {
    test(`a crafted return path (${crafted}) lands on /app`, async ({ page, baseURL }) => {
      const user = newUser();
      await signUpAndWait(page, user);
      await page.context().clearCookies();
      await page
        .context()
        .addCookies([{ name: 'studyease_auth_redirect', value: encodeURIComponent(crafted), url: baseURL ?? '' }]);
      await signIn(page, user.email, user.password);
      await expect(page).toHaveURL(`${baseURL ?? ''}/app`);
    });
  }

  test('forgot password: email, reset, signed in; the link works once', async ({ page }) => {
    const user = newUser();
    await signUpAndWait(page, user);
    await page.context().clearCookies();

    await page.goto('/auth/forgot');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(`If an account uses ${user.email}`);

    const mail = await waitForMail(e2eEnv('E2E_MAIL_URL'), user.email);
    expect(mail.subject).toMatch(/StudyEase/);
    const link = linkIn(mail, `${new URL(page.url()).origin}/auth/reset-passwrod?code=`);

    const newPassword = `${user.password}-new`;
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('heading', { name: 'Your study tools' })).toBeVisible();

    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Another-pass-123');
    await page.getByLabel('Repeat new password').fill('Another-pass-123');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('invalid or has already been used');

    await signIn(page, user.email, newPassword);
    await expect(page).toHaveURL(/\/app$/);
  });

  test('a signed-in visitor gets the account block on content pages; a signed-out one loads no React', async ({
    page,
  }) => {
    await signUpAndWait(page, newUser());
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu/ })).toBeVisible();

    await page.context().clearCookies();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => /react|mountAccount|client\./.test(path))).toBe(false);
  });
});

test.describe('accounts on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the menu panel holds the account block', async ({ page }) => {
    const user = newUser('phone');
    await signUpAndWait(page, user);
    await page.goto('/blog');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('navigation', { name: 'Main (mobile)' });
    await expect(panel).toContainText(user.username);
    await expect(panel).toContainText(user.email);
    await expect(panel.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Sign in' })).toBeHidden();
    await panel.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Logout' })).toContainText('Confirm logout?');
  });
});

test.describe('accounts with email confirmation on', () => {
  test.use({ baseURL: `http://127.0.0.1:${process.env['E2E_CONFIRM_PORT'] ?? '0'}` });

  test('register, confirm by email, sign in, change password, log out, sign in with the new password', async ({
    page,
    baseURL,
  }) => {
    const user = newUser('confirm');
    await signUp(page, user);
    await expect(page.getByRole('status')).toContainText(`We sent a confirmation link to ${user.email}`);

    // Not confirmed yet: sign-in says so.
    await signIn(page, user.email, user.password);
    await expect(page.getByRole('alert')).toContainText('confirm your email address');

    const mail = await waitForMail(e2eEnv('E2E_CONFIRM_MAIL_URL'), user.email);
    await page.goto(linkIn(mail, `${baseURL ?? ''}/auth/email-confirmation?confirmation=`));
    await expect(page.getByRole('status')).toContainText('Your email address is confirmed.');

    await page.getByRole('link', { name: 'Sign in to start studying' }).click();
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('heading', { name: 'Your study tools' })).toBeVisible();

    await page.goto('/app/account');
    const form = page.getByRole('form', { name: 'Change password' });
    const newPassword = `${user.password}-2`;
    await form.getByLabel('Current password').fill('wrong-current');
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Repeat new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Your current password is wrong.');
    await form.getByLabel('Current password').fill(user.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toHaveText('Your password was changed.');

    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('alertdialog', { name: 'Logout' }).getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await signIn(page, user.email, user.password);
    await expect(page.getByRole('alert')).toHaveText('Wrong email, username or password.');
    await signIn(page, user.email, newPassword);
    await expect(page).toHaveURL(/\/app\/account$/);
  });
});

/** Another browser (a second device, or someone else's) on the site under test. */
function newSiteContext(browser: Browser) {
  const { baseURL } = test.info().project.use;
  if (!baseURL) throw new Error('the Playwright project has no baseURL');
  return browser.newContext({ baseURL });
}

test.describe('sessions', () => {
  test('"Log out everywhere" signs out this device and my other devices too', async ({ page, browser }) => {
    const user = newUser('everywhere');
    await signUpAndWait(page, user);
    // A second device: another browser with the same session cookie.
    const other = await newSiteContext(browser);
    await other.addCookies(await page.context().cookies());
    const otherPage = await other.newPage();
    await otherPage.goto('/app/account');
    await expect(otherPage.getByRole('heading', { name: 'Account' })).toBeVisible();

    await page.goto('/app/account');
    const devices = page.getByRole('region', { name: 'Devices' });
    await devices.getByRole('button', { name: 'Log out everywhere' }).click();
    await devices.getByRole('button', { name: 'Cancel' }).click();
    await devices.getByRole('button', { name: 'Log out everywhere' }).click();
    await devices.getByRole('button', { name: 'Yes, log out everywhere' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/auth\/login$/);
    await other.close();
    // Signing in again is tested by the backend (tests/security-review.test.ts): the sign-in limit here is per
    // address, shared by every test of this run, so this story does not spend one.
  });
});

test.describe('social sign-in', () => {
  test("someone else's sign-in link does not sign me into their account (sign-in CSRF)", async ({ page, browser }) => {
    // The attacker starts a sign-in with their own identity and stops at the return page's link.
    const attacker = await newSiteContext(browser);
    const attackerPage = await attacker.newPage();
    await attackerPage.route('**/auth/connect/studyease-test/redirect*', (route) => route.abort());
    await attackerPage.goto('/auth/login');
    const returned = attackerPage.waitForRequest((request) =>
      request.url().includes('/auth/connect/studyease-test/redirect'),
    );
    await attackerPage.getByRole('link', { name: 'Continue with Studyease Test' }).click();
    const evil = newUser('attacker');
    await attackerPage.getByLabel('Username').fill(evil.username);
    await attackerPage.getByLabel('Email').fill(evil.email);
    await attackerPage.getByRole('button', { name: 'Approve' }).click();
    const link = new URL((await returned).url());
    await attacker.close();

    // The victim opens it.
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in with Studyease Test failed');
    await expect(page.getByRole('alert')).toContainText('not started in this tab');
    await page.goto('/app');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('a round trip through the local OAuth2 test provider signs me in and brings me back', async ({ page }) => {
    const user = newUser('social');
    await page.goto('/app/chemistry-solver');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByRole('link', { name: 'Continue with Studyease Test' }).click();

    // The provider's consent page (a local stand-in for GitHub or Google).
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Approve' }).click();

    await expect(page).toHaveURL(/\/app\/chemistry-solver$/);
    await expect(page.getByRole('heading', { name: 'Chemistry Solver' })).toBeVisible();
    await page.goto('/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Account menu/ })
      .click();
    await expect(page.getByRole('menu')).toContainText(user.email);
  });

  test('refusing at the provider ends on a clear error with a way back', async ({ page }) => {
    await page.goto('/auth/register');
    await page.getByRole('link', { name: 'Continue with Studyease Test' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page).toHaveURL(/\/auth\/connect\/studyease-test\/redirect/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in with Studyease Test failed');
    await expect(page.getByRole('alert')).toContainText('did not sign you in');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('a forged token on the return page is refused', async ({ page }) => {
    const response = await page.goto('/auth/connect/studyease-test/redirect?access_token=forged');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in with Studyease Test failed');
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  });
});
