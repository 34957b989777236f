import { errors } from '@strapi/utils';
import type { z } from 'zod';
import { firstIssue } from '../tutor/validateRequest';

/**
 * Validates a JSON request body against a schema; Strapi's error middleware turns the thrown errors into its
 * usual `{ data: null, error }` answer (400).
 * @throws {errors.ValidationError} when the body is not an object or does not match
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new errors.ValidationError('The request body must be a JSON object');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new errors.ValidationError(firstIssue(parsed.error));
  return parsed.data;
}

/**
 * Refuses a text field over the cap with 413 and a message that says by how much.
 * @throws {errors.PayloadTooLargeError}
 */
export function rejectTooLong(text: string, max: number, field: string): void {
  if (text.length > max) {
    throw new errors.PayloadTooLargeError(`${field} is too long: ${text.length} characters, at most ${max}`);
  }
}
