import { LOCALE_COOKIE, SESSION_COOKIE } from '@/config';
import { readCookie } from '@/lib/cookies';
import { detectLocale, persistLocale } from '@/lib/locale';
import { startColorModeSwitch } from '@/client/colorModeSwitch';
import { startHeader } from '@/client/header';
import { startPrefetch } from '@/client/prefetch';
import { watchTryBox } from '@/client/tryBoxLoader';

/**
 * The one script of the static shell, on every page: colour-mode switch, header (mobile menu, auth redirect),
 * hover prefetch, the signed-in account block (loaded only with a session), the tool pages' try box (loaded on its
 * first use), locale cookie and the footer year. Each part does nothing where its elements are absent.
 */
export function startSite(): void {
  startColorModeSwitch();
  startHeader();
  startPrefetch();
  watchTryBox();
  // React loads only for a visitor with a session cookie: the account block is a lazily loaded chunk.
  if (readCookie(SESSION_COOKIE.name)) {
    // Calls to action that differ for a signed-in student (pricing: "Start for free" goes to the app).
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-signed-in-href]')) {
      link.href = link.dataset['signedInHref'] ?? link.href;
    }
    import('@/components/account/mountAccount')
      .then(({ mountAccount }) => mountAccount())
      .catch((error: unknown) => {
        console.error('[account] could not load the account block', error);
        document.documentElement.classList.remove('has-session');
      });
  }
  persistLocale(
    detectLocale({
      routeLocale: document.documentElement.lang,
      cookie: readCookie(LOCALE_COOKIE.name),
      languages: navigator.languages,
    }),
  );
  // The year is rendered at build time; a page built in December must still say the new year on 1 January.
  const year = String(new Date().getFullYear());
  for (const element of document.querySelectorAll('[data-current-year]')) {
    if (element.textContent !== year) element.textContent = year;
  }
}
