import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { z } from 'zod';
import { TOOL_IDS, type TutorAnswer } from '../../../tutor/contract';
import { TutorConfigSchema } from '../../../tutor/config';
import { poolDependencies } from '../../../tutor/dependencies';
import { streamAnswer, type TutorEvent } from '../../../tutor/stream';
import { firstIssue } from '../../../tutor/validateRequest';
import { parseBody, rejectTooLong } from '../../../utils/request-body';
import { ChatConfigSchema } from '../chat-config';

const CONVERSATION = 'api::conversation.conversation';
const MESSAGE = 'api::message.message';

/** Longest conversation title, in characters (the schema's maxLength). */
const MAX_TITLE_LENGTH = 200;
/** Page size of GET /api/conversations when none is asked for, and the largest one allowed. */
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
/** While an answer streams, the assistant message is saved at most this often (and at its end). */
const SAVE_INTERVAL_MS = 250;

const TitleSchema = z
  .string({ message: 'title must be a string' })
  .trim()
  .min(1, 'title must not be empty')
  .max(MAX_TITLE_LENGTH, `title must be at most ${MAX_TITLE_LENGTH} characters`);

export const CreateConversationSchema = z.object({
  tool: z.enum(TOOL_IDS, { message: `tool must be one of: ${TOOL_IDS.join(', ')}` }),
  title: TitleSchema.optional(),
});

export const RenameConversationSchema = z.object({ title: TitleSchema });

export const SendMessageSchema = z.object({
  text: z.string({ message: 'text must be a string' }).trim().min(1, 'text must not be empty'),
  options: z.record(z.string(), z.string()).optional(),
});

