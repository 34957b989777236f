import type { Core } from '@strapi/strapi';
import { type ChatConfig, ChatConfigSchema } from '../src/api/conversation/chat-config';

/** The chat's settings (`strapi.config.get('chat')`); every variable is listed in .env.example. */
export default ({ env }: Core.Config.Shared.ConfigParams): ChatConfig =>
  ChatConfigSchema.parse({
    freeDailyQuestions: env.int('FREE_DAILY_QUESTIONS', 20),
  });
