import * as z from 'zod/mini';

/**
 * Strapi's error body, `{ data: null, error: { status, name, message, details } }`: every failed API call answers
 * it (our own actions throw Strapi's error classes, whose middleware writes it).
 */
export const ErrorBodySchema = z.object({
  error: z.object({
    status: z.optional(z.number()),
    name: z.optional(z.string()),
    message: z.string(),
    details: z.optional(z.unknown()),
  }),
});
export type ErrorBody = z.output<typeof ErrorBodySchema>;
