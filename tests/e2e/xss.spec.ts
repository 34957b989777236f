import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { calculatorToText } from '../../src/lib/readableMath';
import { XSS_CORPUS } from '../support/xssCorpus';
import { e2eEnv } from './support';
import { inPool, inlineScripts, readXssSeed, XssWatch } from './xssSupport';

// Issue #7, XSS: the whole corpus (tests/support/xssCorpus.ts) through every place the site shows text a student,
// a model or an editor wrote: chat questions and answers (saved and streaming), the try box's model answer,
// conversation titles, usernames in the header, the account menu and the app, and CMS article titles, descriptions,
// authors, tags and bodies (article pages, the blog's pages, JSON-LD). scripts/run-e2e.mjs starts a backend of its own for this file, which seeds everything before the site
// is built against it (tools/test-backend/seed-xss.ts, --xss-seed); this file only loads pages and watches (xssSupport.ts):
// no dialog, no request to a foreign origin, no CSP violation, no injected markup, and each payload really shown.

const baseURL = `http://127.0.0.1:${e2eEnv('E2E_XSS_PORT')}`;
const seed = readXssSeed();
/** Pages loaded at once: two cores, shared with the browser, the servers and the other worker. */
const LANES = 3;
/** Each place's counts go to a file, so the summary still sees them after a worker restarts. */
const resultsDir = join(dirname(e2eEnv('E2E_XSS_SEED')), 'results');

interface PlaceResult {
  place: string;
  /** Payloads shown (and checked to be shown) in this place. */
  rendered: number;
  /** Payloads the backend or CMS refused at input, so never shown: also safe, and reported. */
  refused: number;
}

function report(result: PlaceResult): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `${result.place.replace(/\W+/g, '-')}.json`), JSON.stringify(result));
}

/**
 * Text as a reader gets it back from the page: the HTML parser drops NUL from text (in a `<title>` it becomes
 * U+FFFD) and turns CR into LF, a title shows other control characters as spaces, and titles and headings collapse
 * whitespace.
 */
