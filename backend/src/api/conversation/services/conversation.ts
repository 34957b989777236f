import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { sharedCounters } from '../../../limits/counter-store';
import { dailyQuestionBucket } from '../../../limits/daily-quota';
import type { ToolId } from '@studyease/contract';
import { ChatConfigSchema } from '../chat-config';
import { PRACTICE_ATTEMPT } from '../../practice-attempt/services/practice-attempt';
import { CONVERSATION, type ConversationRow, conversationView, MESSAGE, type MessageRow, messageView } from '../rows';

/**
 * A student's conversations: list, create, rename, delete, read the messages, and the free daily question limit.
 * Ownership is checked before any of these by the route policy `is-own-conversation`.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const conversations = () => strapi.documents(CONVERSATION);
  const messages = () => strapi.documents(MESSAGE);

  return {
    /**
     * The owner's conversations, most recently active first, one page of them; with `search`, only those whose
     * title holds every word of it (case-insensitive). The owner filter is always there: a search never reaches
     * another student's titles.
     */
    async list(owner: number, page: number, pageSize: number, search?: string) {
      const words = (search ?? '').split(/\s+/).filter(Boolean);
      const filters = {
        owner: { id: owner },
        ...(words.length > 0 ? { $and: words.map((word) => ({ title: { $containsi: word } })) } : {}),
      };
      const [rows, total] = await Promise.all([
        conversations().findMany({
          filters,
          sort: [{ updatedAt: 'desc' }, { id: 'desc' }],
          start: (page - 1) * pageSize,
          limit: pageSize,
        }),
        conversations().count({ filters }),
      ]);
      return {
        data: (rows as unknown as ConversationRow[]).map(conversationView),
        meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
      };
    },

    async create(owner: number, tool: ToolId, title: string | undefined) {
      const created = await conversations().create({
        data: { owner, toolSlug: tool, ...(title === undefined ? {} : { title }) },
      });
      return conversationView(created as unknown as ConversationRow);
    },

    async rename(conversation: ConversationRow, title: string) {
      const updated = await conversations().update({ documentId: conversation.documentId, data: { title } });
      return conversationView(updated as unknown as ConversationRow);
    },

    /** Deletes the conversation, its messages and the practice attempts in it. */
    async remove(conversation: ConversationRow) {
      await strapi.db.query(PRACTICE_ATTEMPT).deleteMany({ where: { conversation: { id: conversation.id } } });
      const own = await messages().findMany({
        filters: { conversation: { id: conversation.id } },
        fields: ['documentId'],
      });
      if (own.length > 0) {
        await strapi.db.query(MESSAGE).deleteMany({ where: { id: { $in: own.map((message) => message.id) } } });
      }
      await conversations().delete({ documentId: conversation.documentId });
      return conversationView(conversation);
    },

    /** Its messages, oldest first. */
    async messagesOf(conversation: ConversationRow) {
      const rows = await messages().findMany({
        filters: { conversation: { id: conversation.id } },
        sort: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      return (rows as unknown as MessageRow[]).map(messageView);
    },

    /**
     * Counts a question against the owner's free daily limit, in the shared counters: one atomic step that every
     * backend instance sees, before anything is saved, and deleting conversations does not give questions back.
     * Counted even with the limit off, so that turning it on in the middle of a day counts that day's questions.
     *
     * @returns a function that takes the question back (it was not asked after all)
     * @throws {errors.RateLimitError} past the limit, with a link to the pricing page
     */
    async countQuestion(owner: number): Promise<() => Promise<void>> {
      const chat = ChatConfigSchema.parse(strapi.config.get('chat'));
      const quota = dailyQuestionBucket(owner, new Date());
      const { count } = await sharedCounters().hit(quota.bucket, quota.windowMs);
      const giveBack = () => sharedCounters().undo(quota.bucket);
      if (chat.freeDailyQuestions > 0 && count > chat.freeDailyQuestions) {
        await giveBack();
        throw new errors.RateLimitError(
          `You have used your ${chat.freeDailyQuestions} free questions for today. ` +
            'Come back tomorrow, or see the plans on the pricing page.',
          { pricing: '/pricing', limit: chat.freeDailyQuestions },
        );
      }
      return giveBack;
    },
  };
};
