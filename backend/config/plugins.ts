import type { Core } from '@strapi/strapi';
import { SharedRateLimitStore } from '../src/limits/rate-limit-store';
import { readEmailFrom } from '../src/utils/env';

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => {
  const smtpPort = env.int('SMTP_PORT', 1025);
  const smtpUser = env('SMTP_USER', '');
  const from = readEmailFrom(env);

  return {
    'users-permissions': {
      config: {
        jwtSecret: env('JWT_SECRET', ''),
        // The site expects `{ jwt, user }` from login, register, reset-password and the provider callback, and
        // keeps the jwt itself; "refresh" mode would answer access/refresh tokens and set its own cookies.
        jwtManagement: 'legacy-support',
        jwt: { expiresIn: env('JWT_EXPIRES_IN', '30d') },
        // Throttles the auth routes per IP (and per email where the body has one). Tests raise the limit. Counted
        // in the database, so that several backend instances enforce one limit (src/limits).
        ratelimit: {
          enabled: env.bool('AUTH_RATE_LIMIT_ENABLED', true),
          interval: env.int('AUTH_RATE_LIMIT_INTERVAL_MS', 60000),
          max: env.int('AUTH_RATE_LIMIT_MAX', 10),
          store: new SharedRateLimitStore(),
        },
      },
    },
    email: {
      config: {
        provider: 'nodemailer',
        providerOptions: {
          host: env('SMTP_HOST', 'localhost'),
          port: smtpPort,
          // Implicit TLS on 465; other ports upgrade with STARTTLS when the server offers it.
          secure: env.bool('SMTP_SECURE', smtpPort === 465),
          ...(smtpUser === '' ? {} : { auth: { user: smtpUser, pass: env('SMTP_PASS', '') } }),
        },
        settings: {
          defaultFrom: from,
          defaultReplyTo: from,
        },
      },
    },
  };
};
