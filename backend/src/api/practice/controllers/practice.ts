import type { Core } from '@strapi/strapi';
import {
  MAX_PRACTICE_ANSWER_LENGTH,
  PracticeAnswerRequestSchema,
  PracticeSessionRequestSchema,
} from '@studyease/contract';
import { parseBody, rejectTooLong } from '../../../utils/request-body';
import type practiceService from '../services/practice';
import { PracticeConflict } from '../services/practice';
import { signedInUser } from '../../../utils/signed-in';

/** The part of Koa's context these actions use. */
interface PracticeContext {
  state: { user?: { id: number } };
  request: { body?: unknown };
  body: unknown;
  throw(status: number, message: string): never;
}

/** The practice API (routes/practice.ts): each action parses its request and answers; the work is in the service. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const practice = () => strapi.service('api::practice.practice') as unknown as ReturnType<typeof practiceService>;

  const userOf = (ctx: PracticeContext): number => signedInUser(ctx, 'practise');

  /** Runs the action, answering a PracticeConflict as 409 with its message (Strapi's error shape). */
  const conflictsAs409 = async (ctx: PracticeContext, work: () => Promise<unknown>): Promise<void> => {
    try {
      ctx.body = { data: await work() };
    } catch (error) {
      if (error instanceof PracticeConflict) ctx.throw(409, error.message);
      throw error;
    }
  };

  return {
    /** GET /api/practice/skills → every skill with the caller's mastery, attempts and next review. */
    async skills(ctx: PracticeContext): Promise<void> {
      ctx.body = { data: await practice().skills(userOf(ctx), new Date()) };
    },

    /** POST /api/practice/session { skill? } → { questions }: five fresh questions of the skill or the due ones. */
    async session(ctx: PracticeContext): Promise<void> {
      const owner = userOf(ctx);
      const body = parseBody(PracticeSessionRequestSchema, ctx.request.body ?? {});
      await conflictsAs409(ctx, async () => ({ questions: await practice().session(owner, body.skill, new Date()) }));
    },

    /** POST /api/practice/answer { question, answer, hintsUsed } → the verdict with the skill's new progress. */
    async answer(ctx: PracticeContext): Promise<void> {
      const owner = userOf(ctx);
      const body = parseBody(PracticeAnswerRequestSchema, ctx.request.body);
      rejectTooLong(body.answer, MAX_PRACTICE_ANSWER_LENGTH, 'answer');
      await conflictsAs409(ctx, () => practice().answer(owner, body, new Date()));
    },
  };
};
