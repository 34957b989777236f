import { LOCALE_COOKIE } from '@/config';
import { readCookie } from '@/lib/cookies';
import { detectLocale, persistLocale } from '@/lib/locale';
import { startColorModeSwitch } from '@/scripts/colorModeSwitch';
import { startHeader } from '@/scripts/header';

/**
 * The one script of the static shell, on every page: colour-mode switch, header (mobile menu, auth redirect),
 * locale cookie and the footer year. Each part does nothing where its elements are absent.
 */
export function startSite(): void {
  startColorModeSwitch();
  startHeader();
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
