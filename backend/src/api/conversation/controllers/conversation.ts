import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { z } from 'zod';
import { type SolveOptions, TOOL_IDS, type TutorAnswer } from '../../../tutor/contract';
import { TutorConfigSchema } from '../../../tutor/config';
import { poolDependencies } from '../../../tutor/dependencies';
import { streamAnswer, type TutorEvent } from '../../../tutor/stream';
import { firstIssue, SolveOptionsSchema } from '../../../tutor/validateRequest';
import { sharedCounters } from '../../../limits/counter-store';
import { LimitsConfigSchema } from '../../../limits/limits-config';
import { ModelBudgetError, spendModelAnswer } from '../../../limits/model-budget';
import { dailyQuestionBucket } from '../../../limits/daily-quota';
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
  options: SolveOptionsSchema.optional(),
});

/** The 400 of a retry of anything but a failed or cut-off answer. */
export const RETRY_REFUSED = 'Only an answer that failed or was cut off can be retried';

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
  params: { id?: string; messageId?: string };
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
  /** A user message's send options (the tool's, e.g. a translator's languages), for a retry; else null. */
  options?: unknown;
  createdAt: string;
  updatedAt: string;
}

/** The assistant message an answer is written into. */
interface Reply {
  id: number;
  documentId: string;
}

/** The question an answer is streamed for. */
interface Question {
  documentId: string;
  text: string;
  options: SolveOptions | undefined;
}

type StartEvent = Extract<TutorEvent, { event: 'start' }>;

/**
 * What the client receives: the tutor's events, with `start` also naming the saved messages, so the site can retry
 * the answer without reloading the conversation.
 */
export type ChatEvent =
  | Exclude<TutorEvent, StartEvent>
  | { event: 'start'; data: StartEvent['data'] & { questionId: string; messageId: string } };

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

