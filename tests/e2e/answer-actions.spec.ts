import { expect, type Page, test } from '@playwright/test';
import { askInChat, backendCall, jwtOf } from './chatSupport';
import { newUser, signUpAndWait } from './support';

// What a student does with an answer (issue #14): copies it as text they can paste anywhere (or as LaTeX), climbs
// the hints before the solution, and practises: a wrong answer is told where it goes wrong before the solution is
// offered, and the practice and its results are still there when the conversation is opened again.

const lastAnswer = (page: Page) => page.getByRole('article', { name: 'Answer' }).last();
const conversationIdOf = (page: Page) => new URL(page.url()).pathname.split('/').at(-1) ?? '';

/** The clipboard's text, read in the page (Chromium, with the permission granted). */
const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test.describe('answer actions', () => {
  test('Copy answer gives readable text; Copy as LaTeX gives the LaTeX', async ({ page, context }) => {
    test.setTimeout(60_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpAndWait(page, newUser('copy'));
    await page.goto('/app/chemistry-solver');
    await askInChat(page, 'C3H8 + O2 -> CO2 + H2O');
    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'complete');

    await answer.getByRole('button', { name: 'Copy answer' }).click();
    await expect(page.getByText('Answer copied.')).toBeVisible();
    const text = await clipboardText(page);
    expect(text.split('\n')[0]).toBe('Answer: C₃H₈ + 5 O₂ → 3 CO₂ + 4 H₂O');
    // No LaTeX and no calculator syntax anywhere in it: steps included.
    expect(text).not.toMatch(/[\\^*{}]|->/);
    expect(text).toContain('C: 3a = c');

    await answer.getByRole('button', { name: 'More ways to copy the answer' }).click();
    await page.getByRole('menuitem', { name: 'Copy as LaTeX' }).click();
    await expect(page.getByText('Answer copied as LaTeX.')).toBeVisible();
    expect(await clipboardText(page)).toContain('\\mathrm{C_{3}H_{8}}');
  });

  test('Hints first: "Show a hint" leads, "Full solution" is second, and nothing to copy before the solution', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpAndWait(page, newUser('hintsfirst'));
    // Only tools with hints offer the setting.
    await page.goto('/app/homework-helper');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('Hints first')).toHaveCount(0);

    await page.goto('/app/math-solver');
    await page.getByLabel('Hints first').check();
    await askInChat(page, '4x + 3 = 2x + 11');
    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'complete');
    const hints = answer.getByRole('region', { name: 'Hints' });
    const buttons = hints.getByRole('button');
    await expect(buttons).toHaveText(['Show a hint', 'Full solution']);
    await expect(buttons.first()).toHaveClass(/btn-primary/);
    await expect(buttons.last()).toHaveClass(/btn-outline/);
    await expect(answer.getByRole('button', { name: 'Copy answer' })).toHaveCount(0);

    await buttons.first().click();
    await expect(hints.getByRole('button').first()).toHaveText(/^Next (hint|step)$/);
    await expect(answer.getByRole('button', { name: 'Copy answer' })).toHaveCount(0);
    await hints.getByRole('button', { name: 'Full solution' }).click();
    await expect(answer.getByTestId('answer-result')).toContainText('4');
    await expect(answer.getByRole('button', { name: 'Copy answer' })).toBeVisible();
    await page.getByLabel('Hints first').uncheck();
  });

  test('a wrong practice answer is shown where it differs, then the solution on request; a reload keeps it all', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpAndWait(page, newUser('practice'));
    await page.goto('/app/math-solver');
    await askInChat(page, 'x^2 - 5x + 6 = 0');
    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await answer.getByRole('button', { name: 'Practise with similar questions' }).click();
    const region = answer.getByRole('region', { name: /^Practice questions/ });
    const item = region.getByRole('listitem').first();
    await expect(item.getByPlaceholder('Your answer')).toBeVisible();
    // A tutor lets the student try first: no answer or solution on offer yet.
    await expect(item.getByRole('button', { name: /Show (answer|solution)/ })).toHaveCount(0);

    await item.getByPlaceholder('Your answer').fill('x = 12345');
    await item.getByRole('button', { name: 'Check my answer' }).click();
    await expect(item.getByText(/^Not quite/)).toBeVisible();
    await expect(item.getByText('Have another go, or see the solution.')).toBeVisible();
    await item.getByRole('button', { name: 'Show solution' }).click();
    await expect(item.getByText(/^Solution:/)).toBeVisible();

    // The right answer, as the backend keeps it with the answer's practice.
    const id = conversationIdOf(page);
    const { body } = await backendCall<{
      data: { role: string; answer: { practice: { question: string; answer: string }[] } | null }[];
    }>(await jwtOf(page), `/conversations/${id}/messages`);
    const first = body.data.find((message) => message.role === 'assistant')?.answer?.practice[0];
    expect(first).toBeTruthy();
    await item.getByPlaceholder('Your answer').fill(first?.answer ?? '');
    await item.getByRole('button', { name: 'Check my answer' }).click();
    await expect(item.getByText('Right! Well done.')).toBeVisible();
    await expect(item.getByRole('list', { name: 'Your answers so far' }).getByRole('listitem')).toHaveCount(2);

    // Reopened: the same questions, the two answers and the verdict, without asking for practice again.
    await page.reload();
    const reopened = lastAnswer(page).getByRole('region', { name: /^Practice questions/ });
    const again = reopened.getByRole('listitem').first();
    await expect(again.getByText('Right! Well done.')).toBeVisible();
    const tries = again.getByRole('list', { name: 'Your answers so far' }).getByRole('listitem');
    await expect(tries).toHaveCount(2);
    await expect(tries.first()).toContainText('x = 12345');
    await expect(tries.first()).toContainText('(not right)');
    await expect(tries.last()).toContainText('(right)');
    await expect(reopened.getByRole('button', { name: 'Practise with similar questions' })).toHaveCount(0);
  });
});
