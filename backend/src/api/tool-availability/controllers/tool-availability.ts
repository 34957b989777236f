import type { Core } from '@strapi/strapi';
import { toolAvailability } from '../../../tutor/availability';
import { TutorConfigSchema } from '../../../tutor/config';

/** The part of Koa's context this controller uses. */
interface AvailabilityContext {
  body: unknown;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /api/tutor/tools → { tools: { [toolId]: { available, engine, model } } } (packages/contract). */
  find(ctx: AvailabilityContext): void {
    ctx.body = toolAvailability(TutorConfigSchema.parse(strapi.config.get('tutor')));
  },
});
