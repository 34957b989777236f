import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

/**
 * Hostile input must get a 4xx with Strapi's JSON error envelope, never a 500 or a bare text answer (issue #7,
 * `npm run fuzz`). Strapi leaves these gaps, closed here:
 *
 * - `strapi::body` (koa-body) lets some parse errors through as 500: a broken multipart body (formidable), a
 *   `Content-Encoding` the body does not have (zlib). They become 400.
 * - A POST/PUT/PATCH body koa-body does not parse (no or an unknown content type) leaves `ctx.request.body`
 *   undefined, and users-permissions' auth controllers destructure it: 500. Such a body answers 415; such a
 *   request without a body gets `{}` as its body, so the controllers' own validation answers 400.
 * - JSON nested thousands deep overflows the stack of users-permissions' recursive validation and sanitising:
 *   bodies deeper than MAX_BODY_DEPTH answer 400.
 * - A JSON string with a lone surrogate (`"\ud800x"`, valid JSON but not Unicode) sends bcryptjs's UTF-8 encoder
 *   into a loop that blocks the server (every request waits) until its byte array overflows, then 500; login,
 *   register and change-password all hash or compare the password. Any such string in a body answers 400.
 * - koa-router answers an unknown method with 501 and a known one on the wrong route with 405, in plain text:
 *   both become 405 with the envelope.
 */

/** Deeper request bodies are refused. Nothing the site or the admin panel sends comes close. */
export const MAX_BODY_DEPTH = 64;

/** The part of Koa's context the guard uses. */
interface GuardContext {
  method: string;
  status: number;
  body: unknown;
  request: { body?: unknown; length?: number; type: string };
  get(header: string): string;
  throw(status: number, message: string): never;
}

type Next = () => Promise<void>;
type Middleware = (ctx: GuardContext, next: Next) => Promise<void>;
type MiddlewareFactory = (config: unknown, context: { strapi: Core.Strapi }) => Middleware;

/** The part of Strapi's middleware registry (an `any` in its types) used here. */
interface MiddlewareRegistry {
  extend(name: string, wrap: (middleware: MiddlewareFactory) => MiddlewareFactory): void;
}

/** In Unicode mode a surrogate pair is one code point; only a lone surrogate is of the category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Walks a parsed body without recursion.
 * @param value - the body
 * @param maxDepth - the deepest nesting of arrays and objects allowed
 * @returns what is wrong with it (too deep, or a string with a lone UTF-16 surrogate), or null
 */
export function bodyProblem(value: unknown, maxDepth: number): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof current === 'string') {
      if (LONE_SURROGATE.test(current)) return 'The request body contains a string that is not valid Unicode';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > maxDepth) return `The request body is nested more than ${maxDepth} levels deep`;
    for (const [key, child] of Object.entries(current)) {
      stack.push({ value: key, depth: depth + 1 }, { value: child, depth: depth + 1 });
    }
  }
  return null;
}

/** The methods koa-body parses a body of (its default `parsedMethods`); others keep theirs unread, as before. */
const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const hasBody = (ctx: GuardContext): boolean => (ctx.request.length ?? 0) > 0 || ctx.get('transfer-encoding') !== '';

/** @returns Strapi's error envelope */
const envelope = (status: number, name: string, message: string) => ({
  data: null,
  error: { status, name, message, details: {} },
});

/**
 * Wraps Strapi's body middleware with the checks above.
 * @param body - `strapi::body`'s factory
 * @returns the factory of the guarded middleware
 */
