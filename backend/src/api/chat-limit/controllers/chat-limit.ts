import type { Core } from '@strapi/strapi';
import { LimitsConfigSchema } from '../../../limits/limits-config';
import { ChatConfigSchema } from '../../conversation/chat-config';

/** The part of Koa's context this controller uses. */
interface LimitsContext {
  body: unknown;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * GET /api/chat-limits → { freeDailyQuestions, modelDailyAnswers, publicModelDailyAnswers } (FREE_DAILY_QUESTIONS,
   * MODEL_DAILY_ANSWERS, PUBLIC_MODEL_DAILY_ANSWERS; 0 means no limit): the pricing page states them as configured.
   */
  find(ctx: LimitsContext): void {
    const { freeDailyQuestions } = ChatConfigSchema.parse(strapi.config.get('chat'));
    const { modelDailyAnswers, publicModelDailyAnswers } = LimitsConfigSchema.parse(strapi.config.get('limits'));
    ctx.body = { freeDailyQuestions, modelDailyAnswers, publicModelDailyAnswers };
  },
});
