import type { Core } from '@strapi/strapi';
import { readCookieSecure, readSiteUrl } from '../src/utils/env';

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Middlewares => [
  'strapi::logger',
  'strapi::errors',
  // A full disk or read-only database answers 503 with a clear message rather than 500 (src/middlewares/).
  'global::database-unavailable',
  {
    name: 'strapi::security',
    config: {
      // helmet's defaults (script-src 'self', no 'unsafe-inline' or 'unsafe-eval' for scripts) stay for the admin
      // panel; nobody may frame any page of the backend.
      contentSecurityPolicy: { directives: { 'frame-ancestors': ["'none'"] } },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    },
  },
  // Permissions-Policy, a CSP that allows nothing on the API, Strict-Transport-Security over HTTPS only.
  'global::security-headers',
  {
    name: 'strapi::cors',
    config: {
      // Only the site may call the API from a browser. CORS_ORIGIN (comma-separated) adds origins for a site
      // served from several hosts; it defaults to SITE_URL's origin.
      origin: env.array('CORS_ORIGIN', [new URL(readSiteUrl(env)).origin]),
      credentials: true,
    },
  },
  // No 'strapi::poweredBy': an `X-Powered-By: Strapi` header only tells a scanner what to try.
  {
    // The session carries the OAuth state of social sign-in between /connect/{provider} and the callback.
    name: 'strapi::session',
    config: {
      // Strapi's default (`secure` in production) makes koa throw, hence 500, on plain HTTP: see readCookieSecure.
      secure: readCookieSecure(env),
      sameSite: 'lax',
    },
  },
  'strapi::query',
  'strapi::body',
  'strapi::favicon',
  'strapi::public',
];
