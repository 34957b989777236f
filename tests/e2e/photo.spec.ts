import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request, test } from '@playwright/test';
import { newUser, signUpAndWait } from './support';

// A photo of the exercise (issue #15): chosen, pasted or dropped, turned and cropped in a dialog, sent downscaled,
// read into the composer's field, checked by the student and only then asked. The e2e backend reads pictures with
// the fake model (tools/fake-model.ts: always "2x + 3 = 11"); the offline reader has its own tests and benchmark.

const lastAnswer = (page: Page) => page.getByRole('article', { name: 'Answer' }).last();
const photoButton = (page: Page) => page.getByRole('button', { name: 'Photo of the exercise' });
const photoDialog = (page: Page) => page.getByRole('dialog', { name: 'Photo of the exercise' });
const isReadImage = (request: Request) => request.url().endsWith('/api/tutor/read-image');

/** Draws a printed exercise on a canvas in the page. @returns it as a PNG, base64 */
function drawExercise(page: Page, text: string, width: number, height: number): Promise<string> {
  return page.evaluate(
    ({ text, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#111';
      context.font = `${Math.round(height / 5)}px serif`;
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      context.fillText(text, width / 2, height / 2);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    { text, width, height },
  );
}

/** What the page's fetch sent as the field `image`, seen from inside the page (a multipart body's file is not
 * exposed to Playwright's request events). */
interface SentPicture {
  type: string;
  head: number[];
  width: number;
  height: number;
}

/** Records every picture the page sends in a FormData's field `image` (window.sentPictures). */
async function watchSentPictures(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: unknown[] = [];
    Object.assign(window, { sentPictures: sent });
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const image = init?.body instanceof FormData ? init.body.get('image') : null;
      if (image instanceof Blob) {
        const bitmap = await createImageBitmap(image);
        const head = [...new Uint8Array(await image.slice(0, 3).arrayBuffer())];
        sent.push({ type: image.type, head, width: bitmap.width, height: bitmap.height });
      }
      return original(input, init);
    };
  });
}

const sentPictures = (page: Page) =>
  page.evaluate(() => (window as unknown as { sentPictures: SentPicture[] }).sentPictures);

/** Pastes (into the focused element) or drops (onto the composer) a picture, as the browser would. */
function pasteOrDrop(page: Page, how: 'paste' | 'drop', base64: string): Promise<void> {
  return page.evaluate(
    ({ how, base64 }) => {
      const data = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], 'exercise.png', { type: 'image/png' }));
      const target =
        how === 'paste' ? document.activeElement : document.querySelector('form[aria-label="Ask a question"]');
      if (!target) throw new Error('no target');
      const init = { bubbles: true, cancelable: true };
      target.dispatchEvent(
        how === 'paste'
          ? new ClipboardEvent('paste', { ...init, clipboardData: transfer })
          : new DragEvent('drop', { ...init, dataTransfer: transfer }),
      );
    },
    { how, base64 },
  );
}

