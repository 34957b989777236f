import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import { answerMailUnavailable, isMailDeliveryError } from '../../utils/mail-errors';
import { mailServerReachable } from '../../utils/mail-health';
import { comparePassword } from '../../auth/password-pool';
import {
  endEarlierSessions,
  type JwtService,
  revocableJwt,
  SESSIONS_VALID_AFTER,
  SESSIONS_VALID_AFTER_ATTRIBUTE,
} from '../../auth/session-revocation';
import { limitAccountActions } from '../../limits/account-rate-limit';
import { sharedCounters } from '../../limits/counter-store';
import { LimitsConfigSchema } from '../../limits/limits-config';
import { createHandoffCodec, type HandoffCodec, nonceHash } from '../../utils/oauth-handoff';
import { getStudyEaseConfig } from '../../utils/studyease-config';

type Handler = (ctx: Context, next: Next, ...rest: unknown[]) => unknown;
type ControllerFactory = (deps: { strapi: StrapiConfigReader }) => Record<string, Handler>;
type MiddlewareFactory = (config: unknown, deps: { strapi: Core.Strapi }) => (ctx: Context, next: Next) => unknown;

/** The part of Strapi the wrapped controllers read. */
interface StrapiConfigReader {
  config: { get(path: string): unknown };
}

/** users-permissions' user service, as far as this extension changes it. */
interface UserService {
  validatePassword(password: string, hash: string): Promise<boolean>;
  [name: string]: unknown;
}

/** The part of the users-permissions plugin this extension changes. */
interface UsersPermissionsPlugin {
  controllers: { auth: ControllerFactory; [name: string]: unknown };
  services: {
    user: (deps: { strapi: Core.Strapi }) => UserService;
    jwt: (deps: { strapi: Core.Strapi }) => JwtService;
    [name: string]: unknown;
  };
  middlewares: { rateLimit: MiddlewareFactory; [name: string]: unknown };
  contentTypes: { user: { schema: { attributes: Record<string, unknown> } }; [name: string]: unknown };
}

/**
 * What this extension reads and writes on a request beyond koa's own types: koa-session's `ctx.session` (where
 * users-permissions keeps its OAuth state), the router's path parameters and Strapi's error helper.
 */
interface StrapiContext {
  params: Record<string, unknown>;
  session?: { grant?: { response?: unknown }; studyeaseNonce?: string } | null;
  badRequest(message: string): void;
}

const strapiContext = (ctx: Context): StrapiContext => ctx as unknown as StrapiContext;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `/api/connect/{provider}/callback`, where the provider sends the browser back to the backend. */
const CONNECT_CALLBACK = /\/connect\/([^/]+)\/callback\/?$/;

/**
 * After a successful provider round trip, users-permissions redirects the browser to the provider's `callback`
 * (the site's /auth/connect/{provider}/redirect page) with an empty query and keeps the tokens in its session.
 * This adds `access_token`, a single-use handoff token (see createHandoffCodec), which is what the site reads.
 * Error redirects (`error`, `error_description`) are left as they are.
 *
 * @param ctx - the request, after users-permissions handled it
 * @param codec - seals the handoff token
 */
const addHandoffToRedirect = (ctx: Context, codec: HandoffCodec): void => {
  const provider = CONNECT_CALLBACK.exec(ctx.path)?.[1];
  const session = strapiContext(ctx).session;
  const response = session?.grant?.response;
  const boundTo = session?.studyeaseNonce;
  const location = ctx.response.get('Location');
  if (provider === undefined || !isRecord(response) || ctx.status < 300 || ctx.status >= 400 || location === '') {
    return;
  }
  const target = new URL(location);
  if (target.searchParams.has('error')) return;
  // Started without a nonce (not from the site's sign-in page): the return page says to start again.
  if (boundTo === undefined) {
    target.searchParams.set('error', NO_NONCE);
  } else {
    target.searchParams.set('access_token', codec.seal(provider, response, boundTo));
  }
  if (session) delete session.studyeaseNonce;
  ctx.redirect(target.href);
};

/** `/api/connect/{provider}`, where the browser starts a social sign-in (not its callback). */
const CONNECT_START = /\/connect\/([^/]+)\/?$/i;
/** Why a sign-in without the site's nonce is not started (shown by the site's return page). */
export const NO_NONCE = 'Start the sign-in again from the StudyEase sign-in page';

/** forgot-password's and send-email-confirmation's body. */
const EmailBodySchema = z.object({ email: z.email({ message: 'email must be a valid email' }).max(320) });

/** What the student reads when the SMTP server cannot be reached (or refuses the mail). */
export const MAIL_UNAVAILABLE = {
  register:
    'Your account was created, but the confirmation email could not be sent right now. ' +
    'Sign in in a few minutes to get a new one.',
  email: 'The email could not be sent right now. Please try again in a few minutes.',
} as const;

/**
 * What forgot-password and send-email-confirmation answer, for an address with an account or without, confirmed or
 * not: telling them apart would tell an attacker which addresses have accounts (issue #11).
 */
