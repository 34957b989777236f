import { expect, type Page, test } from '@playwright/test';
import { askInChat } from './chatSupport';
import { newUser, signUpAndWait } from './support';

const lastAnswer = (page: Page) => page.getByRole('article', { name: 'Answer' }).last();

test.describe('"I read this as"', () => {
  test('a student sees how the question was read, edits the reading and gets the answer to the new question', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpAndWait(page, newUser('reading'));
    await page.goto('/app/math-solver');
    // With a word: a question that is maths only opens in the math keyboard instead (issue #15, math-keyboard.spec).
    await askInChat(page, 'solve 2x + 3 = 7');

    const first = lastAnswer(page);
    await expect(first).toHaveAttribute('data-status', 'complete');
    const reading = first.getByTestId('answer-reading');
    await expect(reading.getByText('I read this as', { exact: true })).toBeVisible();
    // Typeset as maths, before the steps.
    await expect(reading.locator('math')).toBeVisible();
    await expect(first.getByTestId('answer-result')).toContainText('2');

    // Edit puts the reading in the question box, where the student corrects it and asks again.
    await reading.getByRole('button', { name: /Edit how the question was read/ }).click();
    const box = page.getByLabel('Your question');
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('solve 2x + 3 = 7');
    await box.fill('solve 2x + 3 = 11');
    await box.press('Enter');

    await expect(page.getByRole('article', { name: 'Answer' })).toHaveCount(2);
    const second = lastAnswer(page);
    await expect(second).toHaveAttribute('data-status', 'complete');
    await expect(second.getByTestId('answer-reading').locator('math')).toBeVisible();
    await expect(second.getByTestId('answer-result')).toContainText('4');
    await expect(second.getByText('Checked', { exact: true })).toBeVisible();
  });
});
