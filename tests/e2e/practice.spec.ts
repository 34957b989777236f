import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { IssuedQuestion, PracticeSession } from '@studyease/contract';
// The engines are CommonJS: their named exports come through the default import.
import tutor from '@studyease/tutor';
import { askInChat } from './chatSupport';
import { newUser, signIn, signUpAndWait } from './support';

// Practice that comes back (issue #16): a skill the student asked about in the chat is practised from "Practise
// this", each answer moves its mastery and its next review, all of it is kept, exported with the conversations, and
// deleted for good with the account.

const lastAnswer = (page: Page) => page.getByRole('article', { name: 'Answer' }).last();
/** A worker's first question loads its engine, and a session's questions are each made and checked first. */
const SLOW = { timeout: 30_000 };

/** Waits for the next practice session the page asks for, and returns its questions. */
async function nextSession(page: Page): Promise<IssuedQuestion[]> {
  const response = await page.waitForResponse(
    (candidate) => candidate.url().endsWith('/api/practice/session') && candidate.request().method() === 'POST',
    SLOW,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: PracticeSession }).data.questions;
}

/** The engine's own answer to an issued question: what a student who knows the skill would type. */
function rightAnswerTo(question: IssuedQuestion): string {
  const answer = tutor.solveLocally(question.tool, question.question);
  if (answer.status !== 'solved' || !answer.answer) throw new Error(`the engine does not solve ${question.question}`);
  return answer.answer.text;
}

/** The mastery a skill's bar shows, in percent. */
async function masteryOf(page: Page, name: string): Promise<number> {
  const bar = page.getByRole('progressbar', { name: `${name} mastery` }).first();
  return Number(await bar.getAttribute('aria-valuenow'));
}

