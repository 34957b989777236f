import { z } from 'zod';
import { TOOL_IDS, TRANSLATOR_LANGUAGES } from './contract';

/**
 * Request bodies of the tutor API. Length is checked separately (413, not 400) so the error says what to fix.
 */
/** A language code such as `fr` or `pt-BR`, for API callers that send codes instead of names. */
const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;

const LanguageSchema = z
  .string({ message: 'must be a string' })
  .max(24, 'must be a language name or code')
  .refine(
    (value) => (TRANSLATOR_LANGUAGES as readonly string[]).includes(value) || LANGUAGE_CODE.test(value),
    `must be one of: ${TRANSLATOR_LANGUAGES.join(', ')} (or a language code such as "fr")`,
  );

/**
 * A tool's options: the translator's languages and nothing else. Closed and bounded because they reach the model's
 * prompt and the answer cache's key (issue #11: 200 KB in `options.to` went through both).
 */
export const SolveOptionsSchema = z.strictObject(
  { from: LanguageSchema.optional(), to: LanguageSchema.optional() },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'options may only have `from` and `to`' : 'options must be an object',
  },
);

export const SolveRequestSchema = z.object({
  tool: z.enum(TOOL_IDS, { message: `tool must be one of: ${TOOL_IDS.join(', ')}` }),
  question: z.string({ message: 'question must be a string' }).trim().min(1, 'question must not be empty'),
  options: SolveOptionsSchema.optional(),
});

export const CheckRequestSchema = z.object({
  tool: z.enum(TOOL_IDS, { message: `tool must be one of: ${TOOL_IDS.join(', ')}` }),
  question: z.string({ message: 'question must be a string' }).trim().min(1, 'question must not be empty'),
  answer: z.string({ message: 'answer must be a string' }).trim().min(1, 'answer must not be empty'),
});

export const PracticeRequestSchema = SolveRequestSchema.pick({ tool: true, question: true });

export type SolveRequest = z.output<typeof SolveRequestSchema>;
export type CheckRequest = z.output<typeof CheckRequestSchema>;

/** @returns the first problem of a failed parse, as a sentence */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request body';
  return issue.path.length > 0 && !issue.message.startsWith(String(issue.path[0]))
    ? `${issue.path.join('.')}: ${issue.message}`
    : issue.message;
}