/** axe's WCAG rules (as the other app specs run them). */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('photo of the exercise', () => {
  // Each signs up and goes through the crop dialog: longer than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('a photo of 2x + 3 = 11 is cropped, sent downscaled, read into the box, corrected and asked: checked', async ({
    page,
  }) => {
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/_astro/')) chunks.push(request.url());
    });
    await watchSentPictures(page);
    await signUpAndWait(page, newUser('photo'));
    await page.goto('/app/math-solver');
    await expect(page.getByRole('heading', { name: 'Math Solver' })).toBeVisible();
    // Nothing of the cropper before a photo is chosen.
    await expect(photoButton(page)).toBeVisible();
    expect(chunks.filter((url) => /PhotoDialog|easy-crop|readImage/i.test(url))).toEqual([]);

    const png = await drawExercise(page, '2x + 3 = 11', 2600, 900);
    await page.getByTestId('photo-input').setInputFiles({
      name: 'exercise.png',
      mimeType: 'image/png',
      buffer: Buffer.from(png, 'base64'),
    });
    const dialog = photoDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Your photo' })).toBeVisible();
    expect(chunks.filter((url) => /PhotoDialog/.test(url)).length).toBeGreaterThan(0);

    // The dialog open passes axe.
    expect(await axeViolations(page)).toEqual([]);

    // Its controls work with the keyboard, and the focus stays inside it.
    const turnRight = dialog.getByRole('button', { name: 'Turn right' });
    await turnRight.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Turn left' }).press('Enter');
    const zoom = dialog.getByRole('slider', { name: 'Zoom' });
    await zoom.press('ArrowRight');
    await expect(zoom).toHaveValue('1.1');
    await zoom.press('Home');
    await expect(zoom).toHaveValue('1');
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }

    const upload = page.waitForRequest((request) => isReadImage(request) && request.method() === 'POST');
    await dialog.getByRole('button', { name: 'Read the exercise' }).click();
    expect((await upload).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // Sent as JPEG, at most 2,048 px on the long side (the photo was 2,600 px wide), the whole photo kept.
    const [picture] = await sentPictures(page);
    expect(picture?.type).toBe('image/jpeg');
    expect(picture?.head).toEqual([0xff, 0xd8, 0xff]);
    expect(picture?.width).toBe(2048);
    expect(Math.abs((picture?.height ?? 0) - 709)).toBeLessThanOrEqual(2);

    // The reading is in the box for the student to check; nothing has been asked yet.
    await expect(dialog).toHaveCount(0);
    const box = page.getByLabel('Your question');
    await expect(box).toHaveValue('2x + 3 = 11');
    await expect(box).toBeFocused();
    await expect(page.getByText('Check the reading, fix it if needed, then ask.')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Answer' })).toHaveCount(0);

    // The student fixes it and asks: the engine answers what was confirmed.
    await box.fill('2x + 5 = 11');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'complete');
    await expect(answer.getByText('Checked', { exact: true })).toBeVisible();
    await expect(answer.getByTestId('answer-result')).toContainText('3');
    await expect(page.getByText('Check the reading, fix it if needed, then ask.')).toHaveCount(0);
  });

  test('a text file named .png gets a plain message, nothing is sent, and the composer still works', async ({
    page,
  }) => {
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (isReadImage(request)) uploads.push(request.url());
    });
    await signUpAndWait(page, newUser('photo'));
    await page.goto('/app/math-solver');
    await page.getByTestId('photo-input').setInputFiles({
      name: 'exercise.png',
      mimeType: 'image/png',
      buffer: Buffer.from('This is a text file, not a picture.\n'),
    });
    const dialog = photoDialog(page);
    await expect(dialog.getByRole('alert')).toHaveText(
      'This file is not a picture we can read. Choose a photo or a screenshot (JPEG, PNG or WebP).',
    );
    expect(uploads).toEqual([]);

    // Escape closes it and the focus goes back to the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(photoButton(page)).toBeFocused();

    const box = page.getByLabel('Your question');
    await box.fill('2x + 3 = 11');
    await box.press('Enter');
    await expect(lastAnswer(page).getByText('Checked', { exact: true })).toBeVisible();
  });

  test("on a phone's width: pasted and dropped pictures, the math field, and the backend's refusals in plain words", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpAndWait(page, newUser('photo'));
    await page.goto('/app/chemistry-solver');
    const png = await drawExercise(page, 'H2 + O2 -> H2O', 1200, 400);

    // The backend's answers, one per try: the day's limit, no connection, nothing read, then a doubtful reading.
    const answers: ({ status: number; body: unknown } | 'offline')[] = [
      {
        status: 429,
        body: {
          data: null,
          error: { status: 429, name: 'RateLimitError', message: 'Limit', details: { pricing: '/pricing' } },
        },
      },
      'offline',
      { status: 200, body: { text: '', latex: '', confidence: 0 } },
      { status: 200, body: { text: 'H2 + O2 -> H2O', latex: 'H_2+O_2\\to H_2O', confidence: 0.4 } },
    ];
    await page.route('**/api/tutor/read-image', async (route) => {
      const next = answers.shift();
      if (next === undefined || next === 'offline') {
        await route.abort('internetdisconnected');
        return;
      }
      await route.fulfill({
        status: next.status,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': new URL(page.url()).origin },
        body: JSON.stringify(next.body),
      });
    });

    // The composer keeps room to type beside its buttons on a phone.
    const box = page.getByLabel('Your question');
    await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport();
    expect((await box.boundingBox())?.width).toBeGreaterThan(100);

    // A picture pasted into the box opens the dialog, which fits the phone's screen.
    await box.focus();
    await pasteOrDrop(page, 'paste', png);
    const dialog = photoDialog(page);
    await expect(dialog).toBeVisible();
    const read = dialog.getByRole('button', { name: 'Read the exercise' });
    await expect(read).toBeInViewport();
    const width = await dialog.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    const alert = dialog.getByRole('alert');
    await read.click();
    await expect(alert).toContainText('used all of today’s free questions');
    await read.click();
    await expect(alert).toHaveText('Your photo could not be sent. Check your connection and try again.');
    await read.click();
    await expect(alert).toContainText('We could not read an exercise in this photo.');
    // Closed, the focus goes back to the box the picture was pasted into.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(box).toBeFocused();

    // With the math keyboard open, a dropped picture's reading goes into the math field.
    await page.getByRole('button', { name: 'Math keyboard' }).click();
    const field = page.locator('math-field');
    await expect(field).toBeFocused();
    await pasteOrDrop(page, 'drop', png);
    await dialog.getByRole('button', { name: 'Read the exercise' }).click();
    await expect(dialog).toHaveCount(0);
    await expect
      .poll(() => field.evaluate((element) => (element as HTMLElement & { value: string }).value))
      .toBe('H_2+O_2\\to H_2O');
    await expect(page.getByText('Parts of the photo were hard to read', { exact: false })).toBeVisible();
  });
});
