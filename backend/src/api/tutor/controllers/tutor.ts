import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { z } from 'zod';
import { TutorConfigSchema } from '../../../tutor/config';
import { checkInPool, practiceInPool, solveInPool } from '../../../tutor/pool';
import { collectAnswer } from '../../../tutor/stream';
import {
  CheckRequestSchema,
  firstIssue,
  PracticeRequestSchema,
  SolveRequestSchema,
} from '../../../tutor/validateRequest';

/** The part of Koa's context these actions use. */
interface TutorContext {
  request: { body?: unknown };
  body: unknown;
}

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new errors.ValidationError('The request body must be a JSON object');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new errors.ValidationError(firstIssue(parsed.error));
  return parsed.data;
}

function tooLong(text: string, max: number, field: string): void {
  if (text.length > max) {
    throw new errors.PayloadTooLargeError(`${field} is too long: ${text.length} characters, at most ${max}`);
  }
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const config = () => TutorConfigSchema.parse(strapi.config.get('tutor'));

  return {
    /** POST /api/tutor/solve { tool, question, options? } → the answer contract (engine first, then the model). */
    async solve(ctx: TutorContext): Promise<void> {
      const settings = config();
      const body = parseBody(SolveRequestSchema, ctx.request.body);
      tooLong(body.question, settings.maxQuestionLength, 'question');
      ctx.body = await collectAnswer(body.tool, body.question, body.options, {
        solveWithEngine: (tool, question, options) => solveInPool(tool, question, options, settings),
        model: settings.model,
      });
    },

    /** POST /api/tutor/practice { tool, question } → { practice: [{ question, answer, verified }] }. */
    async practice(ctx: TutorContext): Promise<void> {
      const settings = config();
      const body = parseBody(PracticeRequestSchema, ctx.request.body);
      tooLong(body.question, settings.maxQuestionLength, 'question');
      ctx.body = { practice: await practiceInPool(body.tool, body.question, settings) };
    },

    /** POST /api/tutor/check { tool, question, answer } → { correct, differences }. */
    async check(ctx: TutorContext): Promise<void> {
      const settings = config();
      const body = parseBody(CheckRequestSchema, ctx.request.body);
      tooLong(body.question, settings.maxQuestionLength, 'question');
      tooLong(body.answer, settings.maxQuestionLength, 'answer');
      ctx.body = await checkInPool(body.tool, body.question, body.answer, settings);
    },
  };
};
