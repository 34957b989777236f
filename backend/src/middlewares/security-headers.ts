/** The part of Koa's context this middleware uses (`secure` follows X-Forwarded-Proto when TRUST_PROXY is on). */
interface HeaderContext {
  secure: boolean;
  set(name: string, value: string): void;
  remove(name: string): void;
}

/** A JSON API loads nothing and is framed by nobody: the admin panel keeps the policy of `strapi::security`. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Global middleware after `strapi::security` (helmet): the headers helmet does not set, and Strict-Transport-Security
 * only over HTTPS (helmet sends it on every response, where plain HTTP would ignore it). Set before `next()`, so
 * that errors (answered by `strapi::errors`, outside this one) carry them too.
 */
export default (_config: unknown, { strapi }: { strapi: { config: { get(path: string): unknown } } }) => {
  const configured = strapi.config.get('admin.path');
  const adminPath = typeof configured === 'string' ? configured : '/admin';
  return async (ctx: HeaderContext & { path: string }, next: () => Promise<void>): Promise<void> => {
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    if (!ctx.path.startsWith(adminPath)) ctx.set('Content-Security-Policy', API_CSP);
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    else ctx.remove('Strict-Transport-Security');
    await next();
  };
};