export const MAIL_ACCEPTED = {
  forgotPassword: () => ({ ok: true }),
  sendEmailConfirmation: (email: string) => ({ email, sent: true }),
} as const;

/** users-permissions' register wraps a failed confirmation email in this (ApplicationError, 400). */
const REGISTER_MAIL_FAILED = 'Error sending confirmation email';

/**
 * Extends users-permissions' auth controller:
 *
 * - GET /api/auth/email-confirmation?confirmation=CODE answers `{ jwt, user }` when the caller asks for JSON.
 *   The confirmation email links to the site's /auth/email-confirmation page, which confirms the code with a
 *   fetch and signs the student in, as login does. Strapi's controller already has that mode (its third
 *   argument) but the route always redirects, and a cross-origin fetch cannot follow a redirect back to the site.
 *   A browser opening the backend URL itself (Accept: text/html) still gets Strapi's redirect.
 * - Social sign-in hands the site an `access_token` again (see addHandoffToRedirect), and
 *   GET /api/auth/{provider}/callback?access_token=… accepts exactly those tokens, with or without the session
 *   cookie; any other value is refused with 400. Without `access_token` the callback works as Strapi's does,
 *   from the session cookie alone. Either way the session's OAuth tokens are dropped afterwards, so that one
 *   round trip signs in once.
 * - When the SMTP server is down, register (with email confirmation on) answers 503 with a message saying the
 *   email could not be sent (see MAIL_UNAVAILABLE) instead of Strapi's 400 "Error sending confirmation email".
 * - forgot-password and send-email-confirmation answer the same, at once, for every valid address (MAIL_ACCEPTED)
 *   and do their work (look the account up, send the email) after the answer, so neither the answer nor its timing
 *   tells whether the address has an account. When the SMTP server cannot be reached (mailServerReachable) they
 *   answer 503 for every address alike.
 * - Social sign-in is bound to the browser that started it: `/api/connect/{provider}?nonce=…` keeps the nonce's
 *   hash in the session, the handoff token is sealed with it, and the exchange needs the nonce again.
 * - Registration and the two email routes are limited per address and per recipient (limitAccountActions).
 * - jwts end when the password is changed or reset, and on `POST /api/auth/logout` (every session of the
 *   account: see revocableJwt); the answer to a change or reset carries a fresh jwt for the browser that made it.
 *
 * @param plugin - users-permissions as loaded by Strapi
 * @returns the same plugin with the auth controller wrapped
 */
