#!/usr/bin/env node
// `npm run bench`: three benchmarks of the built site, each printed as a table on stdout (progress goes to stderr).
//
//   sizes       what a signed-out first visit downloads, per content page (issue #2's budget): external JavaScript
//               (entry scripts plus every chunk they import statically), inline script, HTML; and the signed-in
//               app's first load per /app page (issue #15's budget: the shell plus the page's chunk). Sizes of one
//               build are deterministic, so one build is measured.
//   articles    build time with N generated articles fed through the CMS loader from a fixture CMS
//               (bench/fixture-cms.mjs), all sharing the default Open Graph image (issue #6).
//   lighthouse  Lighthouse mobile scores of home, a tool page, pricing and an article, and of the signed-in app's
//               chat with one answered conversation (bench/lighthouse.mjs).
//
// Options: `--sizes-only` (or `--sizes`), `--articles`, `--lighthouse` pick parts (default: all three);
// `--no-build` measures dist/ as it is (sizes and Lighthouse); `--runs=N` builds / Lighthouse runs per measurement
// (default 3, the median is reported); `--counts=100,300,1000` article counts.
//
// The site's build reads its content from a CMS. Unless CMS_URL is set, the bench compiles the backend and starts
// a test backend (tools/test-backend/process.ts: free port, temporary seeded database) and stops it at the end.
// Exit code 1 when a selected part misses its goal or budget; CI runs `--sizes-only` (deterministic).
import { readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startFixtureCms } from './fixture-cms.mjs';
import {
  answeredConversation,
  CATEGORIES,
  failedAudits,
  flaggedElements,
  lighthouseRun,
  serveSite,
} from './lighthouse.mjs';
import { pageEntryScripts, staticImportGraph } from '../src/integrations/staticImports.ts';
import { buildFolder, median, printTable, reservePort, startTestBackend, stopAll, timedBuild } from './support.mjs';

const BUDGET_JS_GZIP = 5120;
const BUDGET_INLINE = 1024;
/** Pages outside the budget: the app shell (signed-in React app), auth flows and error pages. */
const NOT_CONTENT = /^(app|auth\/|zh\/|404|500)/;

/** Issue #15: the first load of any /app page (the shell, then the page it shows) is at most 150 KB gzipped. */
const BUDGET_APP_JS_GZIP = 150 * 1024;
/**
 * The app's pages: one pre-rendered shell (app.html) serves every /app/** path and loads the page's chunk (named after
 * its component) by a dynamic import; `later` is what that page starts loading at its first paint and draws when it
 * arrives (the chat's Markdown and maths renderer, the menus), shown beside the budget but not in it.
 */
const APP_ROUTES = [
  { path: '/app', page: 'Dashboard', later: [] },
  { path: '/app/math-solver/:conversation', page: 'ChatView', later: ['renderer', 'RadixActionsMenu'] },
  { path: '/app/account', page: 'AccountPage', later: [] },
];

/** Issue #6: 1,000 articles build in at most 60 s, and the time per article stays flat from 100 to 1,000. */
const GOAL_BUILD_SECONDS = 60;
const GOAL_BUILD_ARTICLES = 1000;
/**
 * Flatness: the marginal cost of one more article between the two largest counts (300 → 1,000) is at most 1.5 times
 * that between the two smallest (100 → 300). Marginal rather than total ÷ N, because the build's fixed cost (Vite,
 * tool pages solved by the engine) makes total ÷ N fall with N and would hide a quadratic step. Measured on the
 * article work only (the CMS loader, the article and list pages' renders, the sitemap, as timed from the build's
 * log): at 100 articles that work is about half a second, well inside the noise of a whole build on a busy machine.
 */
const FLATNESS_FACTOR = 1.5;

/** Lighthouse goals per category (0–100) and the pages measured. */
const LIGHTHOUSE_GOALS = { performance: 99, accessibility: 100, 'best-practices': 100, seo: 100 };
const LIGHTHOUSE_PAGES = ['/', '/ai-math-solver', '/pricing', '/blog/hints-before-answers'];
/**
 * Issue #15: the signed-in app on a phone, a chat with one answered conversation. The app is no search result (it
 * says noindex), so SEO has no goal there; best practices are reported without one.
 */
