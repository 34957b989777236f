import path from 'node:path';
import type { Core } from '@strapi/strapi';

/** Routes that read their multipart body themselves, as a stream into memory (src/api/read-image). */
const UNPARSED_ROUTES = new Set(['/api/tutor/read-image']);

interface BodyContext {
  method: string;
  path: string;
}
type Middleware = (ctx: BodyContext, next: () => Promise<void>) => Promise<void>;
type MiddlewareFactory = (config: unknown, context: { strapi: Core.Strapi }) => Middleware;
interface MiddlewareRegistry {
  extend(name: string, wrap: (middleware: MiddlewareFactory) => MiddlewareFactory): void;
}

/**
 * Keeps `strapi::body` away from the photo upload: its koa-body/formidable parser writes every uploaded file to a
 * temporary file on disk, up to 200 MB, before any route runs, whereas a photo must stay in memory only, stop at
 * 5 MB, and be read after the route's rate limit (the route's `image-upload` middleware reads the stream). Call in
 * `register`, after installRequestGuard, so that this wrapper is the outer one.
 *
 * @param strapi - the Strapi instance, before the server builds its middleware chain
 */
export const leaveUploadsUnparsed = (strapi: Core.Strapi): void => {
  strapi.get<MiddlewareRegistry>('middlewares').extend('strapi::body', (body) => (config, context) => {
    const parse = body(config, context);
    return async (ctx, next) => {
      // The router matches paths case-insensitively and tolerates `//` and `/./`: so does this check.
      const route = path.posix.normalize(ctx.path).toLowerCase().replace(/\/$/, '');
      if (ctx.method === 'POST' && UNPARSED_ROUTES.has(route)) await next();
      else await parse(ctx, next);
    };
  });
};
