import type { Context, Next } from 'koa';

type Handler = (ctx: Context, next: Next, ...rest: unknown[]) => unknown;
type ControllerFactory = (deps: { strapi: unknown }) => Record<string, Handler>;

/** The part of the users-permissions plugin this extension changes. */
interface UsersPermissionsPlugin {
  controllers: { auth: ControllerFactory; [name: string]: unknown };
}

/**
 * GET /api/auth/email-confirmation?confirmation=CODE answers `{ jwt, user }` when the caller asks for JSON.
 *
 * The confirmation email links to the site's /auth/email-confirmation page, which confirms the code with a fetch
 * and signs the student in, as login does. Strapi's controller already has that mode (its third argument) but
 * the route always redirects, and a cross-origin fetch cannot follow a redirect back to the site. A browser
 * opening the backend URL itself (Accept: text/html) still gets Strapi's redirect.
 *
 * @param plugin - users-permissions as loaded by Strapi
 * @returns the same plugin with the auth controller wrapped
 */
export default (plugin: UsersPermissionsPlugin): UsersPermissionsPlugin => {
  const createAuthController = plugin.controllers.auth;
  plugin.controllers.auth = (deps) => {
    const auth = createAuthController(deps);
    const emailConfirmation = auth['emailConfirmation'];
    if (emailConfirmation === undefined) {
      throw new Error('users-permissions has no auth.emailConfirmation controller: check the pinned version');
    }
    return {
      ...auth,
      emailConfirmation: (ctx, next) => emailConfirmation(ctx, next, ctx.accepts('html', 'json') === 'json'),
    };
  };
  return plugin;
};