const APP_LIGHTHOUSE = {
  tool: 'math-solver',
  question: 'x^2 - 5x + 6 = 0',
  label: '/app/math-solver/:conversation (signed in, one answer)',
  goals: { performance: 90, accessibility: 100 },
};
const CHROME_PATH = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const args = process.argv.slice(2);
const option = (/** @type {string} */ name) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const picked = {
  sizes: args.includes('--sizes-only') || args.includes('--sizes'),
  articles: args.includes('--articles'),
  lighthouse: args.includes('--lighthouse'),
};
const all = !picked.sizes && !picked.articles && !picked.lighthouse;
const parts = { sizes: all || picked.sizes, articles: all || picked.articles, lighthouse: all || picked.lighthouse };
const noBuild = args.includes('--no-build');
const runs = Math.max(1, Number(option('runs')) || 3);
const counts = (option('counts') ?? '100,300,1000')
  .split(',')
  .map(Number)
  .filter((count) => count > 0);

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const log = (/** @type {string} */ message) => console.error(`bench: ${message}`);

/** @type {string[]} what missed its goal */
const failures = [];

// ---------------------------------------------------------------------------------------------------------- sizes

/**
 * @param {string} dist
 * @returns {Promise<string[]>} the HTML files of a build, relative to it, with forward slashes
 */