const plain = (text: string): string =>
  text
    .replaceAll('\u0000', '')
    .replaceAll('\uFFFD', '')
    // eslint-disable-next-line no-control-regex -- control characters are what differs between the places
    .replace(/[\u0001-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The inline scripts the build writes, read from pages that show no user or editor text. */
let knownInlineScripts: string[] = [];

test.beforeAll(async () => {
  const scripts = new Set<string>();
  for (const path of ['/', '/pricing', '/app', '/auth/login', '/ai-math-solver']) {
    const response = await fetch(`${baseURL}${path}`);
    expect(response.status, path).toBe(200);
    for (const script of inlineScripts(await response.text())) scripts.add(script);
  }
  knownInlineScripts = [...scripts];
  expect(knownInlineScripts.length).toBeGreaterThan(0);
});

const watch = (browser: Parameters<typeof XssWatch.open>[0], jwt?: string) =>
  XssWatch.open(browser, baseURL, { knownInlineScripts }, jwt);

/** Opens an /app page and waits until the shell has signed in and shown it. */
async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // The shell's element (the root <html> carries the route too, for CSS).
  await expect(page.locator('div[data-app-route]')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0, { timeout: 15_000 });
}

/** Waits (checking every frame, not Playwright's slower retry steps) until `selector` matches `count` elements. */
async function waitForCount(page: Page, selector: string, count: number): Promise<void> {
  await page.waitForFunction(
    ([css, wanted]) => document.querySelectorAll(css).length === wanted,
    [selector, count] as const,
    { polling: 'raf', timeout: 20_000 },
  );
}

/** The text of every element `selector` matches. */
const textsOf = (page: Page, selector: string): Promise<string[]> =>
  page.$$eval(selector, (elements) => elements.map((element) => element.textContent));

/** A history title in full: its text, or its tooltip when the text was shortened to fit (issue #14). */
const titlesOf = (page: Page, selector: string): Promise<string[]> =>
  page.$$eval(selector, (elements) => elements.map((element) => element.getAttribute('title') ?? element.textContent));

/** Signs the lane's context in as `jwt` (the session cookie the site reads). */
async function signInAs(watcher: XssWatch, jwt: string): Promise<void> {
  await watcher.context.clearCookies();
  await watcher.context.addCookies([{ name: 'studyease_jwt', value: jwt, url: baseURL, sameSite: 'Lax' }]);
}

/** Runs `work` for each item with one of LANES watched contexts (each with one page), then checks them clean. */
async function inLanes<T>(
  browser: Parameters<typeof XssWatch.open>[0],
  items: readonly T[],
  work: (item: T, lane: XssWatch, page: Page) => Promise<void>,
): Promise<void> {
  const lanes = await Promise.all(Array.from({ length: LANES }, () => watch(browser)));
  const idle = [...lanes];
  try {
    await inPool(items, LANES, async (item) => {
      const lane = idle.pop();
      if (!lane) throw new Error('no idle lane');
      try {
        await work(item, lane, lane.context.pages()[0] ?? (await lane.context.newPage()));
      } finally {
        idle.push(lane);
      }
    });
  } finally {
    await Promise.all(lanes.map((lane) => lane.close()));
  }
  expect(lanes.flatMap((lane) => lane.findings)).toEqual([]);
}

interface JsonLd {
  headline?: string;
  description?: string;
  author?: { name?: string };
  blogPost?: { headline: string }[];
}

test('the detector notices payloads that run, load, navigate or inject markup', async ({ browser }) => {
  const watcher = await watch(browser);
  const page = await watcher.context.newPage();
  watcher.where = 'clean page';
  await page.goto('/pricing');
  await watcher.scan(page);
  expect(watcher.findings, 'a page with no payload on it is clean').toEqual([]);

  watcher.where = 'injected';
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      'beforeend',
      [
        '<img src=x onerror=alert(1)>',
        '<a href=" java\tscript:alert(1)">x</a>',
        '<iframe srcdoc="x"></iframe>',
        '<xss-marker></xss-marker>',
        '<script>alert(2)</script>',
        '<script type="application/ld+json">{"headline":"</script>',
        '<svg><a><animate attributeName=href values=javascript:alert(1) /></a></svg>',
        '<form action="http://evil.test/steal"></form>',
        '<meta http-equiv="refresh" content="9;url=http://evil.test/">',
      ].join(''),
    );
    const pixel = new Image();
    pixel.src = 'http://evil.test/pixel.png';
    document.body.append(pixel);
  });
  await page.evaluate(() => alert('ran'));
  await expect.poll(() => watcher.findings.some((finding) => finding.includes('alert dialog: ran'))).toBe(true);
  await watcher.scan(page);
  for (const expected of [
    'event handler onerror',
    'href with a javascript: URL',
    '<iframe srcdoc="x">: an element that frames',
    "<xss-marker>: the corpus's marker element",
    'an inline script the build does not write: alert(2)',
    'JSON-LD that does not parse',
    'SVG animation of href',
    'a form to another origin',
    'meta http-equiv',
    'src loads from another origin',
    'CSP violation: img-src blocked http://evil.test/pixel.png',
  ]) {
    expect(watcher.findings.join('\n'), expected).toContain(expected);
  }

  // A payload that runs where no CSP stops it (a blank page), and one that navigates away.
  watcher.where = 'no CSP';
  const blank = await watcher.context.newPage();
  await blank.setContent(XSS_CORPUS.find((entry) => entry.name === 'image with an error handler')?.source ?? '');
  await expect.poll(() => watcher.findings.some((finding) => finding.startsWith('no CSP: alert dialog'))).toBe(true);
  await blank.evaluate(() => {
    location.href = 'http://evil.test/navigated';
  });
  await expect
    .poll(() => watcher.findings.some((finding) => finding.includes('foreign origin: GET http://evil.test/navigated')))
    .toBe(true);
  await watcher.close();
});

test('chat: every payload as a question and as the model answer it got', async ({ browser }) => {
  test.setTimeout(180_000);
  let shown = 0;
  await inLanes(browser, seed.chat.conversations, async (conversation, lane, page) => {
    await signInAs(lane, seed.chat.jwt);
    lane.where = `conversation ${conversation.id}`;
    await openApp(page, `/app/homework-helper/${conversation.id}`);
    const messages = page.getByRole('list', { name: 'Messages' });
    const answers = messages.getByRole('article', { name: 'Answer' });
    await expect(answers).toHaveCount(conversation.indexes.length, { timeout: 20_000 });
    await expect(messages.locator('article[data-status="complete"]')).toHaveCount(conversation.indexes.length);
    // The questions, exactly as sent (trimmed by the API), as text.
    const questions = await messages.locator(':scope > li.justify-end > p').allTextContents();
    expect(questions).toEqual(conversation.indexes.map((index) => (XSS_CORPUS[index]?.source ?? '').trim()));
    // Every answer shows something: the payload, rendered or as text.
    for (const text of await answers.allTextContents()) expect(text.trim()).not.toBe('');
    await lane.scan(page);
    shown += conversation.indexes.length;
  });
  expect(shown + seed.chat.refused.length).toBe(seed.corpusSize);
  report({ place: 'chat question', rendered: shown, refused: seed.chat.refused.length });
  report({ place: 'model answer (saved)', rendered: shown, refused: seed.chat.refused.length });
});

