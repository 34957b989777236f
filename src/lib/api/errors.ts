import { ErrorBodySchema } from '@studyease/contract';

/** Name of the window event every failed backend call dispatches (spec §8: a global error event). */
export const API_ERROR_EVENT = 'studyease:api-error';

/** The error shape the spec names: `error` (a name), `message`, `statusCode`, plus Strapi's details. */
export interface ApiErrorData {
  error: string;
  message: string;
  statusCode: number;
  details?: unknown;
}

/**
 * A failed backend call. Carries the backend's own error data (Strapi answers
 * `{ data: null, error: { status, name, message, details } }`), or `UnknownError` with status 500 when the
 * response had none (network failure, HTML error page, invalid JSON).
 */
export class ApiError extends Error implements ApiErrorData {
  readonly error: string;
  readonly statusCode: number;
  readonly details?: unknown;

  constructor(data: ApiErrorData) {
    super(data.message);
    this.name = 'ApiError';
    this.error = data.error;
    this.statusCode = data.statusCode;
    if (data.details !== undefined) this.details = data.details;
  }

  toJSON(): ApiErrorData {
    return { error: this.error, message: this.message, statusCode: this.statusCode, details: this.details };
  }
}

/**
 * Builds the error to throw from a response body.
 * @param status the HTTP status, 0 when there was no response
 * @param body the parsed JSON body, or undefined
 * @param fallbackMessage used when the body says nothing (e.g. the network error's message)
 */
export function toApiError(status: number, body: unknown, fallbackMessage: string): ApiError {
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) {
    const { error } = parsed.data;
    return new ApiError({
      error: error.name ?? 'ApplicationError',
      message: error.message,
      statusCode: error.status ?? (status || 500),
      details: error.details,
    });
  }
  return new ApiError({ error: 'UnknownError', message: fallbackMessage, statusCode: 500 });
}

/**
 * What to tell the student when a call failed: the backend's own message (already in plain words), or `fallback`
 * for anything else (a bug, a dropped connection the client did not turn into an ApiError).
 */
export function errorMessage(caught: unknown, fallback: string): string {
  return caught instanceof ApiError ? caught.message : fallback;
}
