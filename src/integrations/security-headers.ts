import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import idleDirective from 'astro/client/idle.prebuilt.js';
import loadDirective from 'astro/client/load.prebuilt.js';
import mediaDirective from 'astro/client/media.prebuilt.js';
import onlyDirective from 'astro/client/only.prebuilt.js';
import visibleDirective from 'astro/client/visible.prebuilt.js';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { htmlToHast } from 'satteri';
import { OWN_INLINE_SCRIPTS } from '../lib/inlineScripts.ts';

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
 * @returns the texts of the executable inline scripts (no `src`, not a data block) in one HTML document. The
 * document is parsed as a browser parses it (satteri, Astro's Markdown engine): text that only looks like a script,
 * such as `<script>…</script>` from a CMS title inside a `<meta content="…">` attribute, where Astro leaves `<` as
 * it is, is no script (issue #7).
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  const visit = (node: HtmlNode): void => {
    if (node.type === 'element' && node.tagName === 'script') {
      const { src, type } = node.properties ?? {};
      if (src === undefined && !DATA_SCRIPT.test(typeof type === 'string' ? type : '')) {
        scripts.push((node.children ?? []).map((child) => child.value ?? '').join(''));
      }
    }
    node.children?.forEach(visit);
    if (node.content) visit(node.content);
  };
  visit(htmlToHast(html) as unknown as HtmlNode);
  return scripts;
}

/** @returns the CSP source (`'sha256-…'`) that allows one inline script */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/** @returns the `'sha256-…'` sources of the executable inline scripts in one HTML document */
export function inlineScriptHashes(html: string): string[] {
  return inlineScripts(html).map(scriptHash);
}

/**
 * The only inline scripts a page may carry, text → name: ours (src/lib/inlineScripts.ts) and Astro's island
 * element and client-directive loaders, taken from the installed Astro so an upgrade needs no change here.
 */
export const ALLOWED_INLINE_SCRIPTS: ReadonlyMap<string, string> = new Map([
  ...Object.entries(OWN_INLINE_SCRIPTS).map(([name, text]): [string, string] => [text, name]),
  [islandScript, 'Astro island'],
  [idleDirective, 'Astro client:idle'],
  [loadDirective, 'Astro client:load'],
  [mediaDirective, 'Astro client:media'],
  [onlyDirective, 'Astro client:only'],
  [visibleDirective, 'Astro client:visible'],
]);

/**
 * The inline scripts of a document that are not allow-listed: a script that reached a page through content (a
 * CMS field rendered raw, a Markdown body) would otherwise be hashed into the policy every page carries (issue #11).
 * @returns their texts, empty when every inline script is one we wrote
 */
export function unexpectedInlineScripts(
  html: string,
  allowed: ReadonlyMap<string, string> = ALLOWED_INLINE_SCRIPTS,
): string[] {
  return inlineScripts(html).filter((script) => !allowed.has(script));
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
 * Scripts: own files and the hashes of the few allow-listed inline scripts the build wrote (the colour-mode script,
 * Astro's island loader), never `'unsafe-inline'` or `'unsafe-eval'`. Styles: own files plus `'unsafe-inline'`, because React,
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
 * holding the hashes of the inline scripts the build wrote, each of which must be allow-listed
 * (ALLOWED_INLINE_SCRIPTS): any other fails the build. `scripts/serve.mjs` sends the same headers.
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
        const unexpected: string[] = [];
        for (const file of await htmlFiles(folder)) {
          for (const script of inlineScripts(await readFile(file, 'utf8'))) {
            if (ALLOWED_INLINE_SCRIPTS.has(script)) hashes.add(scriptHash(script));
            else unexpected.push(`  ${relative(folder, file)}: ${JSON.stringify(script.slice(0, 120))}`);
          }
        }
        if (unexpected.length > 0) {
          throw new Error(
            `The build wrote ${unexpected.length} inline script(s) that are not allow-listed, so no policy allows ` +
              'them: move the code into a bundled <script>, or add its fixed text to src/lib/inlineScripts.ts.\n' +
              unexpected.slice(0, 20).join('\n'),
          );
        }
        const headers = securityHeaders(contentSecurityPolicy(options, hashes));
        const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
        await writeFile(join(folder, '_headers'), `/*\n${lines.join('\n')}\n`);
        logger.info(`_headers written (${hashes.size} inline script hashes)`);
      },
    },
  };
}
