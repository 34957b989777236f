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

/** Every inline script of our own, by name: the security-headers integration allows these texts and no others. */
export const OWN_INLINE_SCRIPTS: Readonly<Record<string, string>> = {
  'colour mode': COLOR_MODE_SCRIPT,
  'console error': CONSOLE_ERROR_SCRIPT,
};