test('chat: the whole corpus streamed as one model answer', async ({ browser }) => {
  test.setTimeout(120_000);
  // Eight payloads a chunk: the answer is re-rendered after every one, half-written Markdown included.
  const chunks: string[] = [];
  for (let from = 0; from < XSS_CORPUS.length; from += 8) {
    chunks.push(
      `${XSS_CORPUS.slice(from, from + 8)
        .map((entry) => entry.source)
        .join('\n\n')}\n\n`,
    );
  }
  const control = await fetch(`${e2eEnv('E2E_XSS_MODEL_URL')}/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'ok', chunks, chunkDelayMs: 5 }),
  });
  expect(control.status).toBe(200);
  const watcher = await watch(browser, seed.chat.jwt);
  const page = await watcher.context.newPage();
  watcher.where = 'streamed answer';
  await openApp(page, '/app/homework-helper');
  const box = page.getByLabel('Your question');
  // Typed, as a student would: the first payload of the corpus.
  await box.fill(XSS_CORPUS[0]?.source ?? '');
  await box.press('Enter');
  const answer = page.getByRole('article', { name: 'Answer' }).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Messages' }).locator(':scope > li.justify-end > p')).toHaveText(
    XSS_CORPUS[0]?.source ?? '',
  );
  await watcher.scan(page);
  const sent = (await (await fetch(`${e2eEnv('E2E_XSS_MODEL_URL')}/control`)).json()) as { sent: number };
  expect(sent.sent).toBe(chunks.length);
  await watcher.close();
  expect(watcher.findings).toEqual([]);
  report({ place: 'model answer (streamed)', rendered: XSS_CORPUS.length, refused: 0 });
});

test('try box: the whole corpus as one model answer on a tool page, for a visitor', async ({ browser }) => {
  // The same reply as the streamed chat answer: every payload, as the fake model's answer to the try box.
  const control = await fetch(`${e2eEnv('E2E_XSS_MODEL_URL')}/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'ok', chunks: XSS_CORPUS.map((entry) => `${entry.source}\n\n`), chunkDelayMs: 0 }),
  });
  expect(control.status).toBe(200);
  const watcher = await watch(browser);
  const page = await watcher.context.newPage();
  watcher.where = '/ai-homework-helper try box';
  await page.goto('/ai-homework-helper');
  const form = page.getByRole('form', { name: /^Ask the / });
  const question = XSS_CORPUS[1]?.source ?? '';
  await form.getByLabel('Your question').fill(question);
  const solved = page.waitForResponse((response) => response.url().endsWith('/api/tutor/solve'));
  await form.getByRole('button', { name: 'Ask' }).click();
  const answer = (await (await solved).json()) as {
    answer: { text: string } | null;
    steps: { explanation: string }[];
  };
  const card = page.locator('[data-try-box-result] [data-try-box-outcome="solved"]');
  await expect(card).toBeVisible();
  // Everything the model wrote is in the answer (its last part) and its explanation, and shown as text.
  const texts = [answer.answer?.text ?? '', ...answer.steps.map((step) => step.explanation)];
  const written = texts.join('\n\n');
  for (const entry of XSS_CORPUS) expect(written, entry.name).toContain(entry.source.trim());
  // The question is echoed as text; the model's words are rendered as in the chat (Markdown and maths, sanitised,
  // issue #14), so, as for the chat's answers, they show something, and the scan below finds that nothing ran.
  const shown = (await card.textContent()) ?? '';
  expect(shown).toContain(question);
  expect(shown.length).toBeGreaterThan(question.length);
  await watcher.scan(page);
  await watcher.close();
  expect(watcher.findings).toEqual([]);
  report({ place: 'try box answer (tool page)', rendered: XSS_CORPUS.length, refused: 0 });
});

