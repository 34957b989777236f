import type * as z from 'zod/mini';
import { BACKEND_API_PREFIX, BACKEND_URL } from '@/config';
import { stringifyQuery } from '@/lib/queryString';
import { readSessionToken } from '@/lib/sessionCookie';
import { takeEarlyResponse } from './earlyResponses';
import { API_ERROR_EVENT, ApiError, toApiError } from './errors';
import { readServerSentEvents, type ServerSentEvent } from './sse';
import { trimTrailing } from '@/lib/trimTrailing';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Serialised as a bracketed nested query string. */
  query?: Record<string, unknown>;
  /** Sent as JSON; a FormData is sent as it is (multipart/form-data, its boundary set by fetch). */
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the bearer header even when a token is stored (auth calls that must not carry an old token). */
  anonymous?: boolean;
  /**
   * The call answers with a redirect on success (Strapi's email confirmation). The redirect is not followed (it
   * leads to a page of this site, which a cross-origin fetch could not read) and counts as success.
   */
  redirectIsSuccess?: boolean;
  /** Send the backend's own cookies (the provider callback needs the session `/connect/{provider}` started). */
  withCredentials?: boolean;
}

export interface ApiClientOptions {
  baseUrl: string;
  prefix: string;
  getToken: () => string | null;
  fetch: typeof fetch;
  /** Called with every error before it is thrown (the global error event). */
  onError: (error: ApiError) => void;
}

/**
 * A call's full URL: the backend's base and prefix, the path, and the query serialised with qs.
 * @param baseUrl the backend's origin (a trailing slash is dropped)
 */
export function apiUrl(baseUrl: string, prefix: string, path: string, query?: Record<string, unknown>): string {
  const serialised = query ? stringifyQuery(query) : '';
  return `${trimTrailing(baseUrl, /\//)}${prefix}${path}${serialised ? `?${serialised}` : ''}`;
}

/**
 * The one client for the Strapi backend: builds the URL from the configured base and prefix, serialises the
 * query with qs, adds `Authorization: Bearer` when a token is stored, and never retries.
 */
export function createApiClient(options: ApiClientOptions) {
  /** Sends the request; a missing response (backend down, network gone) becomes an UnknownError. */
  async function send(path: string, init: RequestOptions, accept: string): Promise<Response> {
    const url = apiUrl(options.baseUrl, options.prefix, path, init.query);
    const headers: Record<string, string> = { Accept: accept };
    const form = init.body instanceof FormData ? init.body : undefined;
    if (init.body !== undefined && !form) headers['Content-Type'] = 'application/json';
    const token = init.anonymous ? null : options.getToken();
    if (token) headers['Authorization'] = `Bearer ${token}`;
    try {
      return await options.fetch(url, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? null : (form ?? JSON.stringify(init.body)),
        signal: init.signal ?? null,
        redirect: init.redirectIsSuccess ? 'manual' : 'follow',
        credentials: init.withCredentials ? 'include' : 'same-origin',
      });
    } catch (cause) {
      // No response at all: the backend is down or unreachable. Aborts are the caller's choice, not an error.
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      const message = 'The StudyEase service could not be reached. Check your connection and try again.';
      throw fail(toApiError(0, undefined, message));
    }
  }

  /** Reads a body that may be JSON; undefined when it is empty or not JSON. */
  async function readJson(response: Response): Promise<{ text: string; body: unknown }> {
    const text = await response.text();
    if (!text) return { text, body: undefined };
    try {
      return { text, body: JSON.parse(text) as unknown };
    } catch {
      return { text, body: undefined };
    }
  }

  /**
   * @param schema - the contract's schema of a successful answer; what does not match it is never handed on
   * @returns the answer, checked against the schema (a redirect that counts as success, or an empty body, is
   *   checked as undefined)
   * @throws {ApiError} the backend's error data, UnknownError (500) when there is none, or InvalidResponse (502)
   *   when the answer is not JSON or not in the contract's shape
   */
  async function request<S extends z.ZodMiniType>(path: string, init: RequestOptions, schema: S): Promise<z.output<S>> {
    const response = await send(path, init, 'application/json');
    const redirected =
      init.redirectIsSuccess &&
      (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400));
    const { text, body } = redirected ? { text: '', body: undefined } : await readJson(response);
    if (!redirected && !response.ok) {
      throw fail(toApiError(response.status, body, `Request failed with status ${response.status}`));
    }
    if (text && body === undefined) throw fail(invalidResponse(path));
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw fail(invalidResponse(path, parsed.error.issues[0]?.path));
    return parsed.data;
  }

  /**
   * A call that answers with Server-Sent Events (the chat's streamed answers).
   * @returns the events as they arrive
   * @throws {ApiError} before the first event, when the backend refuses the call (quota, bad input, not found)
   */
  async function stream(path: string, init: RequestOptions = {}): Promise<AsyncGenerator<ServerSentEvent>> {
    const response = await send(path, init, 'text/event-stream');
    if (!response.ok || !response.body) {
      const { body } = await readJson(response);
      throw fail(toApiError(response.status, body, `Request failed with status ${response.status}`));
    }
    return readServerSentEvents(response.body);
  }

  function fail(error: ApiError): ApiError {
    options.onError(error);
    return error;
  }

  return { request, stream };
}

/** What the student reads when an answer or a stream event does not have the contract's shape. */
export const UNREADABLE_ANSWER =
  'The StudyEase service sent an answer this page cannot read. Reload the page and try again.';

/**
 * The error for an answer that is not JSON or not in the contract's shape (a proxy's error page, a backend of
 * another version). The student reads the message; the path of the first mismatch goes to the details.
 */
function invalidResponse(path: string, where?: readonly PropertyKey[]): ApiError {
  return new ApiError({
    error: 'InvalidResponse',
    message: UNREADABLE_ANSWER,
    statusCode: 502,
    details: { path, where: where?.map(String).join('.') ?? '' },
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The site's client, bound to the configured backend and the session cookie. */
export const api: ApiClient = createApiClient({
  baseUrl: BACKEND_URL,
  prefix: BACKEND_API_PREFIX,
  getToken: readSessionToken,
  // The app page's first calls were sent by its inline script before this code loaded: their answers are taken here.
  fetch: (url, init = {}) => (typeof url === 'string' && takeEarlyResponse(url, init)) || fetch(url, init),
  onError: (error) => {
    if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(API_ERROR_EVENT, { detail: error }));
  },
});

export { ApiError };
