// A small client for the backend's REST API, and the shapes of the answers the site relies on (SPEC §7).
import { z } from 'zod';

export const UserSchema = z.object({
  id: z.number(),
  documentId: z.string(),
  username: z.string(),
  email: z.string(),
  confirmed: z.boolean(),
  blocked: z.boolean(),
});

/** Login, register, reset-password and the provider callback answer this (jwtManagement: 'legacy-support'). */
export const AuthResponseSchema = z.object({ jwt: z.string().min(1), user: UserSchema });

/** Strapi's error envelope. */
export const ErrorResponseSchema = z.object({
  data: z.null(),
  error: z.object({ status: z.number(), name: z.string(), message: z.string() }),
});

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * Calls the backend.
 *
 * @param baseUrl - the backend's URL
 * @param method - HTTP method
 * @param path - path under the origin, e.g. /api/auth/local
 * @param options - JSON body, bearer token, extra headers
 * @returns status, headers and the parsed JSON body (null when there is none)
 */
export const call = async (
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse> => {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    redirect: 'manual',
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('json') && text !== '';
  return { status: res.status, headers: res.headers, body: isJson ? (JSON.parse(text) as unknown) : null };
};

let counter = 0;

/**
 * @param prefix - distinguishes users created by different tests
 * @returns registration fields unique within this run
 */
export const newAccount = (prefix = 'student') => {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username: id, email: `${id}@example.com`, password: 'Secret-pass1' };
};

/** One Server-Sent Event of a chat answer. */
/** Registers a new account on the backend at `url` and returns its session (jwt and user). */
export const registerAccount = async (url: string) =>
  AuthResponseSchema.parse((await call(url, 'POST', '/api/auth/local/register', { body: newAccount() })).body);

export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * @param text - a Server-Sent Events body (or the part read so far: an unfinished last event is left out)
 * @returns its events in order, each `data` parsed as JSON
 */
export const parseEvents = (text: string): StreamEvent[] =>
  text
    .split('\n\n')
    .slice(0, -1)
    .filter((block) => block.trim() !== '')
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown,
    }));
