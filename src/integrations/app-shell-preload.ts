import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { islandScripts, staticImportGraph } from './staticImports.ts';

/**
 * The chunks a chat route loads as soon as the shell runs: the chat page (AppShell's `import()` of ChatView, named
 * after it) and the Markdown and maths renderer (stores/renderer.ts; its chunk group in chunkGroups.ts).
 */
const CHAT_CHUNKS = [/^ChatView\.[\w-]+\.js$/, /^renderer\.[\w-]+\.js$/];

/** The attribute of the app page's early script (APP_EARLY_SCRIPT, src/pages/app/index.astro) this integration fills in. */
const CHAT_SCRIPTS_ATTRIBUTE = 'data-chat-scripts';

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
        // On a chat route the early script preloads the chat's own chunks too, beside the shell's rather than after
        // the shell has run; the dashboard and the account page never fetch them.
        const files = await readdir(join(dist, '_astro'));
        const chatEntries = CHAT_CHUNKS.map((pattern) => {
          const found = files.filter((file) => pattern.test(file));
          if (found.length !== 1)
            throw new Error(`app-shell-preload: expected one chunk matching ${pattern}, found ${found.length}`);
          return `/_astro/${found[0] ?? ''}`;
        });
        const shell = new Set(scripts);
        const chatScripts = [...(await staticImportGraph(dist, chatEntries)).keys()].filter((src) => !shell.has(src));
        const placeholder = `${CHAT_SCRIPTS_ATTRIBUTE}=""`;
        if (!html.includes(placeholder)) throw new Error(`app-shell-preload: app.html has no ${placeholder}`);
        const filled = html.replace(placeholder, `${CHAT_SCRIPTS_ATTRIBUTE}="${chatScripts.join(' ')}"`);
        await writeFile(page, filled.replace('</head>', `${links}</head>`));
        logger.info(`app.html: ${scripts.length} scripts preloaded, ${chatScripts.length} more on chat routes`);
      },
    },
  };
}
