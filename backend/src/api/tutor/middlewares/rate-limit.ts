import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { TutorConfigSchema } from '../../../tutor/config';
import { SlidingWindowLimiter } from '../../../tutor/rateLimiter';

interface LimitedContext {
  request: { ip: string };
  get(header: string): string;
}

/**
 * Per-IP and per-visitor limit on the public tutor routes (`TUTOR_RATE_LIMIT_PER_MINUTE`, 0: off). Counted per
 * process, which is enough on one server; several servers would share a store (issue #7).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const { rateLimitPerMinute } = TutorConfigSchema.parse(strapi.config.get('tutor'));
  const limiter = new SlidingWindowLimiter(rateLimitPerMinute, 60_000);

  return async (ctx: LimitedContext, next: () => Promise<void>): Promise<void> => {
    if (rateLimitPerMinute > 0) {
      const visitor = ctx.get('x-visitor-id').slice(0, 128);
      const keys = [`ip:${ctx.request.ip}`, ...(visitor ? [`visitor:${visitor}`] : [])];
      if (!limiter.take(keys, Date.now())) {
        throw new errors.RateLimitError('Too many questions in a short time. Please wait a minute and try again.');
      }
    }
    await next();
  };
};
