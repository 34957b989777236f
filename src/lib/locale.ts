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

/**
 * The locale cookie's `Set-Cookie`-style text: 365 days, path /, SameSite Lax (spec §9), Secure over HTTPS.
 * Written by hand rather than with js-cookie: this runs on every content page, where each byte of script counts.
 */
export function localeCookieString(locale: Locale, secure: boolean): string {
  const maxAge = LOCALE_COOKIE.days * 24 * 60 * 60;
  return `${LOCALE_COOKIE.name}=${locale}; Max-Age=${maxAge}; Path=${LOCALE_COOKIE.path}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** @returns the locale cookie's value, if set */
export function readLocaleCookie(cookies: string = document.cookie): string | undefined {
  const prefix = `${LOCALE_COOKIE.name}=`;
  return cookies
    .split('; ')
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
}

/** Stores the active locale in the locale cookie unless it is already there. */
export function persistLocale(locale: Locale): void {
  if (readLocaleCookie() === locale) return;
  document.cookie = localeCookieString(locale, location.protocol === 'https:');
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
