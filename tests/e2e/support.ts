import { expect, type Page } from '@playwright/test';
import { type CaughtMessage, fetchMail } from '../../tools/mail-catcher.mjs';

/** Where scripts/run-e2e.mjs started things; running Playwright without it fails here, loudly. */
export function e2eEnv(
  name:
    | 'E2E_MAIL_URL'
    | 'E2E_CONFIRM_MAIL_URL'
    | 'E2E_CONFIRM_PORT'
    | 'E2E_BACKEND_URL'
    | 'E2E_MODEL_URL'
    // The third backend and site, seeded with the XSS corpus (tests/e2e/xss.spec.ts).
    | 'E2E_XSS_PORT'
    | 'E2E_XSS_BACKEND_URL'
    | 'E2E_XSS_MODEL_URL'
    | 'E2E_XSS_SEED'
    | 'E2E_XSS_DIST',
): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests with "npm run test:e2e"`);
  return value;
}

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

let counter = 0;

/** A new account's details, unique across workers and runs. */
export function newUser(prefix = 'student'): TestUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return { username: `${prefix}_${id}`, email: `${prefix}.${id}@example.test`, password: `Study-${id}-pass` };
}

/**
 * Waits for the mail catcher to receive a message for `to` and returns the newest one.
 * @param mailUrl the catcher's HTTP address (MailDev's REST API, read by fetchMail)
 */
export async function waitForMail(mailUrl: string, to: string, subject?: RegExp): Promise<CaughtMessage> {
  let found: CaughtMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = await fetchMail(mailUrl, { to });
        found = messages.find((message) => !subject || subject.test(message.subject));
        return found !== undefined;
      },
      { timeout: 15_000, message: `an email to ${to}` },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** @returns the first link in the mail's text part that starts with `prefix` */
export function linkIn(mail: CaughtMessage, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return match[0];
}

/** Signs up through the form. */
export async function signUp(page: Page, user: TestUser): Promise<void> {
  await page.goto('/auth/register');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Username').fill(user.username);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByLabel('Repeat password').fill(user.password);
  const submit = form.getByRole('button', { name: 'Create account' });
  // Enabled once the form's script runs; typing earlier would work too, but the click must wait.
  await expect(submit).toBeEnabled();
  await submit.click();
}

/** Signs up and waits until the app has taken over (so that clearing cookies next cannot race its start). */
export async function signUpAndWait(page: Page, user: TestUser): Promise<void> {
  await signUp(page, user);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: 'Your study tools' })).toBeVisible();
}

/** Signs in through the form. */
export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  if (!page.url().includes('/auth/login')) await page.goto('/auth/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email or username').fill(identifier);
  await form.getByLabel('Password').fill(password);
  const submit = form.getByRole('button', { name: 'Sign in' });
  await expect(submit).toBeEnabled();
  await submit.click();
}
