import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { MAX_PRACTICE_ANSWER_LENGTH, RecordAttemptSchema } from '@studyease/contract';
import { TutorConfigSchema } from '../../../tutor/config';
import { parseBody, rejectTooLong } from '../../../utils/request-body';
import type { ConversationRow } from '../../conversation/rows';
import type practiceAttemptService from '../services/practice-attempt';
import { signedInUser } from '../../../utils/signed-in';

/** The part of Koa's context these actions use. */
interface PracticeContext {
  /** `conversation`: the caller's, found by the route policy `is-own-conversation`. */
  state: { user?: { id: number }; conversation?: ConversationRow };
  params: { id?: string; messageId?: string };
  request: { body?: unknown };
  status: number;
  body: unknown;
}

/** Practice in a conversation (routes/practice-attempt.ts); the work is in services/practice-attempt.ts. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const practice = () =>
    strapi.service('api::practice-attempt.practice-attempt') as unknown as ReturnType<typeof practiceAttemptService>;

  const userOf = (ctx: PracticeContext): number => signedInUser(ctx, 'practise');
  const conversationOf = (ctx: PracticeContext): ConversationRow => {
    const conversation = ctx.state.conversation;
    if (!conversation) throw new errors.NotFoundError('Conversation not found');
    return conversation;
  };

  return {
    /** GET /api/conversations/:id/practice-attempts → the caller's attempts in it, oldest first. */
    async find(ctx: PracticeContext): Promise<void> {
      ctx.body = { data: await practice().list(userOf(ctx), conversationOf(ctx)) };
    },

    /** POST /api/conversations/:id/messages/:messageId/practice → { practice }, made once and kept on the message. */
    async questions(ctx: PracticeContext): Promise<void> {
      ctx.body = { practice: await practice().questionsOf(conversationOf(ctx), ctx.params.messageId ?? '') };
    },

    /**
     * POST /api/conversations/:id/messages/:messageId/practice-attempts { question, answer } → 201 the attempt with
     * the engine's verdict (`correct`, `differences`).
     */
    async create(ctx: PracticeContext): Promise<void> {
      const body = parseBody(RecordAttemptSchema, ctx.request.body);
      const tutor = TutorConfigSchema.parse(strapi.config.get('tutor'));
      rejectTooLong(body.question, tutor.maxQuestionLength, 'question');
      rejectTooLong(body.answer, MAX_PRACTICE_ANSWER_LENGTH, 'answer');
      const attempt = await practice().recordInConversation(
        userOf(ctx),
        conversationOf(ctx),
        ctx.params.messageId ?? '',
        body.question,
        body.answer,
      );
      ctx.status = 201;
      ctx.body = { data: attempt };
    },
  };
};