test('a skill from the chat is practised, kept, exported and deleted with the account', async ({ page }) => {
  test.setTimeout(150_000);
  const user = newUser('practice');
  await signUpAndWait(page, user);

  // A new student has nothing to practise yet: the page points to the solvers.
  await page.getByRole('navigation', { name: 'Study tools' }).getByRole('link', { name: 'Practice' }).click();
  await expect(page).toHaveURL(/\/app\/practice$/);
  await expect(page).toHaveTitle('Practice | StudyEase');
  await expect(page.getByRole('heading', { name: 'Your practice starts with your own questions' })).toBeVisible(SLOW);
  await expect(page.getByRole('main').getByRole('link', { name: 'Math Solver' })).toBeVisible();

  // A checked answer in the chat starts its skill, due at once.
  const question = 'Solve 4x + 3 = 2x + 11';
  await page.goto('/app/math-solver');
  await askInChat(page, question);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete', SLOW);
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: '1 skill due for review' })).toBeVisible(SLOW);
  await expect(page.getByTestId('due-skills')).toHaveText('Linear equations.');

  // "Practise this" under the answer starts a session on its skill.
  await page.goBack();
  const practiseThis = lastAnswer(page).getByRole('link', { name: 'Practise this: Linear equations' });
  await expect(practiseThis).toBeVisible(SLOW);
  const session = nextSession(page);
  await practiseThis.click();
  const questions = await session;
  expect(questions.length).toBeGreaterThanOrEqual(2);
  expect(new Set(questions.map((issued) => issued.skill))).toEqual(new Set(['linear-equations']));
  // The query leaves the address: a reload shows the skills rather than starting again.
  await expect(page).toHaveURL(/\/app\/practice$/);
  await expect(page.getByText(`Question 1 of ${String(questions.length)} · Linear equations`)).toBeVisible();
  const before = await masteryOf(page, 'Linear equations');

  // One right answer (the engine's own, typed as a student would)…
  const [first, second] = questions as [IssuedQuestion, IssuedQuestion];
  const box = page.getByRole('textbox', { name: 'Your answer' });
  await expect(box).toBeFocused();
  await box.fill(rightAnswerTo(first));
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const verdict = page.getByTestId('practice-verdict');
  await expect(verdict).toHaveAttribute('data-outcome', 'right', SLOW);
  await expect(verdict).toContainText('Right!');
  const afterRight = await masteryOf(page, 'Linear equations');
  expect(afterRight).toBeGreaterThan(before);

  // …then a wrong one, after a hint: the verdict says where it differs and gives the engine's answer.
  await page.getByRole('button', { name: 'Next question' }).click();
  await expect(page.getByText(`Question 2 of ${String(questions.length)}`)).toBeVisible();
  if (second.hints.length > 0) {
    await page.getByRole('button', { name: 'Show a hint' }).click();
    await expect(page.getByRole('list', { name: 'Hints' }).getByRole('listitem')).toHaveCount(1);
  }
  await box.fill('x = 12345');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(verdict).toHaveAttribute('data-outcome', 'wrong', SLOW);
  await expect(verdict).toContainText('Not quite.');
  await expect(verdict).toContainText('The right answer:');
  const afterWrong = await masteryOf(page, 'Linear equations');
  expect(afterWrong).toBeLessThan(afterRight);

  // Back to the list: the skill is no longer due today, with its answers counted and its mastery kept.
  await page.getByRole('button', { name: 'End session' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Linear equations' }) });
  await expect(card).toContainText('2 answers, 1 right');
  await expect(page.getByRole('heading', { name: 'Due today' })).toHaveCount(0);
  await expect(card).toContainText('Next review');
  expect(await masteryOf(page, 'Linear equations')).toBe(afterWrong);

  // Kept: after a reload, the same.
  await page.reload();
  await expect(card).toContainText('2 answers, 1 right', SLOW);
  expect(await masteryOf(page, 'Linear equations')).toBe(afterWrong);
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Practice', exact: true })).toBeVisible(SLOW);
  await expect(page.getByTestId('due-skills')).toContainText('Nothing is due today. Next up: Linear equations');

  // Export: the conversation with its messages, and the practice answers.
  await page.goto('/app/account');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('studyease-data.json');
  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    conversations: { messages: { text: string }[] }[];
    practiceQuestions: unknown[];
    skills: { skill: string }[];
  };
  expect(exported.conversations.flatMap((conversation) => conversation.messages).map((m) => m.text)).toContain(
    question,
  );
  const practised = JSON.stringify(exported.practiceQuestions);
  expect(practised).toContain(rightAnswerTo(first));
  expect(practised).toContain('x = 12345');
  expect(exported.skills.map((skill) => skill.skill)).toEqual(['linear-equations']);

  // Delete: only once the username is typed; then signed out on the home page, which says so.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete for good' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type your username, ${user.username}, to confirm`).fill(user.username);
  await confirm.click();
  await expect(page).toHaveURL(/\/#account-deleted$/, SLOW);
  await expect(page.getByText('Your account and everything in it have been deleted for good.')).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'studyease_jwt')).toBe(false);

  // The old password signs nobody in.
  await signIn(page, user.username, user.password);
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toContainText(
    'Wrong email, username or password.',
  );
});

/** axe's WCAG rules and its landmark rules, as appLayout.spec.ts runs them. */
async function axeViolations(page: Page, state: string): Promise<string[]> {
  const format = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) =>
    violations.map((v) => `${state} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  const wcag = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const landmarks = await new AxeBuilder({ page })
    .withRules(['region', 'landmark-one-main', 'landmark-no-duplicate-banner', 'landmark-unique', 'bypass'])
    .analyze();
  return [...format(wcag.violations), ...format(landmarks.violations)];
}

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`the practice page has no axe violations, ${scheme} mode at ${String(width)} px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await signUpAndWait(page, newUser('practice-axe'));
      const found: string[] = [];

      await page.goto('/app/practice');
      await expect(page.getByRole('heading', { name: 'Not started yet' })).toBeVisible(SLOW);
      found.push(...(await axeViolations(page, 'skills')));

      // A skill started from the list: its question with a hint open, then a verdict.
      const session = nextSession(page);
      await page.getByRole('button', { name: 'Try Linear equations' }).click();
      const [first] = await session;
      if (!first) throw new Error('no question');
      await expect(page.getByRole('textbox', { name: 'Your answer' })).toBeVisible();
      if (first.hints.length > 0) await page.getByRole('button', { name: 'Show a hint' }).click();
      found.push(...(await axeViolations(page, 'question')));
      await page.getByRole('textbox', { name: 'Your answer' }).fill('x = 12345');
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await expect(page.getByTestId('practice-verdict')).toBeVisible(SLOW);
      found.push(...(await axeViolations(page, 'verdict')));

      // Nothing sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(found).toEqual([]);
    });
  }
}
