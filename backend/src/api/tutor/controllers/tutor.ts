import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { LimitsConfigSchema } from '../../../limits/limits-config';
import { spendModelAnswer } from '../../../limits/model-budget';
import { TutorConfigSchema } from '../../../tutor/config';
import { poolDependencies } from '../../../tutor/dependencies';
import { checkInPool, checkStepInPool, practiceInPool } from '../../../tutor/pool';
import { collectAnswer } from '../../../tutor/stream';
import {
  CheckRequestSchema,
  CheckStepRequestSchema,
  MAX_STEP_LENGTH,
  PracticeRequestSchema,
  SolveRequestSchema,
} from '@studyease/contract';
import { parseBody, rejectTooLong } from '../../../utils/request-body';

/** The part of Koa's context these actions use. */
interface TutorContext {
  request: { body?: unknown; ip: string };
  get(header: string): string;
  body: unknown;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const config = () => TutorConfigSchema.parse(strapi.config.get('tutor'));

  return {
    /** POST /api/tutor/solve { tool, question, options? } → the answer contract (engine first, then the model). */
    async solve(ctx: TutorContext): Promise<void> {
      const settings = config();
      const body = parseBody(SolveRequestSchema, ctx.request.body);
      rejectTooLong(body.question, settings.maxQuestionLength, 'question');
      const spender = {
        kind: 'visitor',
        ip: ctx.request.ip,
        visitorId: ctx.get('x-visitor-id').slice(0, 128),
      } as const;
      ctx.body = await collectAnswer(body.tool, body.question, body.options, {
        ...poolDependencies(settings),
        // A public model answer over the day's budget is a 429 with a message, like the per-minute limit.
        reserveModelAnswer: async () => {
          const refusal = await spendModelAnswer(spender, LimitsConfigSchema.parse(strapi.config.get('limits')));
          if (refusal !== null) throw new errors.RateLimitError(refusal);
          return null;
        },
      });
    },

    /** POST /api/tutor/practice { tool, question } → { practice: [{ question, answer, verified }] }. */
    async practice(ctx: TutorContext): Promise<void> {
      const settings = config();
      const body = parseBody(PracticeRequestSchema, ctx.request.body);
      rejectTooLong(body.question, settings.maxQuestionLength, 'question');
      ctx.body = { practice: await practiceInPool(body.tool, body.question, settings) };
    },

    /** POST /api/tutor/check { tool, question, answer } → { correct, differences }. */
    async check(ctx: TutorContext): Promise<void> {
      const settings = config();
      const body = parseBody(CheckRequestSchema, ctx.request.body);
      rejectTooLong(body.question, settings.maxQuestionLength, 'question');
      rejectTooLong(body.answer, settings.maxQuestionLength, 'answer');
      ctx.body = await checkInPool(body.tool, body.question, body.answer, settings);
    },

    /**
     * POST /api/tutor/check-step { tool, question, step } → { status, equivalent, finished, message, mistake?, next? }:
     * is the student's own next line right, and if not, where did it go wrong?
     */
    async checkStep(ctx: TutorContext): Promise<void> {
      const settings = config();
      const body = parseBody(CheckStepRequestSchema, ctx.request.body);
      rejectTooLong(body.question, settings.maxQuestionLength, 'question');
      // One line of working: a tighter cap than a question's, so a step cannot make the engine solve an essay.
      rejectTooLong(body.step, Math.min(MAX_STEP_LENGTH, settings.maxQuestionLength), 'step');
      ctx.body = await checkStepInPool(body.tool, body.question, body.step, settings);
    },
  };
};
