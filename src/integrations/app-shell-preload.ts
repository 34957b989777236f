import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { islandScripts, staticImportGraph } from './staticImports.ts';

/**
 * Lists every script the app shell imports statically in `<link rel="modulepreload">` tags of dist/app.html, so the
 * browser fetches them all at once. Without them it finds the shell's chunks one level of imports at a time (the
 * island, then its imports, then theirs): three round trips before the app can even ask for the session, which on
 * a phone's network is most of a second (issue #15).
 */
export function appShellPreload(): AstroIntegration {
  return {
    name: 'studyease:app-shell-preload',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const page = join(dist, 'app.html');
        const html = await readFile(page, 'utf8').catch(() => null);
        if (html === null) return;
        const scripts = [...(await staticImportGraph(dist, islandScripts(html))).keys()];
        const links = scripts
          .filter((src) => !html.includes(`href="${src}"`))
          .map((src) => `<link rel="modulepreload" href="${src}">`)
          .join('');
        await writeFile(page, html.replace('</head>', `${links}</head>`));
        logger.info(`app.html: ${scripts.length} scripts preloaded`);
      },
    },
  };
}
