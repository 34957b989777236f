import { errors } from '@strapi/utils';
import { firstIssue } from '@studyease/contract';

/** What parseBody needs of a schema (the contract's zod schemas, or the backend's own). */
interface BodySchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof firstIssue>[0] };
}

/**
 * Validates a JSON request body against a schema; Strapi's error middleware turns the thrown errors into its
 * usual `{ data: null, error }` answer (400).
 * @throws {errors.ValidationError} when the body is not an object or does not match
 */
export function parseBody<T>(schema: BodySchema<T>, body: unknown): T {
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
