import path from 'node:path';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { rateLimitCounters } from './counter-store';
import type { LimitsConfig } from './limits-config';
import { takeAll } from './take-all';

/** Auth routes that create an account or send an email: each costs a bcrypt hash or a mail. */
const ACCOUNT_ROUTES = /\/auth\/(?:local\/register|forgot-password|send-email-confirmation)\/?$/;
/** Those of them that send an email to the address in the body. */
const MAIL_ROUTES = /\/auth\/(?:forgot-password|send-email-confirmation)\/?$/;

export const ACCOUNT_LIMIT_MESSAGE =
  'Too many sign-ups or emails from your network in a short time. Please wait an hour and try again.';
export const RECIPIENT_LIMIT_MESSAGE =
  'Too many emails were asked for this address in a short time. Please check your inbox, or try again in an hour.';

/**
 * Throttles registration and the two email routes by address alone, and their emails by recipient alone.
 * users-permissions' own limit keys these routes by email *and* address, so every fresh email got a fresh bucket:
 * 40 registrations in a row from one address all succeeded, each a ~100 ms bcrypt hash and an active account, and
 * one address could send reset mail to any number of inboxes (issue #11). Counted in the shared counters, so every
 * backend instance enforces one limit; a refused request is not counted.
 *
 * @param ctx - the request (its path, `request.ip` and body)
 * @param limits - the configured limits (0 turns one off)
 * @throws {errors.RateLimitError} (429) when either limit is reached
 */
export const limitAccountActions = async (ctx: Context, limits: LimitsConfig): Promise<void> => {
  // The router matches paths case-insensitively and tolerates `//` and `/./`: so does this check.
  const route = path.posix.normalize(ctx.path).toLowerCase();
  if (ctx.method !== 'POST' || !ACCOUNT_ROUTES.test(route)) return;
  const store = rateLimitCounters();
  const windowMs = limits.accountActionsWindowMs;
  if (
    limits.accountActionsPerAddress > 0 &&
    !(await takeAll(store, [`account:ip:${ctx.request.ip}`], limits.accountActionsPerAddress, windowMs))
  ) {
    throw new errors.RateLimitError(ACCOUNT_LIMIT_MESSAGE);
  }
  const body: unknown = ctx.request.body;
  const email = typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined;
  if (limits.emailsPerRecipient > 0 && MAIL_ROUTES.test(route) && typeof email === 'string' && email !== '') {
    const recipient = `mail:to:${email.trim().toLowerCase().slice(0, 320)}`;
    if (!(await takeAll(store, [recipient], limits.emailsPerRecipient, windowMs))) {
      throw new errors.RateLimitError(RECIPIENT_LIMIT_MESSAGE);
    }
  }
};