test('accounts in the app: usernames on the account page, conversation titles in the history and the dashboard', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const counts = { username: 0, derived: 0, renamed: 0 };
  await inLanes(browser, seed.accounts, async (account, lane, page) => {
    await signInAs(lane, account.jwt);

    // The account page, loaded directly, with the sidebar's history: the renamed conversation, then the one
    // titled from its question (one whose title was refused shows as untitled).
    lane.where = `account ${account.index}: /app/account`;
    await page.goto('/app/account', { waitUntil: 'commit' });
    const name = 'main section p.font-semibold';
    // Shown as readable maths, as every history title is (issue #14: "->" is "→"), and always as text.
    const titles = [account.renamed, account.derived].map((title) =>
      'title' in title ? calculatorToText(title.title, { chemistry: true }) : 'New Homework Helper chat',
    );
    const sidebar = 'section[aria-labelledby="history-heading"] li a span.truncate';
    await waitForCount(page, name, 1);
    await waitForCount(page, sidebar, titles.length);
    expect(await textsOf(page, name)).toEqual([account.username]);
    expect(await titlesOf(page, sidebar)).toEqual(titles);
    await lane.scan(page);

    // The dashboard's recent conversations, reached inside the app (back/forward navigation, no reload).
    lane.where = `account ${account.index}: /app`;
    await page.evaluate(() => {
      history.pushState(null, '', '/app');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const recent = 'section[aria-labelledby="recent-heading"] li a > span > span:first-child';
    await waitForCount(page, recent, titles.length);
    expect(await titlesOf(page, recent)).toEqual(titles);
    await lane.scan(page);

    if (account.usernameRefused === undefined) counts.username += 1;
    if ('title' in account.derived) counts.derived += 1;
    if ('title' in account.renamed) counts.renamed += 1;
  });
  expect(seed.accounts).toHaveLength(seed.corpusSize);
  report({
    place: 'username (app account page)',
    rendered: counts.username,
    refused: seed.corpusSize - counts.username,
  });
  report({
    place: 'conversation title from a question',
    rendered: counts.derived,
    refused: seed.corpusSize - counts.derived,
  });
  report({ place: 'conversation title renamed', rendered: counts.renamed, refused: seed.corpusSize - counts.renamed });
});

test('CMS articles, read signed in: payload titles, descriptions, authors and bodies; payload usernames in the header and account menu', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const accounts = new Map(seed.accounts.map((account) => [account.index, account]));
  let usernames = 0;
  await inLanes(browser, seed.articles, async (article, lane, page) => {
    // Read by the account named with the same payload: the page's header shows that username too.
    const reader = accounts.get(article.index);
    if (!reader) throw new Error(`no account for payload ${article.index}`);
    await signInAs(lane, reader.jwt);
    lane.where = `/blog/${article.slug}`;
    const response = await page.goto(`/blog/${article.slug}`, { waitUntil: 'commit' });
    expect(response?.status(), article.slug).toBe(200);

    // The header's account block: the avatar is named with the username; the opened menu shows it.
    const block = '[data-account-slot="desktop"] [data-account-block]';
    await waitForCount(page, `${block} [role="img"]`, 1);
    expect(await page.getAttribute(`${block} [role="img"]`, 'aria-label')).toBe(reader.username);
    await page.$eval(`${block} button`, (trigger) =>
      trigger.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })),
    );
    const menuName = '[role="menu"] p.font-semibold';
    await waitForCount(page, menuName, 1);
    expect(await textsOf(page, menuName)).toEqual([reader.username]);

    const shown = await page.evaluate(() => {
      const header = document.querySelector('article header');
      const lines = header?.querySelectorAll('p') ?? [];
      return {
        title: document.title,
        heading: header?.querySelector('h1')?.textContent ?? null,
        description: lines[0]?.textContent ?? null,
        byline: lines[1]?.textContent ?? null,
        metaDescription: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
        body: document.querySelector('.prose-page')?.innerHTML ?? '',
        jsonLd: Array.from(
          document.querySelectorAll('script[type="application/ld+json"]'),
          (script) => script.textContent,
        ),
      };
    });
    expect(plain(shown.heading ?? ''), article.slug).toBe(plain(article.title));
    expect(plain(shown.title)).toContain(plain(article.title));
    expect(plain(shown.description ?? '')).toBe(plain(article.description));
    expect(plain(shown.metaDescription ?? '')).toBe(plain(article.description));
    expect(plain(shown.byline ?? '')).toContain(plain(`By ${article.author} ·`));
    // The body is there, as text or harmless markup (a formula can be all there is; the DOM scan checks the rest).
    expect(shown.body.trim(), article.slug).not.toBe('');
    expect(shown.jsonLd).toHaveLength(1);
    const data = JSON.parse(shown.jsonLd[0] ?? '') as JsonLd;
    expect(data.headline).toBe(article.title);
    expect(data.description).toBe(article.description);
    expect(data.author?.name).toBe(article.author);
    await lane.scan(page);
    if (reader.usernameRefused === undefined) usernames += 1;
  });
  const refused = (field: string) => seed.articles.filter((article) => field in article.refused).length;
  for (const field of ['title', 'description', 'author']) {
    report({ place: `article ${field}`, rendered: seed.articles.length - refused(field), refused: refused(field) });
  }
  report({ place: 'article body', rendered: seed.articles.length, refused: 0 });
  report({ place: 'username (site header, account menu)', rendered: usernames, refused: seed.corpusSize - usernames });
});

