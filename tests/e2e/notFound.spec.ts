import { expect, type Page, test } from '@playwright/test';

async function expectNotFoundPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByText('We are sorry but this page could not be found')).toBeVisible();
  await expect(page.locator('[data-status-code]')).toHaveText('404');
  await expect(page.locator('[data-status-message]')).toHaveText('Page not found');
  await expect(page).toHaveTitle('404 Page not found | StudyEase');
}

test.describe('not-found page', () => {
  test('an unknown path answers 404 with header, footer, code and message', async ({ page }) => {
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expectNotFoundPage(page);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('an unknown blog article is a 404', async ({ page }) => {
    const response = await page.goto('/blog/no-such-article');
    expect(response?.status()).toBe(404);
    await expectNotFoundPage(page);
  });

  test('the button returns to the home page', async ({ page }) => {
    await page.goto('/nope');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Study with ease');
  });

  test('an unknown tool inside the app shows the same page, with the path', async ({ page }) => {
    const response = await page.goto('/app/essay-writer');
    expect(response?.status()).toBe(404);
    await expectNotFoundPage(page);
    await expect(page.locator('[data-error-message]')).toHaveText('Page not found: /app/essay-writer');
  });

  test('a malformed conversation id inside the app is a 404', async ({ page }) => {
    await page.goto('/app/math-solver/not%20an%20id');
    await expectNotFoundPage(page);
  });

  test('path traversal gets the 404 page, not a file outside the site', async ({ request }) => {
    const response = await request.get('/%2e%2e/%2e%2e/etc/passwd');
    expect(response.status()).toBe(404);
    expect(await response.text()).not.toContain('root:');
  });
});

test.describe('server error page', () => {
  test('is built in the same frame, with code and message', async ({ page }) => {
    await page.goto('/500');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
    await expect(page.locator('[data-status-code]')).toHaveText('500');
    await expect(page.locator('[data-status-message]')).toHaveText('Internal Server Error');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