export const guardBody =
  (body: MiddlewareFactory): MiddlewareFactory =>
  (config, context) => {
    const parse = body(config, context);
    return async (ctx, next) => {
      let parsed = false;
      try {
        await parse(ctx, async () => {
          parsed = true;
          if (ctx.request.body === undefined && PARSED_METHODS.has(ctx.method)) {
            if (hasBody(ctx)) {
              ctx.throw(415, `Unsupported content type ${JSON.stringify(ctx.request.type || 'none')}: send JSON`);
            }
            ctx.request.body = {};
          } else {
            const problem = bodyProblem(ctx.request.body, MAX_BODY_DEPTH);
            if (problem !== null) throw new errors.ValidationError(problem);
          }
          await next();
        });
      } catch (error) {
        // parse() sets it in its callback, which TypeScript's narrowing does not follow.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
        if (parsed) throw error;
        const status = (error as { status?: unknown }).status;
        // koa-body's own 4xx (invalid JSON 400, too large 413, bad charset 415) are already right.
        if (typeof status === 'number' && status >= 400 && status < 500) throw error;
        throw new errors.ValidationError('The request body could not be read');
      }
      // koa-router sets only the status; Koa would write its message as plain text.
      if ((ctx.status === 405 || ctx.status === 501) && (ctx.body === undefined || ctx.body === null)) {
        ctx.status = 405;
        ctx.body = envelope(405, 'MethodNotAllowedError', 'Method Not Allowed');
      }
    };
  };

/** Parser-level failures (Node answers them before Koa sees the request), by llhttp's error code. */
const CLIENT_ERROR_STATUS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  HPE_URI_TOO_LONG: [414, 'URI Too Long'],
  HPE_INVALID_METHOD: [405, 'Method Not Allowed'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/** A request line's start: a method (an HTTP token), a space, and a path, `*` or a URL's scheme. */
const REQUEST_START = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ (?:\/|\*|[A-Za-z][A-Za-z0-9+.-]*:)/;

/**
 * Whether the answer to a request the parser refused may carry a body. A refused method is never HEAD. Otherwise
 * it is judged from `rawPacket`, the chunk being parsed when the parser failed, which is not always where the
 * request begins: under load a request arrives in several chunks (the request line in one, the byte past 16 KB in
 * a later one), and one chunk can hold the end of the previous request's body before this request's start. Only a
 * chunk that begins with a request line, and holds no `HEAD ` anywhere, shows the method for sure; otherwise the
 * answer has no body, as Node's own answer.
 *
 * @param code - llhttp's error code (`error.code` of `clientError`)
 * @param rawPacket - the chunk the parser failed on (`error.rawPacket`)
 * @returns true when the request is known not to be a HEAD
 */
export function mayHaveBody(code: string | undefined, rawPacket: Buffer | undefined): boolean {
  if (code === 'HPE_INVALID_METHOD') return true;
  if (rawPacket === undefined) return false;
  const text = rawPacket.toString('latin1');
  return REQUEST_START.test(text) && !text.includes('HEAD ');
}

/**
 * Node answers a request its parser refuses (headers over 16 KB, an unknown method, a malformed request line)
 * with a bare `400`/`431` and no body. This answers the same statuses with the JSON envelope instead.
 * @param server - the backend's HTTP server
 */
export function answerParserErrorsWithJson(server: Server): void {
  // Node's parser reports the same error again for every later chunk of the connection: answer only once.
  const answered = new WeakSet<Socket>();
  server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] = CLIENT_ERROR_STATUS[error.code ?? ''] ?? [400, 'Bad Request'];
    // A body only when the request is known not to be a HEAD: a HEAD's client reads no body, and takes one as
    // bytes after `Connection: close` (a parse error, issue #11).
    const body = mayHaveBody(error.code, error.rawPacket)
      ? JSON.stringify(envelope(status, status === 400 ? 'BadRequestError' : 'HttpError', message))
      : '';
    // Read (and drop) what the client still sends, e.g. a large body after oversized headers: closing with unread
    // data resets the connection, and the client would never see this answer.
    socket.resume();
    socket.setTimeout(10_000, () => socket.destroy());
    socket.end(
      `HTTP/1.1 ${status} ${message}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * Installs both: wraps `strapi::body` (call in `register`, before the server builds its middleware chain) and
 * answers parser errors with JSON (the HTTP server exists by then).
 */
export function installRequestGuard(strapi: Core.Strapi): void {
  strapi.get<MiddlewareRegistry>('middlewares').extend('strapi::body', (body: MiddlewareFactory) => guardBody(body));
  answerParserErrorsWithJson(strapi.server.httpServer);
}
