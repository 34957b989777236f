#!/usr/bin/env node
// Serves the built site (dist/) the way a static host does: files as they are (text Brotli- or gzip-compressed),
// `/pricing` → pricing.html, every `/app/**` path → the one app-shell page, /zh/app → /app, unknown paths →
// 404.html with status 404.
// Used by `npm start` and the e2e tests; deployments use their host's rules (public/_redirects).
// With REBUILD_SECRET set it also offers the rebuild hook the CMS calls on every publish (scripts/rebuild.mjs):
// `POST /__rebuild` builds the site into a new folder and swaps it in, `GET /__rebuild/status` says how that went.
// Our own file serving, not sirv's (issue #12 tried it): sirv answers 200 for every file it finds (the app shell
// answers 404 for unknown tools), keeps no contents in memory (FileCache, what bench:load measures) and snapshots
// the folder's sizes at start (a build in place would go out with stale lengths); only its MIME table would be left.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { isAppPath, rewriteTarget } from '../src/lib/appPaths.ts';
import { parseAppRoute } from '../src/lib/appRoute.ts';
import { trimTrailing } from '../src/lib/trimTrailing.ts';
import { createRebuilder, DEFAULT_REBUILD_COMMAND } from './rebuild.mjs';

/** Path of the rebuild hook; `${HOOK_PATH}/status` reports on it. Not a page path: no page starts with `__`. */
export const HOOK_PATH = '/__rebuild';

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

/** Resolves a Location against this origin to check it; `.invalid` is a name that can never be a real host. */
const SITE_ORIGIN = 'http://site.invalid';

/**
 * The Location of a redirect to `path` on this site, never elsewhere: leading slashes and backslashes fold into
 * one (`//host` and `/\host` are another site to a browser), and the result must be printable ASCII that resolves to
 * this origin, else the redirect goes to `/`.
 * @param {string} path the target path, still percent-encoded as it arrived (a decoded `%2F` would be a slash)
 * @param {string} [search] the query to keep, `?…` or empty
 * @returns {string} a path starting with one `/`
 */
export function sameSiteLocation(path, search = '') {
  const location = `/${path.replace(/^[/\\]+/, '')}${search}`;
  if (!/^\/[\x21-\x7e]*$/.test(location)) return '/';
  const resolved = new URL(location, SITE_ORIGIN);
  return resolved.origin === SITE_ORIGIN ? location : '/';
}

/**
 * @param {string} rawPath the request path, percent-encoded
 * @returns {string} the decoded path, or `/__malformed__` (no such file: a 404) when it cannot be decoded safely
 */
function decodePath(rawPath) {
  try {
    const pathname = decodeURIComponent(rawPath);
    return pathname.includes('\0') ? '/__malformed__' : pathname;
  } catch {
    return '/__malformed__';
  }
}

/**
 * Maps a request path to a file of the build, or a redirect. Redirects are built from the path as it arrived,
 * never from its decoded form: `/%2Fevil.example/` decoded is `//evil.example/`, which a browser reads as another
 * host (issue #11).
 * @param {string} root absolute path of dist/
 * @param {string} rawPath the request path, percent-encoded as in the request (`URL#pathname`)
 * @param {string} [search] the request's query (`URL#search`), kept by redirects
 * @returns {Promise<{ file: string, status: number } | { redirect: string }>}
 */
