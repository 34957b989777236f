import * as z from 'zod/mini';
import { ToolIdSchema } from './answer';
import { TRANSLATOR_LANGUAGES } from './tools';

/**
 * Request bodies of the tutor API. The backend parses every body with these; length is checked separately (413,
 * not 400) so the error says what to fix.
 */

/** A language code such as `fr` or `pt-BR`, for API callers that send codes instead of names. */
const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;

const LanguageSchema = z.string({ error: 'must be a string' }).check(
  z.maxLength(24, 'must be a language name or code'),
  z.refine(
    (value) => (TRANSLATOR_LANGUAGES as readonly string[]).includes(value) || LANGUAGE_CODE.test(value),
    `must be one of: ${TRANSLATOR_LANGUAGES.join(', ')} (or a language code such as "fr")`,
  ),
);

/**
 * A tool's options: the translator's languages (`from` absent: detect it) and nothing else. Closed and bounded
 * because they reach the model's prompt and the answer cache's key (issue #11: 200 KB in `options.to` went through
 * both).
 */
export const SolveOptionsSchema = z.strictObject(
  { from: z.optional(LanguageSchema), to: z.optional(LanguageSchema) },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'options may only have `from` and `to`' : 'options must be an object',
  },
);
export type SolveOptions = z.output<typeof SolveOptionsSchema>;

/** A required text field: trimmed, then not empty. */
export const requiredText = (field: string) =>
  z.string({ error: `${field} must be a string` }).check(z.trim(), z.minLength(1, `${field} must not be empty`));

/** POST /api/tutor/solve and the public try box. */
export const SolveRequestSchema = z.object({
  tool: ToolIdSchema,
  question: requiredText('question'),
  options: z.optional(SolveOptionsSchema),
});
export type SolveRequest = z.output<typeof SolveRequestSchema>;

/** POST /api/tutor/check: is the student's answer to the question right? */
export const CheckRequestSchema = z.object({
  tool: ToolIdSchema,
  question: requiredText('question'),
  answer: requiredText('answer'),
});
export type CheckRequest = z.output<typeof CheckRequestSchema>;

/** POST /api/tutor/practice: three questions like this one. */
export const PracticeRequestSchema = z.object({ tool: ToolIdSchema, question: requiredText('question') });
export type PracticeRequest = z.output<typeof PracticeRequestSchema>;

/** @returns the first problem of a failed parse, as a sentence for the API's 400 */
export function firstIssue(error: { readonly issues: readonly z.core.$ZodIssue[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request body';
  return issue.path.length > 0 && !issue.message.startsWith(String(issue.path[0]))
    ? `${issue.path.join('.')}: ${issue.message}`
    : issue.message;
}
