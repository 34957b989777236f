/**
 * The inline scripts the site writes into its pages, as fixed texts. Each reads what varies between builds from
 * its own `data-*` attributes (`document.currentScript.dataset`), so its text, and with it its CSP hash, never
 * changes; the security-headers integration allows exactly these texts and Astro's own island scripts, and fails
 * the build on any other inline script (issue #11: a script that slipped into a page through content must not be
 * hashed into the policy every page carries).
 */

/**
 * Sets the colour mode before first paint (inlined: a bundled script would run too late and the page would flash
 * the wrong theme) and, with a session cookie, hides the signed-out buttons until the account block knows the user.
 * Attributes: `data-key` (the localStorage key of the preference), `data-session` (`<session cookie name>=`).
 */
export const COLOR_MODE_SCRIPT = `try {
  const data = document.currentScript.dataset;
  const d = document.documentElement;
  const stored = localStorage.getItem(data.key);
  const p = stored === 'light' || stored === 'dark' ? stored : 'system';
  const v =
    d.dataset.forcedColorMode ||
    (p === 'system' ? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : p);
  d.classList.toggle('dark', v === 'dark');
  d.style.colorScheme = v;
  d.dataset.colorModePreference = p;
  if (document.cookie.split('; ').some((c) => c.startsWith(data.session))) d.classList.add('has-session');
} catch {
  // Storage blocked (private mode, disabled cookies): the light default stays.
}`;

/** Logs its `data-message` attribute as a console error (a misconfigured production build says so in the browser). */
export const CONSOLE_ERROR_SCRIPT = 'console.error(document.currentScript.dataset.message);';

/**
 * On the app page, starts what its first screen needs while the page's scripts are still downloading, rather than
 * once they have run: on a phone's network that is most of a second of round trips (issue #15).
 * - On a tool's path, the chat's chunks (the chat page and the Markdown and maths renderer), as module preloads.
 * - With a session cookie, the backend's answers: the session's user and, on a conversation's path, the conversation,
 *   its messages and practice results. The requests are exactly those the app makes, with the same headers
 *   (src/lib/api/client.ts takes their answers, once, through earlyResponses.ts).
 * Attributes: `data-session` (`<session cookie name>=`), `data-me` (the session check's URL), `data-conversations`
 * (the conversations' URL, ending in `/`), `data-tools` (the tool ids), `data-chat-scripts` (the chat's chunks,
 * written by the app-shell-preload integration); lists are space-separated.
 */
export const APP_EARLY_SCRIPT = `try {
  const data = document.currentScript.dataset;
  const [root, app, tool, id, ...rest] = location.pathname.split('/');
  const toolPath = root === '' && app === 'app' && data.tools.split(' ').includes(tool) && rest.join('') === '';
  if (toolPath) {
    for (const src of data.chatScripts.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = src;
      document.head.append(link);
    }
  }
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(data.session));
  const token = cookie && decodeURIComponent(cookie.slice(data.session.length));
  if (token) {
    const headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
    const responses = new Map();
    const ask = (url) => {
      const response = fetch(url, { headers, credentials: 'same-origin' });
      response.catch(() => {});
      responses.set(url, response);
    };
    ask(data.me);
    if (toolPath && /^[A-Za-z0-9_-]{1,64}$/.test(id || '')) {
      const conversation = data.conversations + id;
      ask(conversation);
      ask(conversation + '/messages');
      ask(conversation + '/practice-attempts');
    }
    window.__studyeaseEarly = { token, at: Date.now(), responses };
  }
} catch {
  // No early answers: the app asks for them itself.
}`;

/** Every inline script of our own, by name: the security-headers integration allows these texts and no others. */
export const OWN_INLINE_SCRIPTS: Readonly<Record<string, string>> = {
  'colour mode': COLOR_MODE_SCRIPT,
  'console error': CONSOLE_ERROR_SCRIPT,
  'app early start': APP_EARLY_SCRIPT,
};
