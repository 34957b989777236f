import type { Core } from '@strapi/strapi';
import { readCookieSecure } from '../src/utils/env';

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => ({
  auth: {
    secret: env('ADMIN_JWT_SECRET', ''),
    // Unset, Strapi marks the admin's refresh cookie Secure only for HTTPS requests in production, which works
    // over plain HTTP too (and does not log a warning on every start); COOKIE_SECURE forces it either way.
    cookie: env('COOKIE_SECURE', '') === '' ? {} : { secure: readCookieSecure(env) },
  },
  apiToken: {
    salt: env('API_TOKEN_SALT', ''),
  },
  transfer: {
    token: { salt: env('TRANSFER_TOKEN_SALT', '') },
  },
  secrets: {
    encryptionKey: env('ENCRYPTION_KEY', ''),
  },
  // Tests run without an admin build; everything else serves the panel at /admin.
  serveAdminPanel: env.bool('SERVE_ADMIN_PANEL', true),
  autoOpen: false,
  flags: {
    nps: false,
    promoteEE: false,
  },
});
