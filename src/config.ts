/**
 * Site-wide constants. Values that differ between deployments come from environment variables (see
 * docs/configuration.md); everything else is a product constant from the spec, kept here so a rule lives in one
 * place.
 */

export const SITE_NAME = 'StudyEase';
export const SITE_TITLE = 'StudyEase: study with ease, go with AI for free';
export const SITE_DESCRIPTION =
  'StudyEase helps you with your homework: AI study tools that give step-by-step solutions, check the answer and suggest similar practice questions.';

/** Public address of the Strapi backend; the browser calls it directly. */
export const BACKEND_URL: string = (import.meta.env.PUBLIC_BACKEND_URL || 'http://localhost:1337').replace(/\/+$/, '');
/** Path prefix of the backend's REST API (Strapi's default `/api`); empty for none. */
export const BACKEND_API_PREFIX: string = import.meta.env.PUBLIC_BACKEND_API_PREFIX ?? '/api';

/**
 * The session cookie holding the jwt (spec §6: name and options from configuration). Readable by scripts on
 * purpose: the static site has no server that could set an HttpOnly cookie, and the API client must send the
 * token as a bearer header. Lifetime follows the jwt's own expiry.
 */
export const SESSION_COOKIE = {
  name: import.meta.env.PUBLIC_SESSION_COOKIE_NAME || 'studyease_jwt',
  sameSite: 'lax',
  path: '/',
  /** Used when the jwt carries no readable expiry. */
  fallbackDays: 30,
} as const;

/** Query parameters of the current-user call (spec §7), e.g. `{ populate: ['role'] }` to include relations. */
export const CURRENT_USER_QUERY: Record<string, unknown> = {};

/** The auth redirect value is kept for a day: long enough for an email round trip, short enough to go stale. */
export const AUTH_REDIRECT_COOKIE = { name: 'studyease_auth_redirect', days: 1 } as const;

/** Optional analytics script URL; no script is loaded when unset (never on /app and /auth pages: lib/analytics.ts). */
export const ANALYTICS_SRC: string = import.meta.env.PUBLIC_ANALYTICS_SRC ?? '';

/** The analytics script's Subresource Integrity hash (`sha384-…`); required when ANALYTICS_SRC is set. */
export const ANALYTICS_INTEGRITY: string = import.meta.env.PUBLIC_ANALYTICS_INTEGRITY ?? '';

/** Social sign-in providers offered on the sign-in and sign-up pages (none by default). */
export const AUTH_PROVIDERS: readonly string[] = (import.meta.env.PUBLIC_AUTH_PROVIDERS ?? '')
  .split(',')
  .map((provider: string) => provider.trim().toLowerCase())
  .filter((provider: string) => /^[a-z0-9-]+$/.test(provider));

/** Only English exists (spec §9); `en-US` is used where a region is required. */
export const LOCALES = ['en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const DEFAULT_LOCALE_REGION = 'en-US';
export const LOCALE_COOKIE = { name: 'studyease_locale', days: 365, path: '/', sameSite: 'lax' } as const;

/** Query parameters a canonical URL may keep; everything else is dropped. */
export const CANONICAL_QUERY_WHITELIST = ['page'] as const;

/** Query-string parsing limits (spec §9). */
export const QUERY_LIMITS = { depth: 5, arrayLimit: 20, parameterLimit: 1000 } as const;

/** A failed chunk load reloads the page at most once per path within this window (spec §4, §9). */
export const RELOAD_GUARD_MS = 10_000;
/** How often an open tab asks whether a newer build was deployed. */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;

/** Hover prefetch: at most this many page loads at once (spec §9). */
export const PREFETCH_CONCURRENCY = 4;

/** Storage keys, in one place so that no two features collide. */
export const STORAGE_KEYS = {
  colorMode: 'studyease:color-mode',
  visitor: 'studyease:visitor',
  reloadGuard: 'studyease:reload-guard',
  hintsFirst: 'studyease:hints-first',
  translatorLanguages: 'studyease:translator-languages',
  oauthNonce: 'studyease:oauth-nonce',
} as const;

/** UI constants from the spec (§9); the Tailwind theme reads the same numbers from tailwind.config.cjs. */
export const UI = {
  zIndexBase: 2000,
  toast: { durationMs: 5000, max: 5, position: 'bottom-right' },
  modalMs: 200,
  slideoverMs: 200,
  drawer: { durationMs: 500, closeThreshold: 0.25 },
  tooltip: { delayMs: 700, offsetPx: 8 },
  popoverOffsetPx: 8,
  logoHeights: { sm: 24, md: 32, lg: 40 },
} as const;
