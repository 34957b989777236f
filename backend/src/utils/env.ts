import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { trimTrailing } from '@studyease/tutor';

/** Strapi's `env` helper, as handed to every `config/*.ts` function. */
export type Env = Core.Config.Shared.ConfigParams['env'];

/** Where the StudyEase site runs when `SITE_URL` is not set: Astro's dev and preview port. */
export const DEFAULT_SITE_URL = 'http://localhost:4321';

/** Port of the backend when `BACKEND_PORT` is not set. */
export const DEFAULT_BACKEND_PORT = 1337;

/**
 * Parses an absolute http(s) URL and drops a trailing slash, so that `${url}/path` never doubles it.
 *
 * @param name - the variable's name, for the error message
 * @param value - the variable's value
 * @returns the URL without a trailing slash
 * @throws Error when the value is not an absolute http(s) URL: a typo here would otherwise surface much later
 *   as broken links in emails or a CORS failure in the browser.
 */
export const parseHttpUrl = (name: string, value: string): string => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL (e.g. http://localhost:4321), got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must use http or https, got "${value}"`);
  }
  return trimTrailing(url.href, /\//);
};

/**
 * @param env - Strapi's env helper
 * @returns the site's base URL (`SITE_URL`): the CORS origin and the target of every link in emails
 */
export const readSiteUrl = (env: Env): string => parseHttpUrl('SITE_URL', env('SITE_URL', DEFAULT_SITE_URL));

/**
 * @param env - Strapi's env helper
 * @returns the backend's port (`BACKEND_PORT`)
 */
export const readBackendPort = (env: Env): number => env.int('BACKEND_PORT', DEFAULT_BACKEND_PORT);

/**
 * @param env - Strapi's env helper
 * @returns the URL the backend is reached at from outside (`PUBLIC_URL`), used for OAuth callbacks and the admin
 */
export const readPublicUrl = (env: Env): string =>
  parseHttpUrl('PUBLIC_URL', env('PUBLIC_URL', `http://localhost:${readBackendPort(env)}`));

/**
 * Whether cookies (admin refresh token, the session used by social sign-in) are marked `Secure`.
 *
 * Strapi marks them `Secure` whenever NODE_ENV is production, and koa then refuses to send them over plain HTTP
 * with a 500. Whether the connection is HTTPS is a property of the deployment, not of NODE_ENV, so the default
 * follows `PUBLIC_URL`'s scheme and `COOKIE_SECURE` overrides it.
 *
 * @param env - Strapi's env helper
 * @returns true when cookies must only travel over HTTPS
 */
export const readCookieSecure = (env: Env): boolean =>
  env.bool('COOKIE_SECURE', readPublicUrl(env).startsWith('https:'));

/**
 * Whether koa trusts `X-Forwarded-*` headers. An https `PUBLIC_URL` means a TLS-terminating proxy sits in front
 * (Strapi itself speaks plain HTTP), and koa needs `X-Forwarded-Proto` to know the request was secure.
 *
 * @param env - Strapi's env helper
 * @returns true when the backend runs behind a reverse proxy
 */
export const readTrustProxy = (env: Env): boolean => env.bool('TRUST_PROXY', readPublicUrl(env).startsWith('https:'));

/**
 * The local OAuth2 test provider (tools/oauth-test-provider.mjs at the root) to offer as the `studyease-test` sign-in
 * provider. Meant for development and tests only: whoever controls that server can sign in as any email.
 *
 * @param env - Strapi's env helper
 * @returns its base URL (`OAUTH_TEST_PROVIDER_URL`), or null when unset: then the provider does not exist
 */
export const readOAuthTestProviderUrl = (env: Env): string | null => {
  const value = env('OAUTH_TEST_PROVIDER_URL', '').trim();
  return value === '' ? null : parseHttpUrl('OAUTH_TEST_PROVIDER_URL', value);
};

/**
 * @param env - Strapi's env helper
 * @returns the sender address of every email (`EMAIL_FROM`)
 * @throws Error when `EMAIL_FROM` is not a bare address: the name is the product's and is added by the templates
 */
export const readEmailFrom = (env: Env): string => {
  const from = env('EMAIL_FROM', 'no-reply@studyease.local').trim();
  if (!z.email().safeParse(from).success) {
    throw new Error(`EMAIL_FROM must be a bare email address such as no-reply@example.com, got "${from}"`);
  }
  return from;
};
