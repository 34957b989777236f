import * as z from 'zod/mini';

/** Strapi users-permissions' answers, as the site reads them (sanitised: no password, no tokens). */

export const UserSchema = z.object({
  id: z.number(),
  documentId: z.optional(z.string()),
  username: z.string(),
  email: z.string(),
  provider: z.optional(z.string()),
  confirmed: z.optional(z.nullable(z.boolean())),
  blocked: z.optional(z.nullable(z.boolean())),
});
export type User = z.output<typeof UserSchema>;

/** Login, register, reset-password, change-password, email confirmation and the provider callback answer this. */
export const AuthResponseSchema = z.object({
  /** Absent when registration waits for email confirmation. */
  jwt: z.optional(z.string()),
  user: UserSchema,
});
export type AuthResponse = z.output<typeof AuthResponseSchema>;

/** The calls whose answer the site does not read (forgot-password, send-email-confirmation, logout everywhere). */
export const DoneSchema = z.unknown();
