#!/usr/bin/env node
// Size benchmark of what a signed-out first visit downloads, per content page (issue #2's budget):
// external JavaScript (entry scripts plus every chunk they import statically), inline script, HTML.
// Sizes of one build are deterministic, so one build is measured; pass --no-build to measure dist/ as it is.
import { execSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_JS_GZIP = 5120;
const BUDGET_INLINE = 1024;
const DIST = 'dist';
/** Pages outside the budget: the app shell (signed-in React app), auth flows and error pages. */
const NOT_CONTENT = /^(app|auth\/|zh\/|404|500)/;

if (!process.argv.includes('--no-build')) {
  execSync('npm run -s build', { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env } });
}

/** @param {string} dir @returns {Promise<string[]>} */
async function htmlFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(DIST, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

const gz = (/** @type {Buffer | string} */ data) => gzipSync(data, { level: 9 }).length;

/** Follows static imports (`import … from "./x.js"`, `import "./x.js"`) of a built chunk; dynamic import() is lazy. */
async function collectScripts(/** @type {string} */ urlPath, /** @type {Map<string, Buffer>} */ seen) {
  if (seen.has(urlPath)) return;
  const body = await readFile(join(DIST, urlPath));
  seen.set(urlPath, body);
  const text = body.toString('utf8');
  const pattern = /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g;
  for (const match of text.matchAll(pattern)) {
    const spec = match[1] ?? '';
    if (!spec.startsWith('.') && !spec.startsWith('/')) continue;
    await collectScripts(spec.startsWith('/') ? spec : posix.join(posix.dirname(urlPath), spec), seen);
  }
}

const rows = [];
for (const file of (await htmlFiles(DIST)).sort()) {
  if (NOT_CONTENT.test(file)) continue;
  const html = await readFile(join(DIST, file), 'utf8');
  const scripts = new Map();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) {
    if (src?.startsWith('/')) await collectScripts(src, scripts);
  }
  for (const [, href] of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) {
    if (href?.startsWith('/')) await collectScripts(href, scripts);
  }
  let inline = 0;
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attrs ?? '') || /application\/ld\+json/.test(attrs ?? '')) continue;
    inline += Buffer.byteLength(body ?? '');
  }
  const bodies = [...scripts.values()];
  rows.push({
    page: `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`,
    files: bodies.length,
    raw: bodies.reduce((sum, body) => sum + body.length, 0),
    // Each file is its own HTTP response, so each is compressed on its own.
    gzip: bodies.reduce((sum, body) => sum + gz(body), 0),
    inline,
    html: Buffer.byteLength(html),
    htmlGzip: gz(html),
  });
}

const header = ['page', 'js files', 'js raw B', 'js gzip B', 'inline B', 'html B', 'html gzip B', 'budget'];
const table = rows.map((row) => [
  row.page,
  row.files,
  row.raw,
  row.gzip,
  row.inline,
  row.html,
  row.htmlGzip,
  row.gzip <= BUDGET_JS_GZIP && row.inline <= BUDGET_INLINE ? 'ok' : 'OVER',
]);
const widths = header.map((title, column) => Math.max(title.length, ...table.map((row) => String(row[column]).length)));
const line = (/** @type {(string|number)[]} */ cells) =>
  `| ${cells.map((cell, column) => String(cell)[column === 0 ? 'padEnd' : 'padStart'](widths[column] ?? 0)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const row of table) console.log(line(row));

const worstJs = Math.max(...rows.map((row) => row.gzip));
const worstInline = Math.max(...rows.map((row) => row.inline));
console.log(
  `\nmax external JS per content page: ${worstJs} B gzip (budget ${BUDGET_JS_GZIP}); max inline script: ${worstInline} B (budget ${BUDGET_INLINE}); ${rows.length} pages`,
);
if (worstJs > BUDGET_JS_GZIP || worstInline > BUDGET_INLINE) {
  console.error('Budget exceeded.');
  process.exit(1);
}
