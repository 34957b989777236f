import { readCookie, writeCookie } from '@/lib/cookies';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, type Locale } from '@/config';

/**
 * Picks the locale: from the route, then the cookie, then the browser's languages, else the default (spec §4).
 * Only English exists today; the order is kept so adding a locale is a data change.
 */
export function detectLocale(input: {
  routeLocale?: string | undefined;
  cookie?: string | undefined;
  languages?: readonly string[] | undefined;
}): Locale {
  const candidates = [input.routeLocale, input.cookie, ...(input.languages ?? [])];
  for (const candidate of candidates) {
    const base = candidate?.toLowerCase().split('-')[0];
    const match = LOCALES.find((locale) => locale === base);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** Stores the active locale in the locale cookie (365 days, path /, SameSite Lax; spec §9) unless it is there. */
export function persistLocale(locale: Locale): void {
  if (readCookie(LOCALE_COOKIE.name) === locale) return;
  writeCookie(LOCALE_COOKIE.name, locale, { maxAgeSeconds: LOCALE_COOKIE.days * 86_400, path: LOCALE_COOKIE.path });
}

/**
 * Whether the configured locale base URL points at another host than the site (spec §8: a production
 * misconfiguration that would send visitors to the wrong domain when switching locale).
 */
export function localeHostMismatch(localeBaseUrl: string, siteUrl: string): boolean {
  try {
    return new URL(localeBaseUrl).host !== new URL(siteUrl).host;
  } catch {
    return true;
  }
}
