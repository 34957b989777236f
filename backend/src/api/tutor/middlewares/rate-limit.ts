import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { rateLimitCounters } from '../../../limits/counter-store';
import { takeAll } from '../../../limits/take-all';
import { TutorConfigSchema } from '../../../tutor/config';

interface LimitedContext {
  request: { ip: string };
  get(header: string): string;
}

/**
 * Per-IP and per-visitor limit on the public tutor routes (`TUTOR_RATE_LIMIT_PER_MINUTE`, 0: off), in one-minute
 * windows counted in the database, so that every backend instance counts against the same limit (src/limits).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const { rateLimitPerMinute } = TutorConfigSchema.parse(strapi.config.get('tutor'));

  return async (ctx: LimitedContext, next: () => Promise<void>): Promise<void> => {
    if (rateLimitPerMinute > 0) {
      const visitor = ctx.get('x-visitor-id').slice(0, 128);
      const buckets = [`tutor:ip:${ctx.request.ip}`, ...(visitor ? [`tutor:visitor:${visitor}`] : [])];
      if (!(await takeAll(rateLimitCounters(), buckets, rateLimitPerMinute, 60_000))) {
        throw new errors.RateLimitError('Too many questions in a short time. Please wait a minute and try again.');
      }
    }
    await next();
  };
};
