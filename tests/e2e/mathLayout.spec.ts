import { expect, type Locator, type Page, test } from '@playwright/test';
import { askInChat } from './chatSupport';
import { newUser, signUpAndWait } from './support';

/*
 * Issue #14: typeset maths must read as a book prints it. Chromium drew the rows of aligned maths (a balancing
 * answer's element equations) on top of each other, and the radical's bar ran into the quadratic formula's D. This
 * measures the rendered boxes of every step of a set of answers, in the app and on the content pages, and fails on
 * rows or lines that overlap, a formula cut by its box, or a radical with no room for its bar.
 */

/** What is wrong with the maths drawn in `scope`, as readable lines; [] when nothing is. */
async function layoutProblems(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const problems: string[] = [];
    const rect = (element: Element) => element.getBoundingClientRect();
    const name = (element: Element) => element.textContent.replace(/\s+/g, ' ').trim().slice(0, 40);
    // Half a pixel of slack: rounding of fractional boxes.
    const SLACK = 0.5;
    for (const table of root.querySelectorAll('mtable')) {
      const rows = [...table.querySelectorAll(':scope > mtr')].map(rect);
      for (let index = 1; index < rows.length; index++) {
        const [above, below] = [rows[index - 1], rows[index]];
        if (above && below && below.top < above.bottom - SLACK) {
          problems.push(`rows ${String(index)} and ${String(index + 1)} of "${name(table)}" overlap`);
        }
      }
    }
    // Every step's parts (title, text, formula) one under another, none over the next.
    for (const step of root.querySelectorAll('ol > li')) {
      const parts = [...step.children].map((child) => ({ child, box: rect(child) })).filter(({ box }) => box.height);
      for (let index = 1; index < parts.length; index++) {
        const [above, below] = [parts[index - 1], parts[index]];
        if (above && below && below.box.top < above.box.bottom - SLACK) {
          problems.push(`"${name(below.child)}" overlaps "${name(above.child)}"`);
        }
      }
    }
    for (const math of root.querySelectorAll('math')) {
      // A formula its box cuts off (a scrolling box's hidden overflow): its ink is taller than the box.
      const holder = math.closest('.math-display');
      if (holder && holder.scrollHeight > holder.clientHeight + 1) {
        problems.push(`"${name(math)}" is cut at the top or bottom of its box`);
      }
      // Rows of a formula drawn as one line of text: nothing inside may lie over another row's box.
      if (rect(math).height === 0) problems.push(`"${name(math)}" is not drawn`);
    }
    // A radical's bar needs room above what it covers: the root's box is taller than its radicand's.
    for (const radical of root.querySelectorAll('msqrt')) {
      const inner = [...radical.children].map(rect);
      const top = Math.min(...inner.map((box) => box.top));
      if (!(rect(radical).top < top - 1)) problems.push(`the root over "${name(radical)}" has no room for its bar`);
    }
    return problems;
  });
}

const QUESTIONS: ReadonlyArray<readonly [tool: string, question: string]> = [
  ['chemistry-solver', 'Fe + O2 -> Fe2O3'],
  ['math-solver', 'x^2 - 5x + 6 = 0'],
  ['math-solver', 'x + y = 5, x - y = 1'],
  ['math-solver', 'integrate x^2 from 0 to 3'],
  ['physics-solver', 'A stone is dropped from 20 m. How long does it fall?'],
];

const answers = (page: Page) => page.getByRole('article', { name: 'Answer' });

test.describe('typeset maths keeps its lines apart', () => {
  for (const width of [1280, 390]) {
    test(`every step of balancing, quadratic, system, integral and physics answers at ${String(width)} px`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      await signUpAndWait(page, newUser('mathlayout'));
      for (const [tool, question] of QUESTIONS) {
        await page.goto(`/app/${tool}`);
        await askInChat(page, question);
        const answer = answers(page).last();
        // A wait, not a timing check: on a busy machine a streamed answer can take longer than the default 5 s.
        await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
        // Every step has its maths typeset; the balancing answer's element equations are a table of rows.
        await expect(answer.locator('ol > li math').first()).toBeVisible();
        if (tool === 'chemistry-solver') await expect(answer.locator('mtable mtr')).not.toHaveCount(0);
        expect(await layoutProblems(answer), question).toEqual([]);
      }
    });
  }

  for (const path of ['/ai-math-solver', '/ai-physics-solver', '/ai-chemistry-solver']) {
    test(`${path}: the worked example is typeset at build time, lines apart, and ships no script for it`, async ({
      page,
    }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        const examples = page.locator('[data-worked-answer]');
        await expect(examples.locator('math').first()).toBeVisible();
        for (const example of await examples.all()) expect(await layoutProblems(example)).toEqual([]);
      }
      // MathML, not a maths script: no Temml, no markdown-it on a content page.
      expect(scripts.filter((url) => /temml|markdown|tryBox/i.test(url))).toEqual([]);
    });
  }
});
