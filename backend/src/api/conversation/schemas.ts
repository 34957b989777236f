import { z } from 'zod';
import { TOOL_IDS } from '../../tutor/contract';
import { SolveOptionsSchema } from '../../tutor/validateRequest';

/** Longest conversation title, in characters (the schema's maxLength). */
export const MAX_TITLE_LENGTH = 200;
/** Page size of GET /api/conversations when none is asked for, and the largest one allowed. */
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

const TitleSchema = z
  .string({ message: 'title must be a string' })
  .trim()
  .min(1, 'title must not be empty')
  .max(MAX_TITLE_LENGTH, `title must be at most ${MAX_TITLE_LENGTH} characters`);

/** POST /api/conversations. */
export const CreateConversationSchema = z.object({
  tool: z.enum(TOOL_IDS, { message: `tool must be one of: ${TOOL_IDS.join(', ')}` }),
  title: TitleSchema.optional(),
});

/** PUT /api/conversations/:id. */
export const RenameConversationSchema = z.object({ title: TitleSchema });

/** POST /api/conversations/:id/messages. */
export const SendMessageSchema = z.object({
  text: z.string({ message: 'text must be a string' }).trim().min(1, 'text must not be empty'),
  options: SolveOptionsSchema.optional(),
});

/** GET /api/conversations?page=&pageSize=. */
export const PaginationSchema = z.object({
  page: z.coerce.number({ message: 'page must be a number' }).int('page must be a whole number').min(1).default(1),
  pageSize: z.coerce
    .number({ message: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE),
});

/** The 400 of a retry of anything but a failed or cut-off answer. */
export const RETRY_REFUSED = 'Only an answer that failed or was cut off can be retried';