const PaginationSchema = z.object({
  page: z.coerce.number({ message: 'page must be a number' }).int('page must be a whole number').min(1).default(1),
  pageSize: z.coerce
    .number({ message: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE),
});

/** The part of Koa's context these actions use. */
interface ChatContext {
  state: { user?: { id: number } };
  params: { id?: string };
  query: Record<string, unknown>;
  request: { body?: unknown };
  res: {
    writeHead(status: number, headers: Record<string, string>): unknown;
    write(chunk: string): boolean;
    end(): unknown;
    writableEnded: boolean;
    destroyed: boolean;
    on(event: 'close', listener: () => void): unknown;
  };
  status: number;
  body: unknown;
  respond?: boolean;
}

interface ConversationRow {
  id: number;
  documentId: string;
  toolSlug: (typeof TOOL_IDS)[number];
  title: string | null;
  createdAt: string;
  updatedAt: string;
}

interface MessageRow {
  id: number;
  documentId: string;
  role: 'user' | 'assistant';
  text: string | null;
  answer: unknown;
  status: 'complete' | 'partial' | 'error';
  createdAt: string;
  updatedAt: string;
}

const conversationView = (row: ConversationRow) => ({
  id: row.id,
  documentId: row.documentId,
  tool: row.toolSlug,
  title: row.title,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const messageView = (row: MessageRow) => ({
  id: row.id,
  documentId: row.documentId,
  role: row.role,
  text: row.text ?? '',
  answer: row.answer ?? null,
  status: row.status,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** @returns the start of the current UTC day */
const startOfUtcDay = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** A title from the first question: its first line, shortened. */
const titleFrom = (text: string): string => {
  const line = (text.split('\n')[0] ?? text).trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

const sse = (event: TutorEvent): string => `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const conversations = () => strapi.documents(CONVERSATION);
  const messages = () => strapi.documents(MESSAGE);

  const userOf = (ctx: ChatContext): number => {
    const id = ctx.state.user?.id;
    if (typeof id !== 'number') throw new errors.UnauthorizedError('Sign in to use the chat');
    return id;
  };

  /** The caller's conversation named in the route, or 404 (also for another user's: its existence is not told). */
  const ownConversation = async (ctx: ChatContext): Promise<ConversationRow> => {
    const owner = userOf(ctx);
    const documentId = ctx.params.id ?? '';
    const found = await conversations().findFirst({
      filters: { documentId, owner: { id: owner } },
    });
    if (!found) throw new errors.NotFoundError('Conversation not found');
    return found as unknown as ConversationRow;
  };

  /** User messages the caller sent since the start of the UTC day. */
  const questionsToday = async (owner: number): Promise<number> =>
    messages().count({
      filters: {
        role: 'user',
        createdAt: { $gte: startOfUtcDay(new Date()).toISOString() },
        conversation: { owner: { id: owner } },
      },
    });

  return {
    /** GET /api/conversations?page=&pageSize= → the caller's conversations, most recently active first. */
    async find(ctx: ChatContext): Promise<void> {
      const owner = userOf(ctx);
      const parsed = PaginationSchema.safeParse({ page: ctx.query['page'], pageSize: ctx.query['pageSize'] });
      if (!parsed.success) throw new errors.ValidationError(firstIssue(parsed.error));
      const { page, pageSize } = parsed.data;
      const filters = { owner: { id: owner } };
      const [rows, total] = await Promise.all([
        conversations().findMany({
          filters,
          sort: [{ updatedAt: 'desc' }, { id: 'desc' }],
          start: (page - 1) * pageSize,
          limit: pageSize,
        }),
        conversations().count({ filters }),
      ]);
      ctx.body = {
        data: (rows as unknown as ConversationRow[]).map(conversationView),
        meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
      };
    },

    /** POST /api/conversations { tool, title? } → 201 the new conversation. */
    async create(ctx: ChatContext): Promise<void> {
      const owner = userOf(ctx);
      const body = parseBody(CreateConversationSchema, ctx.request.body);
      const created = await conversations().create({
        data: { owner, toolSlug: body.tool, ...(body.title === undefined ? {} : { title: body.title }) },
      });
      ctx.status = 201;
      ctx.body = { data: conversationView(created as unknown as ConversationRow) };
    },

    /** GET /api/conversations/:id → the conversation (the caller's only). */
    async findOne(ctx: ChatContext): Promise<void> {
      ctx.body = { data: conversationView(await ownConversation(ctx)) };
    },

    /** PUT /api/conversations/:id { title } → the renamed conversation. */
    async update(ctx: ChatContext): Promise<void> {
      const body = parseBody(RenameConversationSchema, ctx.request.body);
      const conversation = await ownConversation(ctx);
      const updated = await conversations().update({
        documentId: conversation.documentId,
        data: { title: body.title },
      });
      ctx.body = { data: conversationView(updated as unknown as ConversationRow) };
    },

    /** DELETE /api/conversations/:id → the deleted conversation; its messages go with it. */
    async delete(ctx: ChatContext): Promise<void> {
      const conversation = await ownConversation(ctx);
      const own = await messages().findMany({
        filters: { conversation: { id: conversation.id } },
        fields: ['documentId'],
      });
      if (own.length > 0) {
        await strapi.db.query(MESSAGE).deleteMany({ where: { id: { $in: own.map((message) => message.id) } } });
      }
      await conversations().delete({ documentId: conversation.documentId });
      ctx.body = { data: conversationView(conversation) };
    },

    /** GET /api/conversations/:id/messages → its messages, oldest first. */
    async findMessages(ctx: ChatContext): Promise<void> {
      const conversation = await ownConversation(ctx);
      const rows = await messages().findMany({
        filters: { conversation: { id: conversation.id } },
        sort: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      ctx.body = { data: (rows as unknown as MessageRow[]).map(messageView) };
    },

    /**
     * POST /api/conversations/:id/messages { text, options? } → saves the student's message, then answers with a
     * Server-Sent Events stream of the tutor's events, saving the assistant's message as it arrives.
     */
    async sendMessage(ctx: ChatContext): Promise<void> {
      const tutor = TutorConfigSchema.parse(strapi.config.get('tutor'));
      const chat = ChatConfigSchema.parse(strapi.config.get('chat'));
      const body = parseBody(SendMessageSchema, ctx.request.body);
      rejectTooLong(body.text, tutor.maxQuestionLength, 'text');
      const conversation = await ownConversation(ctx);
      const owner = userOf(ctx);
      if (chat.freeDailyQuestions > 0 && (await questionsToday(owner)) >= chat.freeDailyQuestions) {
        throw new errors.RateLimitError(
          `You have used your ${chat.freeDailyQuestions} free questions for today. ` +
            'Come back tomorrow, or see the plans on the pricing page.',
          { pricing: '/pricing', limit: chat.freeDailyQuestions },
        );
      }

      // The student's message first: nothing is lost if the model or the connection fails afterwards.
      await messages().create({
        data: { conversation: conversation.id, role: 'user', text: body.text, status: 'complete' },
      });
      await conversations().update({
        documentId: conversation.documentId,
        data: conversation.title ? { title: conversation.title } : { title: titleFrom(body.text) },
      });

      const abort = new AbortController();
      let closed = false;
      ctx.res.on('close', () => {
        if (!ctx.res.writableEnded) {
          closed = true;
          abort.abort();
        }
      });

      // Headers Strapi's middlewares set (CORS, security) are on the response already; add the stream's own.
      ctx.respond = false;
      ctx.res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: TutorEvent): void => {
        if (!closed && !ctx.res.destroyed) ctx.res.write(sse(event));
      };

      const reply = await messages().create({
        data: { conversation: conversation.id, role: 'assistant', text: '', status: 'partial' },
      });
      let text = '';
      let answer: TutorAnswer | null = null;
      let failure: string | null = null;
      let savedAt = Date.now();
      const save = async (status: 'complete' | 'partial' | 'error'): Promise<void> => {
        savedAt = Date.now();
        const answerText = answer?.answer?.text ?? answer?.reason ?? '';
        await messages().update({
          documentId: reply.documentId,
          data: {
            text: text || (status === 'error' ? (failure ?? '') : answerText),
            answer: (answer ?? null) as never,
            status,
          },
        });
      };

      try {
        for await (const event of streamAnswer(
          conversation.toolSlug,
          body.text,
          body.options,
          poolDependencies(tutor, abort.signal),
        )) {
          if (closed) break;
          if (event.event === 'delta') text += event.data.text;
          if (event.event === 'answer') answer = event.data;
          if (event.event === 'error') failure = event.data.message;
          if (event.event === 'done') {
            await save(failure || !answer ? 'error' : 'complete');
          }
          send(event);
          if (event.event === 'delta' && Date.now() - savedAt >= SAVE_INTERVAL_MS) await save('partial');
        }
        if (closed) await save('partial');
      } catch (error) {
        strapi.log.error(`[chat] answer failed: ${error instanceof Error ? error.stack : String(error)}`);
        failure = 'The answer could not be completed. Please try again.';
        await save(closed ? 'partial' : 'error').catch(() => undefined);
        send({ event: 'error', data: { kind: 'unknown', message: failure } });
        send({ event: 'done', data: {} });
      } finally {
        if (!ctx.res.writableEnded) ctx.res.end();
      }
    },
  };
};
