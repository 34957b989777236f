import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlToHast } from 'satteri';

export interface SecurityHeadersOptions {
  /** The backend the browser calls (the app, the try box, sign-in): `connect-src`, `img-src`, `form-action`. */
  backendUrl: string;
  /** Where the build read content; its images may appear on pages. */
  cmsUrl: string;
  /** PUBLIC_ANALYTICS_SRC, when set: its origin may serve a script and receive beacons. */
  analyticsSrc?: string | undefined;
}

/** Data blocks such as JSON-LD: a browser never executes those. */
const DATA_SCRIPT = /^\s*application\/(ld\+)?json\s*$/i;

interface HtmlNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  value?: string;
  children?: HtmlNode[];
  /** A `<template>`'s contents. */
  content?: HtmlNode;
}

/**
 * @returns the `'sha256-…'` sources of the executable inline scripts (no `src`, not a data block) in one HTML
 * document. The document is parsed as a browser parses it (satteri, Astro's Markdown engine): text that only looks
 * like a script, such as `<script>…</script>` from a CMS title inside a `<meta content="…">` attribute, where Astro
 * leaves `<` as it is, is no script, and its hash must not end up in the policy every page carries (issue #7).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const visit = (node: HtmlNode): void => {
    if (node.type === 'element' && node.tagName === 'script') {
      const { src, type } = node.properties ?? {};
      if (src === undefined && !DATA_SCRIPT.test(typeof type === 'string' ? type : '')) {
        const body = (node.children ?? []).map((child) => child.value ?? '').join('');
        hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
      }
    }
    node.children?.forEach(visit);
    if (node.content) visit(node.content);
  };
  visit(htmlToHast(html) as unknown as HtmlNode);
  return hashes;
}

const origin = (url: string | undefined): string | undefined => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The site's Content-Security-Policy.
 * Scripts: own files and the hashes of the few inline scripts the build wrote (the colour-mode script, Astro's
 * island loader), never `'unsafe-inline'` or `'unsafe-eval'`. Styles: own files plus `'unsafe-inline'`, because React,
 * Radix and Temml's MathML set `style` attributes and Astro inlines small stylesheets as `<style>`; adding hashes
 * to `style-src` would switch `'unsafe-inline'` off for those attributes.
 * @param hashes script hashes, already quoted
 */
export function contentSecurityPolicy(options: SecurityHeadersOptions, hashes: Iterable<string>): string {
  const backend = origin(options.backendUrl);
  const cms = origin(options.cmsUrl);
  const analytics = origin(options.analyticsSrc);
  const list = (...sources: (string | undefined)[]) => [...new Set(sources.filter(Boolean))].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", analytics, ...[...hashes].sort())}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', cms, backend)}`,
    "font-src 'self' data:",
    `connect-src ${list("'self'", backend, analytics)}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${list("'self'", backend)}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every response of the site carries (Strict-Transport-Security is added by the server, over HTTPS only). */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'X-Frame-Options': 'DENY',
  };
}

async function htmlFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `_headers` (the format Netlify and Cloudflare Pages read) into the build: one policy for every path,
 * holding the hashes of every inline script the build wrote. `scripts/serve.mjs` sends the same headers.
 * Astro's own `security.csp` is not used: it writes a `<meta>` policy, which cannot carry `frame-ancestors`, and
 * does not hash `is:inline` scripts such as the colour-mode one, which a second policy would then block.
 */
export function securityHeadersFile(options: SecurityHeadersOptions): AstroIntegration {
  return {
    name: 'studyease:security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const folder = fileURLToPath(dir);
        const hashes = new Set<string>();
        for (const file of await htmlFiles(folder)) {
          for (const hash of inlineScriptHashes(await readFile(file, 'utf8'))) hashes.add(hash);
        }
        const headers = securityHeaders(contentSecurityPolicy(options, hashes));
        const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
        await writeFile(join(folder, '_headers'), `/*\n${lines.join('\n')}\n`);
        logger.info(`_headers written (${hashes.size} inline script hashes)`);
      },
    },
  };
}
