import { errors } from '@strapi/utils';
import type { IncomingMessage } from 'node:http';

/** Largest DELETE /api/account body read: `{ "confirm": "<username>" }` is far smaller. */
const MAX_BYTES = 4096;

interface BodyContext {
  req: IncomingMessage;
  request: { body?: unknown };
}

/**
 * Reads DELETE /api/account's JSON body into `ctx.request.body`: `strapi::body` (koa-body) parses only POST, PUT and
 * PATCH bodies, and widening that for every route would be a change to all of them for this one.
 *
 * @throws {errors.PayloadTooLargeError} past MAX_BYTES
 * @throws {errors.ValidationError} when it is not JSON
 */
export default () => async (ctx: BodyContext, next: () => Promise<void>) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BYTES)
      throw new errors.PayloadTooLargeError(`The request body is too long: at most ${MAX_BYTES} bytes`);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    ctx.request.body = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    throw new errors.ValidationError('The request body must be a JSON object');
  }
  await next();
};