async function htmlFiles(dist) {
  const entries = await readdir(dist, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

const gz = (/** @type {Buffer | string} */ data) => gzipSync(data, { level: 9 }).length;
/** Each file is its own HTTP response, so each is compressed on its own. @param {Map<string, Buffer>} scripts */
const gzipOf = (scripts) => [...scripts.values()].reduce((sum, body) => sum + gz(body), 0);
/** @param {Map<string, Buffer>} scripts */
const rawOf = (scripts) => [...scripts.values()].reduce((sum, body) => sum + body.length, 0);

/** @param {string} dist */
async function sizes(dist) {
  const rows = [];
  for (const file of (await htmlFiles(dist)).sort()) {
    if (NOT_CONTENT.test(file)) continue;
    const html = await readFile(join(dist, file), 'utf8');
    // Entry scripts plus every chunk they import statically (a dynamic import() loads later, on use).
    const scripts = await staticImportGraph(dist, pageEntryScripts(html));
    let inline = 0;
    for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (/\bsrc=/.test(attrs ?? '') || /application\/ld\+json/.test(attrs ?? '')) continue;
      inline += Buffer.byteLength(body ?? '');
    }
    rows.push({
      page: `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`,
      files: scripts.size,
      raw: rawOf(scripts),
      gzip: gzipOf(scripts),
      inline,
      html: Buffer.byteLength(html),
      htmlGzip: gz(html),
    });
  }

  console.log('\n## Sizes per content page (first visit, signed out)\n');
  printTable(
    ['page', 'js files', 'js raw B', 'js gzip B', 'inline B', 'html B', 'html gzip B', 'budget'],
    rows.map((row) => [
      row.page,
      row.files,
      row.raw,
      row.gzip,
      row.inline,
      row.html,
      row.htmlGzip,
      row.gzip <= BUDGET_JS_GZIP && row.inline <= BUDGET_INLINE ? 'ok' : 'OVER',
    ]),
  );
  const worstJs = Math.max(...rows.map((row) => row.gzip));
  const worstInline = Math.max(...rows.map((row) => row.inline));
  console.log(
    `\nmax external JS per content page: ${worstJs} B gzip (budget ${BUDGET_JS_GZIP}); max inline script: ${worstInline} B (budget ${BUDGET_INLINE}); ${rows.length} pages`,
  );
  if (worstJs > BUDGET_JS_GZIP || worstInline > BUDGET_INLINE) failures.push('size budget exceeded');
  await appSizes(dist);
}

/**
 * The chunk a module became, by its file name (`ChatView` → `_astro/ChatView.<hash>.js`); null when it has none of
 * its own (it was bundled into a chunk that imports it statically, so it is counted there).
 * @param {string[]} assets the file names in dist/_astro
 * @param {string} name
 */
function chunkNamed(assets, name) {
  const file = assets.find(
    (asset) => asset.startsWith(`${name}.`) && /^[\w-]+\.js$/.test(asset.slice(name.length + 1)),
  );
  if (!file) throw new Error(`no chunk named ${name}.*.js in the build: a renamed component or chunk group?`);
  return `/_astro/${file}`;
}

/**
 * The /app pages' first load: the scripts of app.html and everything they import statically, plus the page's chunk
 * and its static imports. Dynamic imports are left out (they load on use, or after the first paint: `later`).
 * @param {string} dist
 */
async function appSizes(dist) {
  const html = await readFile(join(dist, 'app.html'), 'utf8');
  const shell = await staticImportGraph(dist, pageEntryScripts(html));
  const assets = await readdir(join(dist, '_astro'));
  const rows = [];
  for (const route of APP_ROUTES) {
    const scripts = new Map(shell);
    const page = chunkNamed(assets, route.page);
    await staticImportGraph(dist, [page], scripts);
    const later = new Map(scripts);
    for (const name of route.later) {
      await staticImportGraph(dist, [chunkNamed(assets, name)], later);
    }
    const first = gzipOf(scripts);
    rows.push({
      route: route.path,
      files: scripts.size,
      raw: rawOf(scripts),
      gzip: first,
      page: gzipOf(new Map([...scripts].filter(([path]) => !shell.has(path)))),
      later: gzipOf(later) - first,
    });
  }

  console.log('\n## /app first load (signed in: the app shell and the page it opens)\n');
  printTable(
    ['route', 'js files', 'js raw B', 'js gzip B', 'of which the page B', 'after first paint B', 'budget'],
    [
      ['app shell (app.html)', shell.size, rawOf(shell), gzipOf(shell), '—', '—', ''],
      ...rows.map((row) => [
        row.route,
        row.files,
        row.raw,
        row.gzip,
        row.page,
        row.later || '—',
        row.gzip <= BUDGET_APP_JS_GZIP ? 'ok' : 'OVER',
      ]),
    ],
  );
  const worst = Math.max(...rows.map((row) => row.gzip));
  console.log(`\nmax JS before an /app page's first paint: ${worst} B gzip (budget ${BUDGET_APP_JS_GZIP})`);
  if (worst > BUDGET_APP_JS_GZIP) failures.push('/app first-load budget exceeded');
}

// ------------------------------------------------------------------------------------------------------- articles

/** Time a route's render took, from Astro's `├─ /blog/x.html (+12ms)` lines. */
const routeMs = (/** @type {string} */ text) => {
  const match = /\(\+([\d.]+)(ms|s)\)/.exec(text);
  return match ? Number(match[1]) * (match[2] === 's' ? 1000 : 1) : 0;
};

/**
 * Where one build's time went, from the moments its log lines arrived.
 * @param {{ at: number, text: string }[]} lines
 * @param {number} total
 */
function phases(lines, total) {
  const at = (/** @type {RegExp} */ pattern) => lines.find((line) => pattern.test(line.text))?.at ?? NaN;
  const routes = lines.filter((line) => /[├└]─ \//.test(line.text));
  const sum = (/** @type {RegExp} */ pattern) =>
    routes.filter((line) => pattern.test(line.text)).reduce((ms, line) => ms + routeMs(line.text), 0);
  const syncing = at(/\[content\] Syncing content/);
  const loaded = at(/\[studyease-cms-articles\] \d+ entries/);
  const synced = at(/\[content\] Synced content/);
  const entrypoints = at(/Building static entrypoints/);
  const generating = at(/generating static routes/);
  const generated = routes.at(-1)?.at ?? NaN;
  const complete = at(/\[build\] Complete!/);
  const articles = sum(/ \/blog\/(?!page\/)[^/]+\.html/);
  const listPages = sum(/ \/blog(\.html|\/page\/)/);
  return {
    startup: syncing,
    content: synced - syncing,
    vite: generating - entrypoints,
    loader: loaded - syncing,
    articles,
    listPages,
    otherPages: sum(/ \/(?!blog[./])/),
    routes: generated - generating,
    sitemapAndEnd: complete - generated,
    exit: total - complete,
    /** What grows with the number of articles: the loader, their pages and list pages, the sitemap. */
    articleWork: loaded - syncing + articles + listPages + (complete - generated),
  };
}

/**
 * @param {string} backendUrl
 * @param {string} siteUrl
 */
async function articles(backendUrl, siteUrl) {
  /** @param {number} count @param {string} label */
  const measure = async (count, label) => {
    const fixture = await startFixtureCms({ count, backendUrl });
    try {
      const outDir = await buildFolder('articles-');
      fixture.requests.clear();
      const build = await timedBuild(outDir, {
        SITE_URL: siteUrl,
        PUBLIC_BACKEND_URL: backendUrl,
        CMS_URL: fixture.url,
      });
      if (build.code !== 0) {
        console.error(build.lines.map((line) => line.text).join('\n'));
        throw new Error(`the build of ${count} articles failed (exit code ${build.code})`);
      }
      const pages = (await readdir(join(outDir, 'blog'))).filter((name) => name.endsWith('.html')).length;
      if (pages !== count) throw new Error(`the build of ${count} articles wrote ${pages} article pages`);
      await rm(outDir, { recursive: true, force: true });
      log(`${count} articles, ${label}: ${(build.ms / 1000).toFixed(1)} s`);
      const requests = [...fixture.requests].map(([path, times]) => `${path.replace(/^\/api/, '')}×${times}`);
      return { ms: build.ms, phases: phases(build.lines, build.ms), requests: requests.sort().join(' ') };
    } finally {
      await fixture.stop();
    }
  };

  const loadBefore = loadavg()[0] ?? 0;
  // One build first, not counted: the backend's engines (the tool pages' worked examples) and the disk cache start
  // cold, which would make whichever count goes first look slower.
  await measure(counts[0] ?? 100, 'warm-up build, not counted');
  /** @type {{ count: number, builds: Awaited<ReturnType<typeof measure>>[] }[]} */
  const results = counts.map((count) => ({ count, builds: [] }));
  // Round-robin over the counts, so a slow spell of the machine touches every count alike.
  for (let run = 1; run <= runs; run += 1) {
    for (const result of results) result.builds.push(await measure(result.count, `build ${run}/${runs}`));
  }

  const s = (/** @type {number} */ ms) => (ms / 1000).toFixed(1);
  // Build times are only comparable on a quiet machine: say how busy it was.
  const machine = `${availableParallelism()} CPUs, load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after`;
  /** @param {typeof results[number]} result @param {(build: typeof results[number]['builds'][number]) => number} value */
  const mid = (result, value) => median(result.builds.map(value));
  const total = (/** @type {typeof results[number]} */ result) => mid(result, (build) => build.ms);
  const work = (/** @type {typeof results[number]} */ result) => mid(result, (build) => build.phases.articleWork);
  /** @param {(result: typeof results[number]) => number} value @param {typeof results[number] | undefined} from @param {typeof results[number] | undefined} to */
  const slope = (value, from, to) => (from && to ? (value(to) - value(from)) / (to.count - from.count) : NaN);

  console.log(
    `\n## Build time with N generated articles (fixture CMS, median of ${runs} build${runs > 1 ? 's' : ''}; ${machine})\n`,
  );
  printTable(
    [
      'articles',
      'builds s',
      'median s',
      'ms/article (total÷N)',
      'marginal ms/article (total)',
      'article work s',
      'marginal ms/article (work)',
      'render ms/article page',
    ],
    results.map((result, index) => {
      const previous = results[index - 1];
      return [
        result.count,
        result.builds.map((build) => s(build.ms)).join(' '),
        s(total(result)),
        (total(result) / result.count).toFixed(1),
        previous ? slope(total, previous, result).toFixed(1) : '—',
        s(work(result)),
        previous ? slope(work, previous, result).toFixed(1) : '—',
        (mid(result, (build) => build.phases.articles) / result.count).toFixed(2),
      ];
    }),
  );

  console.log(
    "\nWhere the time went (s, median per column): phases from the build's log, page renders from Astro's route times\n",
  );
  printTable(
    [
      'articles',
      'startup',
      'content sync',
      'article loader',
      'vite',
      'routes',
      'article pages',
      'list pages',
      'other pages',
      'sitemap+end',
      'exit',
      'CMS requests per build',
    ],
    results.map((result) => [
      result.count,
      ...[
        'startup',
        'content',
        'loader',
        'vite',
        'routes',
        'articles',
        'listPages',
        'otherPages',
        'sitemapAndEnd',
        'exit',
      ].map((key) => s(mid(result, (build) => build.phases[/** @type {keyof typeof build.phases} */ (key)]))),
      result.builds[0]?.requests ?? '',
    ]),
  );

  console.log('');
  const goal = results.find((result) => result.count === GOAL_BUILD_ARTICLES);
  if (goal) {
    const seconds = total(goal) / 1000;
    const pass = seconds <= GOAL_BUILD_SECONDS;
    console.log(
      `${pass ? 'PASS' : 'FAIL'} build of ${GOAL_BUILD_ARTICLES} articles: ${seconds.toFixed(1)} s (goal ≤ ${GOAL_BUILD_SECONDS} s)`,
    );
    if (!pass) failures.push('article build time');
  } else {
    console.log(`(no build of ${GOAL_BUILD_ARTICLES} articles in --counts: build-time goal not checked)`);
  }
  if (results.length >= 3) {
    const [a, b] = results.slice(0, 2);
    const [c, d] = results.slice(-2);
    const small = slope(work, a, b);
    const large = slope(work, c, d);
    // A floor of 1 ms keeps a near-zero small slope (noise) from failing a build that is flat in fact.
    const pass = large <= FLATNESS_FACTOR * Math.max(small, 1);
    console.log(
      `${pass ? 'PASS' : 'FAIL'} time per article stays flat: ${large.toFixed(1)} ms/article from ${c?.count} to ${d?.count} ` +
        `vs ${small.toFixed(1)} ms/article from ${a?.count} to ${b?.count} (article work; goal ≤ ${FLATNESS_FACTOR}×, floor 1 ms)`,
    );
    if (!pass) failures.push('time per article not flat');
  } else {
    console.log('(fewer than three article counts: flatness not checked)');
  }
}

// ----------------------------------------------------------------------------------------------------- lighthouse

/**
 * @param {string} dist
 * @param {number} port
 * @param {string | undefined} backendUrl the backend the site was built against (for the signed-in app page)
 */
async function lighthouse(dist, port, backendUrl) {
  const site = await serveSite(dist, port);
  /**
   * @typedef {{ page: string, url: string, goals: Partial<Record<string, number>>, cookie?: { name: string, value: string } }} Target
   * @type {Target[]}
   */
  const targets = LIGHTHOUSE_PAGES.map((page) => ({ page, url: `${site.origin}${page}`, goals: LIGHTHOUSE_GOALS }));
  /** @type {{ page: string, goals: Target['goals'], scores: Record<string, number>, failed: Map<string, { title: string, scores: number[], display: string, elements: Set<string> }> }[]} */
  const results = [];
  try {
    if (backendUrl) {
      const { jwt, path } = await answeredConversation(backendUrl, APP_LIGHTHOUSE.tool, APP_LIGHTHOUSE.question);
      // The cookie the app keeps its session in (src/config.ts SESSION_COOKIE, read by src/lib/sessionCookie.ts).
      const cookie = { name: process.env.PUBLIC_SESSION_COOKIE_NAME || 'studyease_jwt', value: jwt };
      targets.push({ page: APP_LIGHTHOUSE.label, url: `${site.origin}${path}`, goals: APP_LIGHTHOUSE.goals, cookie });
    } else {
      log('the signed-in app page is not measured: it needs the backend the site was built against (set CMS_URL)');
    }
    for (const target of targets) {
      /** @type {Record<string, number[]>} */
      const scores = Object.fromEntries(CATEGORIES.map((category) => [category, []]));
      const failed = new Map();
      for (let run = 1; run <= runs; run += 1) {
        const report = await lighthouseRun(target.url, CHROME_PATH, target.cookie ? { cookie: target.cookie } : {});
        for (const category of CATEGORIES) {
          scores[category]?.push(Math.round((report.categories[category]?.score ?? 0) * 100));
          for (const audit of failedAudits(report, category)) {
            const key = `${category}: ${audit.id}`;
            const entry = failed.get(key) ?? {
              title: audit.title,
              scores: [],
              display: audit.displayValue ?? '',
              elements: new Set(),
            };
            entry.scores.push(Math.round((audit.score ?? 0) * 100));
            for (const element of flaggedElements(audit)) entry.elements.add(element);
            failed.set(key, entry);
          }
        }
        log(
          `lighthouse ${target.page} ${run}/${runs}: ${CATEGORIES.map((category) => scores[category]?.at(-1)).join(' / ')}`,
        );
      }
      results.push({
        page: target.page,
        goals: target.goals,
        scores: Object.fromEntries(CATEGORIES.map((category) => [category, median(scores[category] ?? [])])),
        failed,
      });
    }
  } finally {
    await site.stop();
  }

  // Simulated throttling multiplies the main thread's observed work, so a busy machine lowers the performance score.
  const machine = `${availableParallelism()} CPUs, load average ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
  console.log(
    `\n## Lighthouse, mobile (median of ${runs} run${runs > 1 ? 's' : ''}; ${machine}; goals: content pages performance ≥ 99, ` +
      `others 100; the app performance ≥ ${APP_LIGHTHOUSE.goals.performance}, accessibility ${APP_LIGHTHOUSE.goals.accessibility})\n`,
  );
  /** @param {typeof results[number]} result @param {string} category */
  const meets = (result, category) => (result.scores[category] ?? 0) >= (result.goals[category] ?? 0);
  printTable(
    ['page', ...CATEGORIES, 'goal'],
    results.map((result) => {
      const pass = CATEGORIES.every((category) => meets(result, category));
      if (!pass) failures.push(`lighthouse ${result.page}`);
      return [result.page, ...CATEGORIES.map((category) => result.scores[category] ?? 0), pass ? 'PASS' : 'FAIL'];
    }),
  );
  const below = results.flatMap((result) =>
    [...result.failed]
      .filter(([key]) => !meets(result, key.split(':')[0] ?? ''))
      .map(([key, entry]) => ({ page: result.page, key, ...entry })),
  );
  if (below.length) {
    console.log('\nAudits without full marks in the categories below goal (score 0–100 per run that missed it)\n');
    printTable(
      ['page', 'category: audit', 'title', 'scores', 'value'],
      below.map(({ page, key, title, scores, display }) => [
        page,
        key,
        title,
        `${scores.join(' ')} (${scores.length}/${runs} runs)`,
        display,
      ]),
    );
    console.log('\nElements flagged:');
    for (const { page, key, elements } of below) {
      for (const element of elements) console.log(`- ${page} ${key.split(': ')[1]}: ${element}`);
    }
  }
}

// ----------------------------------------------------------------------------------------------------------- main

process.on('SIGINT', () => {
  void stopAll().then(() => process.exit(130));
});

let exitCode = 0;
try {
  const needsSiteBuild = !noBuild && (parts.sizes || parts.lighthouse);
  const site = await reservePort();
  const sitePort = site.port;
  // The Lighthouse run serves the build on this origin, so canonical URLs and the locale check match the page.
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  let backendUrl = process.env.CMS_URL?.replace(/\/+$/, '');
  if (!backendUrl && (needsSiteBuild || parts.articles)) {
    log('compiling the backend and starting a test backend');
    backendUrl = (await startTestBackend(siteUrl)).url;
    log(`test backend at ${backendUrl}`);
  }

  let dist = 'dist';
  if (needsSiteBuild) {
    dist = await buildFolder('site-');
    log(`building the site against ${backendUrl}`);
    const build = await timedBuild(dist, { SITE_URL: siteUrl, PUBLIC_BACKEND_URL: backendUrl ?? '' });
    if (build.code !== 0) {
      console.error(build.lines.map((line) => line.text).join('\n'));
      throw new Error(`the site build failed (exit code ${build.code})`);
    }
    log(`site built in ${(build.ms / 1000).toFixed(1)} s`);
  }
  if (parts.sizes) await sizes(dist);
  await site.release();
  if (parts.lighthouse) await lighthouse(dist, sitePort, backendUrl);
  if (parts.articles) await articles(backendUrl ?? '', siteUrl);

  if (failures.length) {
    console.error(`\nMissed: ${failures.join('; ')}.`);
    exitCode = 1;
  }
} catch (error) {
  console.error('bench:', error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await stopAll();
}
process.exit(exitCode);