test('CMS: the blog pages list every payload article; their JSON-LD stays data', async ({ browser }) => {
  test.setTimeout(120_000);
  const watcher = await watch(browser);
  const page = await watcher.context.newPage();
  const titles: string[] = [];
  const descriptions: string[] = [];
  const tags: string[] = [];
  for (let number = 1, path: string | null = '/blog'; path !== null; number++) {
    watcher.where = path;
    await page.goto(path);
    const list = page.locator('[data-article-list] > li');
    titles.push(...(await list.locator('h2 a').allTextContents()));
    descriptions.push(...(await list.locator('p.mt-3').allTextContents()));
    tags.push(...(await list.locator('span.rounded-full').allTextContents()));
    if (number === 1) {
      const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '') as JsonLd;
      expect(data.blogPost?.length).toBeGreaterThan(0);
    }
    await watcher.scan(page);
    const next = page.getByRole('link', { name: 'Older articles →' });
    path = (await next.count()) > 0 ? await next.getAttribute('href') : null;
  }
  await watcher.close();
  expect(watcher.findings).toEqual([]);
  const shownTitles = new Set(titles.map(plain));
  const shownDescriptions = new Set(descriptions.map(plain));
  const shownTags = new Set(tags.map(plain));
  for (const article of seed.articles) {
    expect(shownTitles.has(plain(article.title)), article.title).toBe(true);
    expect(shownDescriptions.has(plain(article.description)), article.description).toBe(true);
    for (const tag of article.tags) expect(shownTags.has(plain(tag)), tag).toBe(true);
  }
  const refusedTags = seed.articles.filter((article) => 'tags' in article.refused).length;
  report({ place: 'article tags (blog pages)', rendered: seed.articles.length - refusedTags, refused: refusedTags });
});

test('XSS summary: the corpus through every place, nothing ran', () => {
  expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(300);
  expect(seed.corpusSize).toBe(XSS_CORPUS.length);
  const results = readdirSync(resultsDir).map(
    (file) => JSON.parse(readFileSync(join(resultsDir, file), 'utf8')) as PlaceResult,
  );
  // Every place above reported (a place that failed did not, and fails here too).
  expect(results.map((result) => result.place).sort()).toEqual(
    [
      'article author',
      'article body',
      'article description',
      'article tags (blog pages)',
      'article title',
      'chat question',
      'conversation title from a question',
      'conversation title renamed',
      'model answer (saved)',
      'model answer (streamed)',
      'try box answer (tool page)',
      'username (app account page)',
      'username (site header, account menu)',
    ].sort(),
  );
  for (const result of results) expect(result.rendered + result.refused, result.place).toBe(XSS_CORPUS.length);
  const renderings = results.reduce((sum, result) => sum + result.rendered, 0);
  const refused = results.reduce((sum, result) => sum + result.refused, 0);
  const summary =
    `XSS: ${XSS_CORPUS.length} payloads × ${results.length} places = ${renderings} renderings` +
    `${refused > 0 ? ` (+${refused} refused at input)` : ''}, 0 executed`;
  console.log(summary);
  for (const result of results) console.log(`  ${result.place}: ${result.rendered} shown, ${result.refused} refused`);
  test.info().annotations.push({ type: 'xss', description: summary });
});
