/**
 * How the browser build groups modules into files (Rolldown's `output.codeSplitting.groups`, in astro.config.mjs).
 *
 * Left to itself the bundler makes one chunk per set of pages that share a module, so the app's first load was 33
 * small files. A phone on a slow network over HTTP/1.1 (six connections per host) pays a round trip for each, and
 * Lighthouse measured that as most of a second of the chat's first paint (issue #15). These groups put modules that
 * always load together into one file each, keyed by who loads them:
 *
 *   site      every page's own script and the app: configuration, storage, the sign-in redirect, stores;
 *   react     React, for the app and the sign-in pages;
 *   account   what the app and the sign-in pages (and a signed-in header) share: the API client, the session, the
 *             contract's schemas;
 *   shell     the app's first load: the shell, its sidebar and history, its stores;
 *   answer    the answer's layout and readable maths, shared by the chat, the try box and the renderer;
 *   renderer  the Markdown, maths and sanitising renderer, which the chat and the try box load after first paint.
 *
 * A module in a group is pulled in with everything it imports that no higher group holds, so a group lists only
 * modules its loaders need at once: nothing loaded on use (the dashboard, dialogs, the math keyboard, the photo
 * reader) and nothing a content page's script imports that the content pages do not already load. `npm run bench
 * -- --sizes-only` (in CI) fails when a content page's JavaScript or the app's first load goes over its budget.
 */

/**
 * A test of module ids: whether an id, with `/` as its separator whatever the platform's, holds any of `paths`.
 * Plain substrings rather than a RegExp built from them, which the ReDoS check could not read.
 */
function modulesAt(...paths: string[]): (id: string) => boolean {
  return (id) => {
    const path = id.replaceAll('\\', '/');
    return paths.some((fragment) => path.includes(fragment));
  };
}

export interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
  priority: number;
}

export const CHUNK_GROUPS: readonly ChunkGroup[] = [
  {
    name: 'site',
    priority: 60,
    test: modulesAt(
      '/src/config.ts',
      '/src/lib/storage.ts',
      '/src/lib/cookies.ts',
      '/src/stores/authRedirect.ts',
      // The nanostores every page's script uses (the colour mode, the sign-in redirect); the rest goes with the app.
      '/node_modules/nanostores/atom/',
      '/node_modules/nanostores/map/',
      '/node_modules/nanostores/clean-stores/',
      // The bundler's helper for import() with preloads, which every page's script uses.
      'vite/preload-helper',
    ),
  },
  {
    name: 'react',
    priority: 50,
    test: modulesAt(
      '/node_modules/react/',
      '/node_modules/react-dom/',
      '/node_modules/scheduler/',
      '/node_modules/@astrojs/react/',
    ),
  },
  {
    name: 'account',
    priority: 40,
    test: modulesAt(
      '/packages/contract/',
      '/node_modules/zod/',
      '/node_modules/js-cookie/',
      '/node_modules/qs-esm/',
      '/node_modules/@nanostores/react/',
      '/src/lib/api/client.ts',
      '/src/lib/api/auth.ts',
      '/src/lib/api/errors.ts',
      '/src/lib/api/sse.ts',
      '/src/lib/api/earlyResponses.ts',
      '/src/lib/queryString.ts',
      '/src/lib/sessionCookie.ts',
      '/src/lib/trimTrailing.ts',
      '/src/lib/pageTitle.ts',
      '/src/lib/httpStatus.ts',
      '/src/stores/session.ts',
      '/src/components/ui/ActionsMenu.tsx',
    ),
  },
  {
    name: 'answer',
    priority: 30,
    test: modulesAt('/src/components/answer/answerView.ts', '/src/lib/plainMath.ts', '/src/lib/chemistryTex.ts'),
  },
  {
    name: 'renderer',
    priority: 20,
    test: modulesAt(
      '/src/lib/markdown.ts',
      '/node_modules/temml/',
      '/node_modules/markdown-it/',
      '/node_modules/entities/',
      '/node_modules/linkify-it/',
      '/node_modules/uc.micro/',
      '/node_modules/mdurl/',
      '/node_modules/punycode.js/',
      '/node_modules/dompurify/',
    ),
  },
  {
    name: 'shell',
    priority: 10,
    test: modulesAt(
      '/src/components/app/AppShell.tsx',
      '/src/components/app/Sidebar.tsx',
      '/src/components/app/NotFoundView.tsx',
      '/src/components/app/pageChunk.ts',
      '/src/components/app/Icon.tsx',
      '/src/components/icons/paths.ts',
      '/src/components/ui/Toaster.tsx',
      '/src/components/chat/HistoryItem.tsx',
      '/src/components/chat/HistoryList.tsx',
      '/src/components/chat/FittedTitle.tsx',
      '/src/stores/build.ts',
      '/src/stores/visitor.ts',
      '/src/stores/toasts.ts',
      '/src/stores/chat.ts',
      '/src/stores/conversations.ts',
      '/src/stores/toolAvailability.ts',
      '/src/stores/router.ts',
      '/src/stores/renderer.ts',
      '/src/lib/api/chat.ts',
      '/src/lib/readableMath.ts',
      '/src/lib/tools.ts',
      '/src/scripts.ts',
      '/node_modules/@nanostores/router/',
    ),
  },
];