export default (plugin: UsersPermissionsPlugin): UsersPermissionsPlugin => {
  // Sign-in's bcrypt comparison in a worker thread, so it does not stall every other request (src/auth).
  const createUserService = plugin.services.user;
  plugin.services.user = (deps) => ({ ...createUserService(deps), validatePassword: comparePassword });

  // Revocable sessions (src/auth/session-revocation.ts).
  plugin.contentTypes.user.schema.attributes[SESSIONS_VALID_AFTER] = SESSIONS_VALID_AFTER_ATTRIBUTE;
  const createJwtService = plugin.services.jwt;
  plugin.services.jwt = (deps) => revocableJwt(createJwtService(deps), deps.strapi);

  // Per-address and per-recipient limits before users-permissions' own per-(address, email) one.
  const createRateLimit = plugin.middlewares.rateLimit;
  plugin.middlewares.rateLimit = (config, deps) => {
    const strapiLimit = createRateLimit(config, deps);
    return async (ctx, next) => {
      await limitAccountActions(ctx, LimitsConfigSchema.parse(deps.strapi.config.get('limits')));
      return strapiLimit(ctx, next);
    };
  };

  const createAuthController = plugin.controllers.auth;
  plugin.controllers.auth = (deps) => {
    const auth = createAuthController(deps);
    const { emailConfirmation, connect, callback, register, forgotPassword, sendEmailConfirmation } = auth;
    const { changePassword, resetPassword } = auth;
    if (
      emailConfirmation === undefined ||
      connect === undefined ||
      callback === undefined ||
      register === undefined ||
      forgotPassword === undefined ||
      sendEmailConfirmation === undefined ||
      changePassword === undefined ||
      resetPassword === undefined
    ) {
      throw new Error('users-permissions lacks an auth action this extension wraps: check the pinned version');
    }

    /** @returns the action, answering 503 with `message` when its email could not be sent */
    const withMailFailure =
      (action: Handler, message: string): Handler =>
      async (ctx, next) => {
        try {
          return await action(ctx, next);
        } catch (error) {
          const registerFailed = error instanceof Error && error.message === REGISTER_MAIL_FAILED;
          if (!registerFailed && !isMailDeliveryError(error)) throw error;
          // register has logged the cause already; the others have not.
          if (!registerFailed) strapi.log.error(`[email] could not send: ${String(error)}`);
          answerMailUnavailable(ctx, message);
          return undefined;
        }
      };

    /**
     * @returns the action answering MAIL_ACCEPTED at once for any valid address and doing its work afterwards, on
     *   a copy of the request that only carries the address (see the export's comment)
     */
    const inBackground =
      (action: Handler, answer: (email: string) => unknown): Handler =>
      async (ctx) => {
        const parsed = EmailBodySchema.safeParse(ctx.request.body);
        if (!parsed.success) throw new errors.ValidationError('email must be a valid email');
        if (!(await mailServerReachable(strapi))) {
          answerMailUnavailable(ctx, MAIL_UNAVAILABLE.email);
          return undefined;
        }
        const email = parsed.data.email.toLowerCase();
        const copy = { request: { body: { email }, headers: {} }, query: {}, state: {}, send: () => undefined };
        // The running Strapi, kept: the work may end after a shutdown has removed the global.
        const app = strapi;
        setImmediate(() => {
          Promise.resolve(action(copy as unknown as Context, () => Promise.resolve())).catch((error: unknown) => {
            // "Already confirmed", "User blocked": nothing to send, and nothing the caller may learn.
            if (error instanceof errors.ApplicationError) return;
            app.log.error(`[email] could not send: ${error instanceof Error ? error.message : String(error)}`);
          });
        });
        ctx.body = answer(email);
        return undefined;
      };

    /** @returns the action, whose success ends every earlier session and answers with a fresh jwt instead */
    const endingSessions =
      (action: Handler): Handler =>
      async (ctx, next) => {
        const result = await action(ctx, next);
        const body: unknown = ctx.body;
        if (ctx.status === 200 && isRecord(body) && typeof body['jwt'] === 'string' && isRecord(body['user'])) {
          const id = body['user']['id'];
          if (typeof id === 'number') body['jwt'] = await endEarlierSessions(strapi, id);
        }
        return result;
      };

    // Created on first use: the plugin's configuration (and JWT_SECRET in it) is complete by then.
    let codec: HandoffCodec | undefined;
    const handoff = (): HandoffCodec => {
      if (codec === undefined) {
        const secret = deps.strapi.config.get('plugin::users-permissions.jwtSecret');
        codec = createHandoffCodec(typeof secret === 'string' ? secret : '', {
          // Single use across every backend instance: the first to count the id wins.
          claim: async (id, expiresAt) =>
            (await sharedCounters().hit(`handoff:${id}`, Math.max(1, expiresAt - Date.now()))).count === 1,
        });
      }
      return codec;
    };

    return {
      ...auth,
      emailConfirmation: (ctx, next) => emailConfirmation(ctx, next, ctx.accepts('html', 'json') === 'json'),
      register: withMailFailure(register, MAIL_UNAVAILABLE.register),
      forgotPassword: inBackground(forgotPassword, MAIL_ACCEPTED.forgotPassword),
      sendEmailConfirmation: inBackground(sendEmailConfirmation, MAIL_ACCEPTED.sendEmailConfirmation),
      changePassword: endingSessions(changePassword),
      resetPassword: endingSessions(resetPassword),

      /** Ends every session of the account (a stateless jwt cannot be ended alone). */
      logout: async (ctx) => {
        const id: unknown = (ctx.state as { user?: { id?: unknown } }).user?.id;
        if (typeof id !== 'number') throw new errors.UnauthorizedError('Sign in first');
        await endEarlierSessions(strapi, id);
        ctx.body = { ok: true };
      },

      connect: async (ctx, next) => {
        const startedFor = CONNECT_START.exec(ctx.path)?.[1];
        if (startedFor !== undefined) {
          const boundTo = nonceHash(ctx.query['nonce']);
          if (boundTo === null) {
            // A bookmarked or shared connect link, or a click before the sign-in page was ready: the site's return
            // page says what happened and links back to the sign-in page, as for a provider's refusal.
            const provider = encodeURIComponent(startedFor);
            const { siteUrl } = getStudyEaseConfig(strapi);
            const query = new URLSearchParams({ error: NO_NONCE });
            ctx.redirect(`${siteUrl}/auth/connect/${provider}/redirect?${query.toString()}`);
            return undefined;
          }
          const extended = strapiContext(ctx);
          extended.session = extended.session ?? {};
          extended.session.studyeaseNonce = boundTo;
        }
        await connect(ctx, next);
        addHandoffToRedirect(ctx, handoff());
        return undefined;
      },

      callback: async (ctx, next) => {
        const extended = strapiContext(ctx);
        const provider: unknown = extended.params['provider'];
        if (typeof provider !== 'string' || provider === 'local') return callback(ctx, next);

        const token: unknown = ctx.query['access_token'];
        if (token !== undefined) {
          const response = typeof token === 'string' ? await handoff().open(token, provider, ctx.query['nonce']) : null;
          if (response === null) {
            // Also refuses a provider's own access token (only a round trip through this backend counts), and a
            // token without the nonce of the browser that started the sign-in.
            extended.badRequest('Invalid or expired access_token: sign in with the provider again');
            return undefined;
          }
          extended.session = extended.session ?? {};
          extended.session.grant = { response };
        }
        try {
          return await callback(ctx, next);
        } finally {
          if (extended.session?.grant !== undefined) delete extended.session.grant;
        }
      },
    };
  };
  return plugin;
};
