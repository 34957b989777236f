#!/usr/bin/env node
// Serves the built site (dist/) the way a static host does: files as they are, `/pricing` → pricing.html,
// every `/app/**` path → the one app-shell page, /zh/app → /app, unknown paths → 404.html with status 404.
// Used by `npm start` and the e2e tests; deployments use their host's rules (public/_redirects).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAppPath, rewriteTarget } from '../src/lib/appPaths.ts';
import { parseAppRoute } from '../src/lib/appRoute.ts';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** @param {string} file */
async function isFile(file) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Maps a request path to a file of the build, or a redirect.
 * @param {string} root absolute path of dist/
 * @param {string} pathname decoded request path
 * @returns {Promise<{ file: string, status: number } | { redirect: string }>}
 */
export async function resolveRequest(root, pathname) {
  if (pathname === '/zh/app' || pathname.startsWith('/zh/app/')) return { redirect: pathname.slice(3) };
  if (pathname.length > 1 && pathname.endsWith('/')) return { redirect: pathname.replace(/\/+$/, '') || '/' };
  if (isAppPath(pathname)) {
    // The shell renders the not-found view itself; the status tells crawlers and tools the truth as well.
    const status = parseAppRoute(pathname).kind === 'not-found' ? 404 : 200;
    return { file: join(root, 'app.html'), status };
  }
  const rewritten = rewriteTarget(pathname);
  if (rewritten) return { file: join(root, `${rewritten}.html`), status: 200 };
  // normalize() folds `..`; the prefix check below refuses anything that still escapes the build folder.
  const safe = normalize(pathname).replace(/^([/\\])+/, '');
  const candidates = pathname === '/' ? ['index.html'] : [safe, `${safe}.html`, join(safe, 'index.html')];
  for (const candidate of candidates) {
    const file = resolve(root, candidate);
    if (file !== root && !file.startsWith(root + sep)) break;
    if (await isFile(file)) return { file, status: 200 };
  }
  return { file: join(root, '404.html'), status: 404 };
}

/** @param {string} file */
function cacheControl(file) {
  if (file.includes(`${sep}_astro${sep}`)) return 'public, max-age=31536000, immutable';
  if (file.endsWith('build.json')) return 'no-store';
  return 'no-cache';
}

/**
 * @param {{ root: string }} options
 */
export function createSiteServer({ root }) {
  const distRoot = resolve(root);
  return createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Method Not Allowed');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        pathname = '/__malformed__';
      }
      if (pathname.includes('\0')) pathname = '/__malformed__';
      const target = await resolveRequest(distRoot, pathname);
      if ('redirect' in target) {
        res.writeHead(301, { Location: `${target.redirect}${url.search}` });
        res.end();
        return;
      }
      const info = await stat(target.file);
      res.writeHead(target.status, {
        'Content-Type': TYPES[extname(target.file)] ?? 'application/octet-stream',
        'Content-Length': info.size,
        'Cache-Control': cacheControl(target.file),
        'X-Content-Type-Options': 'nosniff',
      });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      createReadStream(target.file).pipe(res);
    } catch (error) {
      console.error('[serve]', error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const page = join(distRoot, '500.html');
      if (await isFile(page)) {
        res.writeHead(500, { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-store' });
        createReadStream(page).pipe(res);
      } else {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error');
      }
    }
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.env.DIST_DIR || 'dist');
  if (!(await isFile(join(root, 'index.html')))) {
    console.error(`[serve] No build found in ${root}. Run "npm run build" first (npm start does both).`);
    process.exit(1);
  }
  const port = Number(process.env.PORT) || 4321;
  const host = process.env.HOST || 'localhost';
  const server = createSiteServer({ root });
  server.on('error', (error) => {
    console.error(`[serve] Could not listen on ${host}:${port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(port, host, () => {
    console.log(`StudyEase site: http://${host}:${port}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
