import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';

/**
 * `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"` (a chunk that re-exports a chunk group's
 * module) in a built chunk (minified); `import("./x.js")` is not one.
 */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g;

/**
 * The scripts a browser fetches before running `entries`: each one and every chunk it imports statically, however
 * deep (a dynamic import() loads later, on use). Used by the build (app-shell-preload.ts) and `npm run bench`.
 * @param dist the build folder
 * @param entries URL paths of entry scripts (`/_astro/AppShell.x.js`)
 * @param seen scripts already counted (their imports are not followed again); filled in
 * @returns `seen`: each script's URL path and contents, in the order found
 */
export async function staticImportGraph(
  dist: string,
  entries: Iterable<string>,
  seen: Map<string, Buffer> = new Map(),
): Promise<Map<string, Buffer>> {
  const visit = async (urlPath: string): Promise<void> => {
    if (seen.has(urlPath)) return;
    const body = await readFile(join(dist, urlPath));
    seen.set(urlPath, body);
    for (const match of body.toString('utf8').matchAll(STATIC_IMPORT)) {
      const spec = match[1] ?? '';
      if (!spec.startsWith('.') && !spec.startsWith('/')) continue;
      await visit(spec.startsWith('/') ? spec : posix.join(posix.dirname(urlPath), spec));
    }
  };
  for (const entry of entries) if (entry.startsWith('/')) await visit(entry);
  return seen;
}

/**
 * The scripts of a built page's Astro islands: each island's component and renderer, which the island's loader
 * imports as soon as the page runs.
 * @param html the page
 * @returns their URL paths, as written
 */
export function islandScripts(html: string): string[] {
  return [
    ...html.matchAll(/<astro-island\b[^>]*\bcomponent-url="([^"]+)"/g),
    ...html.matchAll(/<astro-island\b[^>]*\brenderer-url="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
}

/**
 * The entry scripts of a built page: `<script src>`, `<link rel="modulepreload">`, and its islands' scripts.
 * @param html the page
 * @returns their URL paths (same-origin ones only)
 */
export function pageEntryScripts(html: string): string[] {
  const found = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g),
    ...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  return [...found, ...islandScripts(html)].filter((src) => src.startsWith('/'));
}
