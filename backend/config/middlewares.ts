import type { Core } from '@strapi/strapi';
import { readCookieSecure, readSiteUrl } from '../src/utils/env';

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Middlewares => [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  {
    name: 'strapi::cors',
    config: {
      // Only the site may call the API from a browser. CORS_ORIGIN (comma-separated) adds origins for a site
      // served from several hosts; it defaults to SITE_URL's origin.
      origin: env.array('CORS_ORIGIN', [new URL(readSiteUrl(env)).origin]),
      credentials: true,
    },
  },
  'strapi::poweredBy',
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
