import { expect, type Page, test } from '@playwright/test';
import { XSS_PAYLOADS } from '../unit/xssPayloads';
import {
  askInChat,
  backendCall,
  conversationIdOf,
  jwtOf,
  modelState,
  releaseModel,
  savedMessages,
  setModel,
} from './chatSupport';
import { newUser, signIn, signUp, signUpAndWait } from './support';

const lastAnswer = (page: Page) => page.getByRole('article', { name: 'Answer' }).last();

test.describe('chat with the offline engine', () => {
  test('a math question: streamed steps, Checked badge, hint ladder, practice, reload, rename and delete', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpAndWait(page, newUser('chat'));
    await page.getByRole('link', { name: 'New conversation' }).first().click();
    await expect(page.getByRole('heading', { name: 'Try an example' })).toBeVisible();
    await page.getByRole('button', { name: 'x^2 - 5x + 6 = 0' }).click();

    // The first question creates the conversation; the URL follows it.
    await expect(page).toHaveURL(/\/app\/math-solver\/[A-Za-z0-9_-]+$/);
    const id = conversationIdOf(page);
    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await expect(answer.getByText('Checked', { exact: true })).toBeVisible();
    await expect(answer.getByText(/^Steps \(\d+\)$/)).toBeVisible();
    await expect(answer.getByTestId('answer-result')).toContainText('2');
    await expect(answer.getByTestId('answer-result')).toContainText('3');

    // Practice: a wrong answer is marked wrong, and only then is the solution offered (issue #14: no "Show
    // answer" before a first try); the solution shown is right.
    await answer.getByRole('button', { name: 'Practise with similar questions' }).click();
    const practice = answer.getByRole('region', { name: 'Practice questions' }).getByRole('listitem').first();
    await practice.getByPlaceholder('Your answer').fill('x = 12345');
    await practice.getByRole('button', { name: 'Check my answer' }).click();
    await expect(practice.getByText('Not quite: “x = 12345”.')).toBeVisible();
    await practice.getByRole('button', { name: 'Show solution' }).click();
    await expect(practice.getByText(/^Solution:/)).toBeVisible();
    // The solution as the backend keeps it with the answer (the typeset one's text is MathML's, not typable).
    const { body } = await backendCall<{ data: { answer: { practice: { answer: string }[] } | null }[] }>(
      await jwtOf(page),
      `/conversations/${id}/messages`,
    );
    const solution = body.data.find((message) => message.answer?.practice.length)?.answer?.practice[0]?.answer ?? '';
    await practice.getByPlaceholder('Your answer').fill(solution);
    await practice.getByRole('button', { name: 'Check my answer' }).click();
    await expect(practice.getByText('Right! Well done.')).toBeVisible();

    // Hints first: the next answer starts as a ladder.
    await page.getByLabel('Hints first').check();
    await askInChat(page, 'x^2-5x+3=0');
    const ladder = lastAnswer(page);
    await expect(ladder).toHaveAttribute('data-status', 'complete');
    await expect(ladder.getByTestId('answer-result')).toHaveCount(0);
    await ladder.getByRole('button', { name: 'Show a hint' }).click();
    await expect(ladder.getByTestId('hint-ladder').getByRole('listitem')).toHaveCount(1);
    await ladder.getByRole('button', { name: /^Next (hint|step)$/ }).click();
    await expect(ladder.getByTestId('hint-ladder').getByRole('listitem')).toHaveCount(2);
    await ladder.getByRole('button', { name: 'Full solution' }).click();
    await expect(ladder.getByTestId('answer-result')).toContainText('13');
    await expect(ladder.getByText('Checked', { exact: true })).toBeVisible();

    // A reload shows the same conversation.
    await page.getByLabel('Hints first').uncheck();
    await page.reload();
    await expect(page.getByRole('article', { name: 'Answer' })).toHaveCount(2);
    await expect(page.getByRole('list', { name: 'Messages' }).getByText('x^2-5x+3=0', { exact: true })).toBeVisible();
    expect(conversationIdOf(page)).toBe(id);

    // Rename from the history.
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: 'Actions for x^2 - 5x + 6 = 0' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await history.getByLabel('New title').fill('Quadratics homework');
    await history.getByLabel('New title').press('Enter');
    await expect(history.getByRole('link', { name: 'Quadratics homework' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Quadratics homework' })).toBeVisible();
    await page.reload();
    await expect(history.getByRole('link', { name: 'Quadratics homework' })).toBeVisible();

    // Delete, after a confirmation.
    await history.getByRole('button', { name: 'Actions for Quadratics homework' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this conversation?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(history.getByRole('link', { name: 'Quadratics homework' })).toBeVisible();
    await history.getByRole('button', { name: 'Actions for Quadratics homework' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/app\/math-solver$/);
    await expect(history.getByRole('link', { name: 'Quadratics homework' })).toHaveCount(0);
    await page.goto(`/app/math-solver/${id}`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('an unknown tool and another student’s conversation are the 404 page', async ({ page, browser }) => {
    await signUpAndWait(page, newUser('owner'));
    const jwt = await jwtOf(page);
    const { body } = await backendCall<{ data: { documentId: string } }>(jwt, '/conversations', {
      method: 'POST',
      body: { tool: 'physics-solver', title: 'Private notes' },
    });

    const other = await browser.newPage();
    await signUpAndWait(other, newUser('other'));
    await other.goto(`/app/physics-solver/${body.data.documentId}`);
    await expect(other.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(other).toHaveTitle(/^404 /);
    await expect(other.getByText('Private notes')).toHaveCount(0);

    const response = await other.goto('/app/biology-solver');
    expect(response?.status()).toBe(404);
    await expect(other.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await other.close();
  });

  test('past the free daily limit the question stays in the box and the notice links to pricing', async ({ page }) => {
    test.setTimeout(60_000);
    await signUpAndWait(page, newUser('quota'));
    const jwt = await jwtOf(page);
    const { body } = await backendCall<{ data: { documentId: string } }>(jwt, '/conversations', {
      method: 'POST',
      body: { tool: 'math-solver' },
    });
    // Use up the day's questions through the API (the default limit is 20).
    for (let used = 0; ; used += 1) {
      const { status } = await backendCall(jwt, `/conversations/${body.data.documentId}/messages`, {
        method: 'POST',
        body: { text: `${used} + 1` },
      });
      if (status === 429) break;
      expect(status).toBe(200);
      expect(used).toBeLessThan(50);
    }
    await page.goto('/app/math-solver');
    await askInChat(page, '2 + 2');
    const notice = page.getByRole('alert').filter({ has: page.getByRole('link', { name: 'See plans' }) });
    await expect(notice).toContainText('free questions');
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByLabel('Your question')).toHaveValue('2 + 2');
  });

  test('after the free try, the tool page’s ask box keeps the question through sign-in and sends it', async ({
    page,
  }) => {
    const user = newUser('askbox');
    await signUpAndWait(page, user);
    await page.context().clearCookies();

    await page.goto('/ai-math-solver');
    const box = page.getByRole('form', { name: 'Ask the Math Solver' });
    // The first question is answered on the page; the next one goes to the app, through sign-in.
    await box.getByLabel('Your question').fill('x + 1 = 2');
    await box.getByRole('button', { name: 'Ask' }).click();
    await expect(page.locator('[data-try-box-outcome="solved"]')).toBeVisible();
    await box.getByLabel('Your question').fill('2x + 1 = 7');
    await box.getByRole('button', { name: 'Ask' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/app\/math-solver\/[A-Za-z0-9_-]+$/);
    await expect(page.getByRole('list', { name: 'Messages' }).getByText('2x + 1 = 7', { exact: true })).toBeVisible();
    await expect(lastAnswer(page).getByTestId('answer-result')).toContainText('3');
  });

  test('on a phone the history is a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUp(page, newUser('phone'));
    await expect(page).toHaveURL(/\/app$/);
    await page.goto('/app/chemistry-solver');
    await askInChat(page, 'Fe + O2 -> Fe2O3');
    await expect(lastAnswer(page).getByText('Checked', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Chats' }).click();
    const drawer = page.getByRole('dialog', { name: 'Chats and tools' });
    await expect(drawer.getByRole('link', { name: 'Fe + O₂ → Fe₂O₃' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Dashboard' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Your study tools' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fe + O₂ → Fe₂O₃' })).toBeVisible();
  });
});

// These tests share the backend's one fake model, so they run one after another.
test.describe('chat with the AI model', () => {
  test.describe.configure({ mode: 'serial' });

  test('streams as it arrives; a cut answer is saved partial with exactly what came, and Retry completes it', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const chunks = ['First chunk. ', 'Second chunk. ', 'Third chunk. ', 'Fourth chunk. ', 'Fifth chunk.'];
    // The model sends the first chunk and holds the rest until the page has shown it: no race with the clock.
    await setModel({ mode: 'cut', chunks, holdAfter: 1, holdFor: 'Explain the water cycle' });
    await signUpAndWait(page, newUser('stream'));
    await page.goto('/app/homework-helper');
    await askInChat(page, 'Explain the water cycle');
    await expect(lastAnswer(page).getByText('First chunk.')).toBeVisible();
    // Shown while the model still holds the rest: the page did not wait for the whole answer.
    expect(await modelState()).toEqual({ sent: 1, held: true });
    await expect(lastAnswer(page).getByText('Second chunk.')).toHaveCount(0);
    await releaseModel();
    await expect(lastAnswer(page).getByRole('alert')).toContainText('cut off');
    const id = conversationIdOf(page);
    const jwt = await jwtOf(page);
    // The backend saves the cut answer as its stream ends, which may be just after the page shows the error.
    await expect
      .poll(async () => (await savedMessages(jwt, id)).map((message) => [message.role, message.status, message.text]))
      .toEqual([
        ['user', 'complete', 'Explain the water cycle'],
        ['assistant', 'partial', chunks.join('')],
      ]);

    await setModel({ reply: 'The water cycle is evaporation, condensation and precipitation.' });
    await lastAnswer(page).getByRole('button', { name: 'Retry' }).click();
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
    await expect(lastAnswer(page)).toContainText('evaporation, condensation and precipitation');
    const after = await savedMessages(jwt, id);
    expect(after.map((message) => message.status)).toEqual(['complete', 'complete']);
    expect(after).toHaveLength(2);
  });

  test('a failing model shows a clear error and a toast; Retry works', async ({ page }) => {
    await setModel({ mode: 'error-500' });
    await signUpAndWait(page, newUser('failing'));
    await page.goto('/app/homework-helper');
    await askInChat(page, 'What is osmosis?');
    await expect(lastAnswer(page).getByRole('alert')).toContainText('The AI model is not available right now');
    await expect(page.locator('[role="alert"]').filter({ hasText: 'not available right now' })).toHaveCount(2);
    await setModel({ reply: 'Osmosis is water moving through a membrane.' });
    await lastAnswer(page).getByRole('button', { name: 'Retry' }).click();
    await expect(lastAnswer(page)).toContainText('Osmosis is water moving through a membrane.');
    await expect(lastAnswer(page).getByRole('alert')).toHaveCount(0);
  });

  test('Stop ends a streaming answer and keeps what arrived', async ({ page }) => {
    // The model holds the answer after its first part until the student has stopped it (stopping frees it).
    await setModel({
      chunks: Array.from({ length: 40 }, (_, index) => `Part ${index + 1}. `),
      holdAfter: 1,
      holdFor: 'Tell me a long story',
    });
    await signUpAndWait(page, newUser('stopper'));
    await page.goto('/app/homework-helper');
    await askInChat(page, 'Tell me a long story');
    await expect(lastAnswer(page).getByText('Part 1.')).toBeVisible();
    expect(await modelState()).toEqual({ sent: 1, held: true });
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(lastAnswer(page).getByRole('alert')).toContainText('You stopped this answer.');
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    const jwt = await jwtOf(page);
    const id = conversationIdOf(page);
    // Saved when the backend sees the page go, which may be just after the page shows it stopped.
    await expect
      .poll(async () => (await savedMessages(jwt, id)).map((message) => [message.status, message.text]))
      .toEqual([
        ['complete', 'Tell me a long story'],
        ['partial', 'Part 1. '],
      ]);
    // …and the model's request was stopped with it.
    await expect.poll(async () => (await modelState()).held).toBe(false);
  });

  test('the translator sends the chosen languages', async ({ page }) => {
    await setModel({ reply: 'Wasser siedet bei 100 °C.' });
    await signUpAndWait(page, newUser('translate'));
    await page.goto('/app/translator');
    await page.getByRole('combobox', { name: 'Translate from' }).selectOption('French');
    await page.getByRole('combobox', { name: 'Translate to' }).selectOption('German');
    const sent = page.waitForRequest((request) => request.method() === 'POST' && /\/messages$/.test(request.url()));
    await askInChat(page, "L'eau bout à 100 °C.");
    expect((await sent).postDataJSON()).toEqual({
      text: "L'eau bout à 100 °C.",
      options: { from: 'French', to: 'German' },
    });
    await expect(lastAnswer(page)).toContainText('Wasser siedet bei 100 °C.');
  });

  test('XSS payloads as questions and as model answers render as inert text', async ({ page }) => {
    test.setTimeout(120_000);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signUpAndWait(page, newUser('xss'));
    await page.goto('/app/homework-helper');
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      await setModel({ reply: payload.source });
      await askInChat(page, payload.source);
      await expect(page.getByRole('article', { name: 'Answer' })).toHaveCount(index + 1);
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
    }
    await page.reload();
    await expect(page.getByRole('article', { name: 'Answer' })).toHaveCount(XSS_PAYLOADS.length);
    const injected = await page.getByRole('list', { name: 'Messages' }).evaluate((list) => {
      const found: string[] = [];
      for (const element of list.querySelectorAll('*')) {
        const tag = element.tagName.toLowerCase();
        if (['script', 'iframe', 'object', 'embed', 'style', 'form', 'img', 'details'].includes(tag)) found.push(tag);
        if (
          tag === 'svg' &&
          !element.closest('button, [aria-hidden="true"]') &&
          element.getAttribute('aria-hidden') !== 'true'
        ) {
          found.push('svg');
        }
        for (const attribute of element.attributes) {
          if (attribute.name.startsWith('on')) found.push(`${tag}[${attribute.name}]`);
          if (
            /^(href|src|xlink:href|action|formaction)$/.test(attribute.name) &&
            /^\s*(javascript|data|vbscript):/i.test(attribute.value)
          ) {
            found.push(`${tag}[${attribute.name}=${attribute.value}]`);
          }
        }
      }
      return found;
    });
    expect(injected).toEqual([]);
    expect(dialogs).toEqual([]);
    // Shown as text, not swallowed.
    await expect(page.getByText('<script>alert(1)</script>', { exact: true }).first()).toBeVisible();
  });
});
