import * as z from 'zod/mini';
import { ToolIdSchema, TutorAnswerSchema } from './answer';
import { requiredText, SolveOptionsSchema } from './requests';

/** The chat API: the signed-in student's conversations and their messages (backend/README.md, "Chat API"). */

/** Longest conversation title, in characters (the content type's maxLength). */
export const MAX_TITLE_LENGTH = 200;
/** Page size of GET /api/conversations when none is asked for, and the largest one allowed. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const TitleSchema = requiredText('title').check(
  z.maxLength(MAX_TITLE_LENGTH, `title must be at most ${MAX_TITLE_LENGTH} characters`),
);

/** POST /api/conversations. */
export const CreateConversationSchema = z.object({ tool: ToolIdSchema, title: z.optional(TitleSchema) });

/** PUT /api/conversations/:id. */
export const RenameConversationSchema = z.object({ title: TitleSchema });

/** POST /api/conversations/:id/messages. */
export const SendMessageSchema = z.object({ text: requiredText('text'), options: z.optional(SolveOptionsSchema) });
export type SendMessage = z.output<typeof SendMessageSchema>;

const pageNumber = (field: string, fallback: number, max?: number) =>
  z._default(
    z.coerce
      .number({ error: `${field} must be a number` })
      .check(
        z.refine(Number.isInteger, `${field} must be a whole number`),
        z.minimum(1),
        ...(max === undefined ? [] : [z.maximum(max)]),
      ),
    fallback,
  );

/**
 * GET /api/conversations?page=&pageSize=&q=. `q` searches the caller's own titles (case-insensitive, every word);
 * empty or absent lists them all.
 */
export const PaginationQuerySchema = z.object({
  page: pageNumber('page', 1),
  pageSize: pageNumber('pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  q: z.optional(
    z
      .string({ error: 'q must be text' })
      .check(z.trim(), z.maxLength(MAX_TITLE_LENGTH, `q must be at most ${MAX_TITLE_LENGTH} characters`)),
  ),
});

/** A conversation as the API answers it. */
export const ConversationSchema = z.object({
  id: z.number(),
  documentId: z.string(),
  tool: ToolIdSchema,
  title: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.output<typeof ConversationSchema>;

/** `partial`: the answer was cut off (stopped, or the stream broke); `error`: it failed. Both can be retried. */
export const MessageStatusSchema = z.enum(['complete', 'partial', 'error']);
export type MessageStatus = z.output<typeof MessageStatusSchema>;

/** A message as the API answers it. */
export const MessageSchema = z.object({
  id: z.number(),
  documentId: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  answer: z.nullable(TutorAnswerSchema),
  status: MessageStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.output<typeof MessageSchema>;

export const PaginationSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  pageCount: z.number(),
  total: z.number(),
});
export type Pagination = z.output<typeof PaginationSchema>;

/** GET /api/conversations. */
export const ConversationListSchema = z.object({
  data: z.array(ConversationSchema),
  meta: z.object({ pagination: PaginationSchema }),
});
export type ConversationList = z.output<typeof ConversationListSchema>;

/** GET/POST/PUT/DELETE of one conversation. */
export const ConversationResultSchema = z.object({ data: ConversationSchema });

/** GET /api/conversations/:id/messages. */
export const MessageListSchema = z.object({ data: z.array(MessageSchema) });

/** GET /api/chat-limits: the limits the backend enforces (0 means none), stated by the pricing page. */
export const ChatLimitsSchema = z.object({
  freeDailyQuestions: z.number(),
  modelDailyAnswers: z.number(),
  publicModelDailyAnswers: z.number(),
});
export type ChatLimits = z.output<typeof ChatLimitsSchema>;

/** @returns the title a conversation gets from its first question: its first line, shortened */
export function titleFrom(text: string): string {
  const line = (text.split('\n')[0] ?? text).trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
