import { z } from 'zod';
import { TOOL_IDS } from './contract';

/**
 * Request bodies of the tutor API. Length is checked separately (413, not 400) so the error says what to fix.
 */
export const SolveRequestSchema = z.object({
  tool: z.enum(TOOL_IDS, { message: `tool must be one of: ${TOOL_IDS.join(', ')}` }),
  question: z.string({ message: 'question must be a string' }).trim().min(1, 'question must not be empty'),
  options: z.record(z.string(), z.string()).optional(),
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
