import type { Core } from '@strapi/strapi';
import { ChatConfigSchema } from '../../conversation/chat-config';

/** The part of Koa's context this controller uses. */
interface LimitsContext {
  body: unknown;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /api/chat-limits → { freeDailyQuestions } (FREE_DAILY_QUESTIONS; 0 means no limit). */
  async find(ctx: LimitsContext): Promise<void> {
    const { freeDailyQuestions } = ChatConfigSchema.parse(strapi.config.get('chat'));
    ctx.body = { freeDailyQuestions };
  },
});
