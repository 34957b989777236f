import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { answerMailUnavailable, isMailDeliveryError } from '../../utils/mail-errors';
import { comparePassword } from '../../auth/password-pool';
import { sharedCounters } from '../../limits/counter-store';
import { createHandoffCodec, type HandoffCodec } from '../../utils/oauth-handoff';

type Handler = (ctx: Context, next: Next, ...rest: unknown[]) => unknown;
type ControllerFactory = (deps: { strapi: StrapiConfigReader }) => Record<string, Handler>;

/** The part of Strapi the wrapped controllers read. */
interface StrapiConfigReader {
  config: { get(path: string): unknown };
}

/** The part of the users-permissions plugin this extension changes. */
/** users-permissions' user service, as far as this extension changes it. */
interface UserService {
  validatePassword(password: string, hash: string): Promise<boolean>;
  [name: string]: unknown;
}

interface UsersPermissionsPlugin {
  controllers: { auth: ControllerFactory; [name: string]: unknown };
  services: { user: (deps: { strapi: Core.Strapi }) => UserService; [name: string]: unknown };
}

/**
 * What this extension reads and writes on a request beyond koa's own types: koa-session's `ctx.session` (where
 * users-permissions keeps its OAuth state) and Strapi's error helper.
 */
interface StrapiContext {
  session?: { grant?: { response?: unknown } } | null;
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
  const response = strapiContext(ctx).session?.grant?.response;
  const location = ctx.response.get('Location');
  if (provider === undefined || !isRecord(response) || ctx.status < 300 || ctx.status >= 400 || location === '') {
    return;
  }
  const target = new URL(location);
  if (target.searchParams.has('error')) return;
  target.searchParams.set('access_token', codec.seal(provider, response));
  ctx.redirect(target.href);
};

/** What the student reads when the SMTP server cannot be reached (or refuses the mail). */
export const MAIL_UNAVAILABLE = {
  register:
    'Your account was created, but the confirmation email could not be sent right now. ' +
    'Sign in in a few minutes to get a new one.',
  email: 'The email could not be sent right now. Please try again in a few minutes.',
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
 * - When the SMTP server is down, register (with email confirmation on), forgot-password and
 *   send-email-confirmation answer 503 with a message saying the email could not be sent (see MAIL_UNAVAILABLE)
 *   instead of Strapi's 400 "Error sending confirmation email" or 500 "Internal Server Error". forgot-password
 *   still answers 200 for an unknown address: no email is sent, so nothing fails.
 *
 * @param plugin - users-permissions as loaded by Strapi
 * @returns the same plugin with the auth controller wrapped
 */
export default (plugin: UsersPermissionsPlugin): UsersPermissionsPlugin => {
  // Sign-in's bcrypt comparison in a worker thread, so it does not stall every other request (src/auth).
  const createUserService = plugin.services.user;
  plugin.services.user = (deps) => ({ ...createUserService(deps), validatePassword: comparePassword });

  const createAuthController = plugin.controllers.auth;
  plugin.controllers.auth = (deps) => {
    const auth = createAuthController(deps);
    const { emailConfirmation, connect, callback, register, forgotPassword, sendEmailConfirmation } = auth;
    if (
      emailConfirmation === undefined ||
      connect === undefined ||
      callback === undefined ||
      register === undefined ||
      forgotPassword === undefined ||
      sendEmailConfirmation === undefined
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
      forgotPassword: withMailFailure(forgotPassword, MAIL_UNAVAILABLE.email),
      sendEmailConfirmation: withMailFailure(sendEmailConfirmation, MAIL_UNAVAILABLE.email),

      connect: async (ctx, next) => {
        await connect(ctx, next);
        addHandoffToRedirect(ctx, handoff());
      },

      callback: async (ctx, next) => {
        const provider: unknown = ctx.params['provider'];
        if (typeof provider !== 'string' || provider === 'local') return callback(ctx, next);

        const extended = strapiContext(ctx);
        const token: unknown = ctx.query['access_token'];
        if (token !== undefined) {
          const response = typeof token === 'string' ? await handoff().open(token, provider) : null;
          if (response === null) {
            // Also refuses a provider's own access token: only a round trip through this backend counts.
            return extended.badRequest('Invalid or expired access_token: sign in with the provider again');
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
