import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  CreateConversationSchema,
  firstIssue,
  PaginationQuerySchema,
  RenameConversationSchema,
  SendMessageSchema,
} from '@studyease/contract';
import { TutorConfigSchema } from '../../../tutor/config';
import { parseBody, rejectTooLong } from '../../../utils/request-body';
import { type ConversationRow, conversationView } from '../rows';
import type conversationService from '../services/conversation';
import type replyService from '../services/reply';
import type { StreamTarget } from '../services/reply';
import { signedInUser } from '../../../utils/signed-in';

/** The part of Koa's context these actions use. */
interface ChatContext extends StreamTarget {
  /** `conversation`: the caller's, found by the route policy `is-own-conversation` on `/conversations/:id…`. */
  state: { user?: { id: number }; conversation?: ConversationRow };
  params: { id?: string; messageId?: string };
  query: Record<string, unknown>;
  request: { body?: unknown };
  status: number;
  body: unknown;
}

/**
 * The chat API (routes/conversation.ts): each action parses its request and answers; the work is in the services
 * (services/conversation.ts: conversations and the daily limit; services/reply.ts: saving and streaming answers).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const conversations = () =>
    strapi.service('api::conversation.conversation') as unknown as ReturnType<typeof conversationService>;
  const replies = () => strapi.service('api::conversation.reply') as unknown as ReturnType<typeof replyService>;

  const userOf = (ctx: ChatContext): number => signedInUser(ctx, 'use the chat');

  /** The conversation the route policy found (it runs on every route with `:id`). */
  const conversationOf = (ctx: ChatContext): ConversationRow => {
    const conversation = ctx.state.conversation;
    if (!conversation) throw new errors.NotFoundError('Conversation not found');
    return conversation;
  };

  return {
    /** GET /api/conversations?page=&pageSize=&q= → the caller's conversations (titles matching q), newest first. */
    async find(ctx: ChatContext): Promise<void> {
      const owner = userOf(ctx);
      const parsed = PaginationQuerySchema.safeParse({
        page: ctx.query['page'],
        pageSize: ctx.query['pageSize'],
        q: ctx.query['q'],
      });
      if (!parsed.success) throw new errors.ValidationError(firstIssue(parsed.error));
      ctx.body = await conversations().list(owner, parsed.data.page, parsed.data.pageSize, parsed.data.q);
    },

    /** POST /api/conversations { tool, title? } → 201 the new conversation. */
    async create(ctx: ChatContext): Promise<void> {
      const owner = userOf(ctx);
      const body = parseBody(CreateConversationSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await conversations().create(owner, body.tool, body.title) };
    },

    /** GET /api/conversations/:id → the conversation (the caller's only). */
    async findOne(ctx: ChatContext): Promise<void> {
      ctx.body = { data: conversationView(conversationOf(ctx)) };
    },

    /** PUT /api/conversations/:id { title } → the renamed conversation. */
    async update(ctx: ChatContext): Promise<void> {
      const body = parseBody(RenameConversationSchema, ctx.request.body);
      ctx.body = { data: await conversations().rename(conversationOf(ctx), body.title) };
    },

    /** DELETE /api/conversations/:id → the deleted conversation; its messages go with it. */
    async delete(ctx: ChatContext): Promise<void> {
      ctx.body = { data: await conversations().remove(conversationOf(ctx)) };
    },

    /** GET /api/conversations/:id/messages → its messages, oldest first. */
    async findMessages(ctx: ChatContext): Promise<void> {
      ctx.body = { data: await conversations().messagesOf(conversationOf(ctx)) };
    },

    /**
     * POST /api/conversations/:id/messages { text, options? } → saves the student's message, then answers with a
     * Server-Sent Events stream of the tutor's events, saving the assistant's message as it arrives.
     */
    async sendMessage(ctx: ChatContext): Promise<void> {
      const tutor = TutorConfigSchema.parse(strapi.config.get('tutor'));
      const body = parseBody(SendMessageSchema, ctx.request.body);
      rejectTooLong(body.text, tutor.maxQuestionLength, 'text');
      const owner = userOf(ctx);
      const conversation = conversationOf(ctx);
      const giveBack = await conversations().countQuestion(owner);
      await replies().ask(ctx, conversation, owner, body, giveBack);
    },

    /** POST /api/conversations/:id/messages/:messageId/retry → the failed or cut answer again, as the same stream. */
    async retryMessage(ctx: ChatContext): Promise<void> {
      await replies().retry(ctx, conversationOf(ctx), userOf(ctx), ctx.params.messageId ?? '');
    },
  };
};