export async function resolveRequest(root, rawPath, search = '') {
  if (rawPath === '/zh/app' || rawPath.startsWith('/zh/app/'))
    return { redirect: sameSiteLocation(rawPath.slice(3), search) };
  if (rawPath.length > 1 && rawPath.endsWith('/')) {
    return { redirect: sameSiteLocation(trimTrailing(rawPath, /\//), search) };
  }
  const pathname = decodePath(rawPath);
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

/** Sent when a build has no `_headers` (one made before the security headers existed): no CSP, the rest. */
const BASE_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/**
 * The `/*` block of a build's `_headers` (src/integrations/security-headers.ts writes it; static hosts read the
 * same file), so this server and a static host send the same Content-Security-Policy and security headers.
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseHeadersFile(text) {
  /** @type {Record<string, string>} */
  const headers = {};
  let inAll = false;
  for (const line of text.split('\n')) {
    if (!/^\s/.test(line)) {
      inAll = line.trim() === '/*';
      continue;
    }
    const match = /^\s+([\w-]+):\s*(.*)$/.exec(line);
    if (inAll && match?.[1]) headers[match[1]] = (match[2] ?? '').trim();
  }
  return headers;
}

/** @type {Map<string, Promise<Record<string, string>>>} security headers per build folder (a rebuild is a new one) */
const headerCache = new Map();

/** @param {string} root */
function securityHeadersOf(root) {
  let headers = headerCache.get(root);
  if (!headers) {
    headers = readFile(join(root, '_headers'), 'utf8').then(
      (text) => ({ ...BASE_SECURITY_HEADERS, ...parseHeadersFile(text) }),
      () => BASE_SECURITY_HEADERS,
    );
    headerCache.set(root, headers);
    // A long-running server with the rebuild hook sees a new folder per build: keep the last few only.
    if (headerCache.size > 8) headerCache.delete(headerCache.keys().next().value ?? root);
  }
  return headers;
}

/**
 * Whether the request reached us over HTTPS: a TLS socket, or with TRUST_PROXY=1 (a TLS-terminating proxy in
 * front) `X-Forwarded-Proto: https`. Strict-Transport-Security is only sent then: over plain HTTP it would be
 * ignored at best and, on localhost, pin the browser to an HTTPS port nothing listens on.
 * @param {import('node:http').IncomingMessage} req
 * @param {boolean} trustProxy
 */
export function isHttps(req, trustProxy) {
  if ('encrypted' in req.socket && req.socket.encrypted) return true;
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  return trustProxy && proto === 'https';
}

/** @param {string} file */
function cacheControl(file) {
  if (file.includes(`${sep}_astro${sep}`)) return 'public, max-age=31536000, immutable';
  if (file.endsWith('build.json')) return 'no-store';
  return 'no-cache';
}

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|manifest\+json)|image\/svg\+xml)/;
/** Below this a compressed answer saves less than its headers and the work cost. */
const COMPRESS_MIN_BYTES = 1024;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressors = {
  br: (/** @type {Buffer} */ body) =>
    brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (/** @type {Buffer} */ body) => gzipAsync(body, { level: 9 }),
};

/**
 * The encoding a browser takes, as static hosts choose it (the app's bundles are a third of their size gzipped):
 * Brotli when it is accepted, else gzip, else none.
 * @param {import('node:http').IncomingMessage} req
 * @returns {'br' | 'gzip' | null}
 */
function acceptedEncoding(req) {
  const accepted = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    // `gzip;q=0` refuses gzip.
    .filter(([, quality]) => !/^\s*q=0(?:\.0*)?\s*$/.test(quality ?? ''))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/**
 * Sends a cached file, compressed when the browser accepts it; each encoding is made once per cached file.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {CachedFile} entry
 */
async function sendFile(req, res, entry) {
  const compressible = COMPRESSIBLE.test(String(entry.headers['Content-Type']));
  const encoding = compressible && entry.body.length >= COMPRESS_MIN_BYTES ? acceptedEncoding(req) : null;
  let body = entry.body;
  if (encoding) {
    entry.encoded ??= {};
    entry.encoded[encoding] ??= compressors[encoding](entry.body);
    body = await entry.encoded[encoding];
  }
  res.writeHead(200, {
    ...entry.headers,
    'Content-Length': body.length,
    ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Every redirect's Cache-Control: an hour bounds how long a browser keeps a 301 it was once given. */
export const REDIRECT_CACHE_CONTROL = 'public, max-age=3600';

/** @param {string} value */
const digest = (value) => createHash('sha256').update(value).digest();

/**
 * Whether the request carries `Authorization: Bearer <secret>` (compared in constant time).
 * @param {import('node:http').IncomingMessage} req
 * @param {string} secret
 */
function authorized(req, secret) {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  return match !== null && timingSafeEqual(digest(match[1] ?? ''), digest(secret));
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(res, status, body) {
  res.writeHead(status, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * The rebuild hook's routes: 404 when the hook is off, 401 without the secret, `POST /__rebuild` → 202 (a build
 * is scheduled), `GET /__rebuild/status` → the rebuilder's status.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} pathname
 * @param {{ secret: string, rebuilder: ReturnType<typeof createRebuilder> } | undefined} hook
 */
function handleHook(req, res, pathname, hook) {
  if (!hook) {
    sendJson(res, 404, { error: 'Not Found' });
    return;
  }
  if (!authorized(req, hook.secret)) {
    res.setHeader('WWW-Authenticate', 'Bearer');
    sendJson(res, 401, { error: 'Unauthorized' });
    return;
  }
  if (pathname === HOOK_PATH && req.method === 'POST') {
    // The body (the CMS's event) is not needed: every build reads all the published content.
    req.resume();
    hook.rebuilder.request();
    sendJson(res, 202, { scheduled: true, ...hook.rebuilder.status() });
    return;
  }
  if (pathname === `${HOOK_PATH}/status` && (req.method === 'GET' || req.method === 'HEAD')) {
    sendJson(res, 200, hook.rebuilder.status());
    return;
  }
  if (pathname === HOOK_PATH || pathname === `${HOOK_PATH}/status`) {
    res.setHeader('Allow', pathname === HOOK_PATH ? 'POST' : 'GET, HEAD');
    sendJson(res, 405, { error: 'Method Not Allowed' });
    return;
  }
  sendJson(res, 404, { error: 'Not Found' });
}

/**
 * The files of the served build, in memory once asked for: a build folder never changes once built (a rebuild
 * writes a new folder and swaps it in), and reading from memory (after one stat) instead of several file-system calls
 * and a stream per request raises what the server answers per second (`npm run bench:load`). Only 200 answers of
 * small files are kept (a 404 path is anyone's to invent), and only for the latest folder served.
 * Contents are keyed by the file they come from, so every name of one file (`/a1/..%2F_astro/x.js`,
 * `/a2/..%2F_astro/x.js`…) shares one copy; a second, small map remembers which file a request path named. Both
 * are bounded by bytes (least recently used out first), not by count (issue #11).
 */
/**
 * @typedef {{ headers: Record<string, string | number>, body: Buffer, file: string, mtimeMs: number,
 *   encoded?: Partial<Record<'br' | 'gzip', Promise<Buffer>>> }} CachedFile
 */
export class FileCache {
  /** Files larger than this are streamed from disk, never kept. */
  static MAX_FILE_BYTES = 2 * 1024 * 1024;
  /** All kept contents together. */
  static MAX_BYTES = 64 * 1024 * 1024;
  /** All remembered request paths and their file names together. */
  static MAX_ALIAS_BYTES = 1024 * 1024;
  /** @type {string | null} */
  #root = null;
  #maxBytes;
  #maxAliasBytes;
  /** @type {LRUCache<string, CachedFile>} file → its contents */
  #files;
  /** @type {LRUCache<string, string>} request path → file */
  #aliases;

  /** @param {{ maxBytes?: number, maxAliasBytes?: number }} [limits] */
  constructor({ maxBytes = FileCache.MAX_BYTES, maxAliasBytes = FileCache.MAX_ALIAS_BYTES } = {}) {
    this.#maxBytes = maxBytes;
    this.#maxAliasBytes = maxAliasBytes;
    this.#files = this.#newFiles();
    this.#aliases = this.#newAliases();
  }

  #newFiles() {
    return new LRUCache({
      maxSize: this.#maxBytes,
      maxEntrySize: Math.min(this.#maxBytes, FileCache.MAX_FILE_BYTES),
      // lru-cache wants a positive size: an empty file still takes an entry.
      sizeCalculation: (/** @type {CachedFile} */ entry) => entry.body.length + 1,
    });
  }

  #newAliases() {
    return new LRUCache({
      maxSize: this.#maxAliasBytes,
      // UTF-16 strings: two bytes a character.
      sizeCalculation: (/** @type {string} */ file, /** @type {string} */ path) => 2 * (path.length + file.length),
    });
  }

  /**
   * The cached answer for a request path, when that path was served before from this folder.
   * @param {string} root
   * @param {string} path
   */
  get(root, path) {
    if (root !== this.#root) return undefined;
    const file = this.#aliases.get(path);
    return file === undefined ? undefined : this.#files.get(file);
  }

  /**
   * The cached contents of a file, under whatever name it was asked for.
   * @param {string} root
   * @param {string} file
   */
  getFile(root, file) {
    return root === this.#root ? this.#files.get(file) : undefined;
  }

  /**
   * Remembers that `path` names `entry.file`, and the file's contents (once, however many paths name it).
   * @param {string} root
   * @param {string} path
   * @param {CachedFile} entry
   */
  set(root, path, entry) {
    if (root !== this.#root) {
      this.#root = root;
      this.#files = this.#newFiles();
      this.#aliases = this.#newAliases();
    }
    if (this.#files.get(entry.file) !== entry) this.#files.set(entry.file, entry);
    if (this.#files.has(entry.file)) this.#aliases.set(path, entry.file);
  }

  /** What the cache holds: files and their bytes, remembered paths and theirs. */
  stats() {
    return {
      files: this.#files.size,
      bytes: this.#files.calculatedSize,
      aliases: this.#aliases.size,
      aliasBytes: this.#aliases.calculatedSize,
    };
  }
}

/**
 * @param {object} options
 * @param {string} options.root the build folder to serve (the first one, when a rebuild hook is given)
 * @param {{ secret: string, rebuilder: ReturnType<typeof createRebuilder> }} [options.hook] the rebuild hook:
 *   the served folder is then the rebuilder's current one
 * @param {boolean} [options.trustProxy] trust `X-Forwarded-Proto` (TRUST_PROXY=1: behind a TLS-terminating proxy)
 * @param {FileCache} [options.fileCache] the in-memory file cache (tests pass a small one to watch it)
 */
export function createSiteServer({ root, hook, trustProxy = false, fileCache = new FileCache() }) {
  const fixedRoot = resolve(root);
  const files = fileCache;
  return createServer(async (req, res) => {
    // Each request reads the served folder once: a swap during it does not move it to another build.
    const lease = hook?.rebuilder.acquire();
    if (lease) res.once('close', lease.release);
    const distRoot = lease?.folder ?? fixedRoot;
    try {
      // Every response (pages, files, redirects, 404, errors, the hook) carries the security headers.
      for (const [name, value] of Object.entries(await securityHeadersOf(distRoot))) res.setHeader(name, value);
      if (isHttps(req, trustProxy)) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      // A request target of `//host/x` is a path here, not a host: prefixing the origin keeps it one.
      const requestTarget = req.url ?? '/';
      const url = requestTarget.startsWith('/')
        ? new URL(`http://localhost${requestTarget}`)
        : new URL(requestTarget, 'http://localhost');
      const hookPath = url.pathname === HOOK_PATH || url.pathname.startsWith(`${HOOK_PATH}/`);
      // With the hook off, a GET there is any unknown path (the 404 page), as it always was.
      if (hookPath && (hook || (req.method !== 'GET' && req.method !== 'HEAD'))) {
        handleHook(req, res, url.pathname, hook);
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Method Not Allowed');
        return;
      }
      // A cached file is sent when it is still the one on disk: one stat, for a folder rebuilt in place
      // (`npm run build` beside a running `npm run serve`).
      const sendCached = async (/** @type {CachedFile | undefined} */ cached) => {
        const current = cached && (await stat(cached.file).catch(() => null));
        if (!cached || !current || current.mtimeMs !== cached.mtimeMs || current.size !== cached.body.length) {
          return false;
        }
        await sendFile(req, res, cached);
        return true;
      };
      if (await sendCached(files.get(distRoot, url.pathname))) return;
      const target = await resolveRequest(distRoot, url.pathname, url.search);
      if ('redirect' in target) {
        // Permanent, but kept an hour at most: a browser holds a 301 without Cache-Control for as long as it likes.
        res.writeHead(301, { Location: target.redirect, 'Cache-Control': REDIRECT_CACHE_CONTROL });
        res.end();
        return;
      }
      const known = target.status === 200 ? files.getFile(distRoot, target.file) : undefined;
      if (known && (await sendCached(known))) {
        files.set(distRoot, url.pathname, known);
        return;
      }
      const info = await stat(target.file);
      const headers = {
        'Content-Type': TYPES[extname(target.file)] ?? 'application/octet-stream',
        'Content-Length': info.size,
        'Cache-Control': cacheControl(target.file),
      };
      if (target.status === 200 && info.size <= FileCache.MAX_FILE_BYTES) {
        const body = await readFile(target.file);
        /** @type {CachedFile} */
        const entry = {
          headers: { ...headers, 'Content-Length': body.length },
          body,
          file: target.file,
          mtimeMs: info.mtimeMs,
        };
        files.set(distRoot, url.pathname, entry);
        await sendFile(req, res, entry);
        return;
      }
      res.writeHead(target.status, headers);
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

/**
 * Where rebuilds go unless REBUILD_DIR says otherwise: a folder git, ESLint and Prettier already ignore (built
 * JavaScript must not be linted) and `npm ci` clears. Keep REBUILD_DIR inside the project: Astro writes a build's
 * server chunks beside its output only when that is under the working folder, else into the shared `.astro/`,
 * where any other build running at the same time breaks it.
 */
export const DEFAULT_BUILDS_DIR = 'node_modules/.cache/studyease-site-builds';

/**
 * The rebuild hook from the environment: on with REBUILD_SECRET, else off (the server only serves files).
 * @param {string} root the folder served first
 * @param {Record<string, string | undefined>} env
 */
export function hookFromEnv(root, env) {
  const secret = env['REBUILD_SECRET'] ?? '';
  if (secret === '') return undefined;
  const number = (/** @type {string} */ name, /** @type {number} */ fallback) => {
    const value = Number(env[name]);
    return env[name] && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  const rebuilder = createRebuilder({
    initialFolder: root,
    buildsDir: resolve(env['REBUILD_DIR'] || DEFAULT_BUILDS_DIR),
    command: env['REBUILD_COMMAND'] || DEFAULT_REBUILD_COMMAND,
    env: { ...env, ASTRO_TELEMETRY_DISABLED: '1' },
    debounceMs: number('REBUILD_DEBOUNCE_MS', 2000),
    keep: number('REBUILD_KEEP', 3),
  });
  return { secret, rebuilder };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.env.DIST_DIR || 'dist');
  if (!(await isFile(join(root, 'index.html')))) {
    console.error(`[serve] No build found in ${root}. Run "npm run build" first (npm start does both).`);
    process.exit(1);
  }
  const port = Number(process.env.PORT) || 4321;
  const host = process.env.HOST || 'localhost';
  const hook = hookFromEnv(root, process.env);
  const trustProxy = ['1', 'true'].includes((process.env.TRUST_PROXY ?? '').toLowerCase());
  const server = createSiteServer({ root, trustProxy, ...(hook ? { hook } : {}) });
  server.on('error', (error) => {
    console.error(`[serve] Could not listen on ${host}:${port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(port, host, () => {
    console.log(`StudyEase site: http://${host}:${port}`);
    if (hook) console.log(`[rebuild] hook on: POST http://${host}:${port}${HOOK_PATH} (pid ${process.pid})`);
  });
  const stop = () => {
    hook?.rebuilder.stop();
    server.close(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