/** A title from the first question: its first line, shortened. */
const titleFrom = (text: string): string => {
  const line = (text.split('\n')[0] ?? text).trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

const sse = (event: ChatEvent): string => `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;

/** The fields of a conversation the chat reads (its view's). */
const CONVERSATION_FIELDS = ['id', 'documentId', 'toolSlug', 'title', 'createdAt', 'updatedAt'];

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const conversations = () => strapi.documents(CONVERSATION);
  const messages = () => strapi.documents(MESSAGE);
  // The chat's hot path (ownership, sending, retrying, streaming) goes through the query engine instead of the
  // document service, which cost several times the work per message (parameter validation and transformation, a
  // re-read with populate after every write, and an `entry.create`/`entry.update` event that reads the entry again
  // with a deep populate). The rows are the same: documentId is the model's default (cuid2, as the document service
  // makes it), publishedAt is set as the document service sets it on a type without draft & publish, and neither
  // type is localized. What these writes do not do is emit those events: a webhook set on Message or Conversation in
  // the admin panel would not see chat traffic (none is, and chat messages are no content to publish).
  const conversationRows = () => strapi.db.query(CONVERSATION);
  const messageRows = () => strapi.db.query(MESSAGE);

  const userOf = (ctx: ChatContext): number => {
    const id = ctx.state.user?.id;
    if (typeof id !== 'number') throw new errors.UnauthorizedError('Sign in to use the chat');
    return id;
  };

  /** The caller's conversation named in the route, or 404 (also for another user's: its existence is not told). */
  const ownConversation = async (ctx: ChatContext): Promise<ConversationRow> => {
    const owner = userOf(ctx);
    const documentId = ctx.params.id ?? '';
    const found: unknown = await conversationRows().findOne({
      select: CONVERSATION_FIELDS,
      where: { documentId, owner: { id: owner } },
    });
    if (!found) throw new errors.NotFoundError('Conversation not found');
    return found as ConversationRow;
  };

  /** The assistant messages being written by this process right now: a retry must not write into one. */
  const streaming = new Set<string>();

  /**
   * Streams the answer to `question` into the assistant message `reply` as Server-Sent Events, saving it as it
   * arrives: `partial` while streaming (at most every SAVE_INTERVAL_MS), `complete` with the answer at the end.
   * A failure keeps the text that had arrived (`partial`), or saves the error's message (`error`) when none had;
   * a client that disconnects leaves it `partial` and stops the model request.
   *
   * @param reset - empty the message first (a retry overwrites the failed answer)
   */
  const streamReply = async (
    ctx: ChatContext,
    conversation: ConversationRow,
    question: Question,
    reply: Reply,
    { reset }: { reset: boolean },
  ): Promise<void> => {
    const replyId = reply.documentId;
    const owner = userOf(ctx);
    streaming.add(replyId);
    try {
      const tutor = TutorConfigSchema.parse(strapi.config.get('tutor'));
      /** Writes the assistant message: one UPDATE (updateMany sets no timestamps itself; the document service's
       * update also sets publishedAt on a type without draft & publish). */
      const write = async (data: { text: string; answer: TutorAnswer | null; status: MessageRow['status'] }) => {
        const now = new Date();
        await messageRows().updateMany({
          where: { id: reply.id },
          data: { ...data, updatedAt: now, publishedAt: now },
        });
      };
      if (reset) await write({ text: '', answer: null, status: 'partial' });
      // A new answer makes the conversation the most recently active; the first question names it. Nothing sent
      // depends on it, so the stream does not wait for it; it is written before the stream ends.
      const now = new Date();
      const touched = conversationRows()
        .updateMany({
          where: { id: conversation.id },
          data: {
            title: conversation.title ? conversation.title : titleFrom(question.text),
            updatedAt: now,
            publishedAt: now,
          },
        })
        .then(
          () => undefined,
          (error: unknown) => {
            strapi.log.error(
              `[chat] saving the conversation failed: ${error instanceof Error ? error.stack : String(error)}`,
            );
          },
        );

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
      const send = (event: ChatEvent): void => {
        if (!closed && !ctx.res.destroyed) ctx.res.write(sse(event));
      };

      let text = '';
      let answer: TutorAnswer | null = null;
      let failure: string | null = null;
      let savedAt = Date.now();
      const save = async (status: 'complete' | 'partial' | 'error'): Promise<void> => {
        savedAt = Date.now();
        const answerText = answer?.answer?.text ?? answer?.reason ?? '';
        await write({ text: text || (status === 'error' ? (failure ?? '') : answerText), answer, status });
      };
      /** How an answer that ended (or broke off) is kept: whatever text arrived is never thrown away. */
      const endStatus = (): 'complete' | 'partial' | 'error' =>
        answer && !failure ? 'complete' : text ? 'partial' : 'error';

      try {
        for await (const event of streamAnswer(
          conversation.toolSlug,
          question.text,
          question.options,
          {
            ...poolDependencies(tutor, abort.signal),
            // Every model answer counts, a retry's too: retrying a cut answer forever no longer costs nothing.
            reserveModelAnswer: async () => {
              try {
                const limits = LimitsConfigSchema.parse(strapi.config.get('limits'));
                await spendModelAnswer({ kind: 'account', userId: owner }, limits);
                return null;
              } catch (error) {
                if (error instanceof ModelBudgetError) return error.message;
                throw error;
              }
            },
          },
        )) {
          if (closed) break;
          if (event.event === 'delta') text += event.data.text;
          if (event.event === 'answer') answer = event.data;
          if (event.event === 'error') failure = event.data.message;
          if (event.event === 'done') await save(endStatus());
          send(
            event.event === 'start'
              ? { event: 'start', data: { ...event.data, questionId: question.documentId, messageId: replyId } }
              : event,
          );
          if (event.event === 'delta' && Date.now() - savedAt >= SAVE_INTERVAL_MS) await save('partial');
        }
        if (closed) await save('partial');
      } catch (error) {
        strapi.log.error(`[chat] answer failed: ${error instanceof Error ? error.stack : String(error)}`);
        failure = 'The answer could not be completed. Please try again.';
        await save(closed ? 'partial' : endStatus()).catch(() => undefined);
        send({ event: 'error', data: { kind: 'unknown', message: failure } });
        send({ event: 'done', data: {} });
      } finally {
        await touched;
        if (!ctx.res.writableEnded) ctx.res.end();
      }
    } finally {
      streaming.delete(replyId);
    }
  };

  /** Creates a message of `conversation` and returns its ids. */
  const createMessage = async (
    conversation: ConversationRow,
    data: { role: MessageRow['role']; text: string; status: MessageRow['status']; options?: SolveOptions | null },
  ): Promise<Reply> =>
    (await messageRows().create({
      select: ['id', 'documentId'],
      data: { ...data, conversation: conversation.id, publishedAt: new Date() },
    })) as Reply;

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
      const owner = userOf(ctx);
      const conversation = await ownConversation(ctx);
      // Counted in the shared counters before anything is saved: one atomic step that every backend instance
      // sees, and deleting conversations does not give questions back. Counted even with the limit off, so that
      // turning it on in the middle of a day counts that day's questions.
      const quota = dailyQuestionBucket(owner, new Date());
      const { count } = await sharedCounters().hit(quota.bucket, quota.windowMs);
      if (chat.freeDailyQuestions > 0 && count > chat.freeDailyQuestions) {
        await sharedCounters().undo(quota.bucket);
        throw new errors.RateLimitError(
          `You have used your ${chat.freeDailyQuestions} free questions for today. ` +
            'Come back tomorrow, or see the plans on the pricing page.',
          { pricing: '/pricing', limit: chat.freeDailyQuestions },
        );
      }

      // The student's message first: nothing is lost if the model or the connection fails afterwards. Its options
      // are kept for a retry.
      const question = await createMessage(conversation, {
        role: 'user',
        text: body.text,
        status: 'complete',
        options: body.options ?? null,
      }).catch(async (error: unknown) => {
        // Not asked after all: the question does not count.
        await sharedCounters()
          .undo(quota.bucket)
          .catch(() => undefined);
        throw error;
      });
      const reply = await createMessage(conversation, { role: 'assistant', text: '', status: 'partial' });
      await streamReply(
        ctx,
        conversation,
        { documentId: question.documentId, text: body.text, options: body.options },
        reply,
        { reset: false },
      );
    },

    /**
     * POST /api/conversations/:id/messages/:messageId/retry → answers again the question before the assistant
     * message `messageId` (failed or cut off), overwriting it, as the same stream as sendMessage. A retry adds no
     * user message, so it does not count against the daily limit.
     */
    async retryMessage(ctx: ChatContext): Promise<void> {
      const conversation = await ownConversation(ctx);
      const found: unknown = await messageRows().findOne({
        where: { documentId: ctx.params.messageId ?? '', conversation: { id: conversation.id } },
      });
      if (!found) throw new errors.NotFoundError('Message not found');
      const reply = found as MessageRow;
      if (reply.role !== 'assistant' || reply.status === 'complete') throw new errors.ValidationError(RETRY_REFUSED);
      const previous: unknown = await messageRows().findOne({
        where: { conversation: { id: conversation.id }, role: 'user', id: { $lt: reply.id } },
        orderBy: { id: 'desc' },
      });
      if (!previous) throw new errors.ValidationError(RETRY_REFUSED);
      const asked = previous as MessageRow;
      // Checked right before streamReply claims it (no await in between): two retries cannot both write into it.
      if (streaming.has(reply.documentId)) {
        throw new errors.ValidationError('This answer is still being written; retry it once it has ended');
      }
      const options = SolveOptionsSchema.safeParse(asked.options);
      await streamReply(
        ctx,
        conversation,
        { documentId: asked.documentId, text: asked.text ?? '', options: options.success ? options.data : undefined },
        reply,
        { reset: true },
      );
    },
  };
};
