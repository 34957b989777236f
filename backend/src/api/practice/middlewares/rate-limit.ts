import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { rateLimitCounters } from '../../../limits/counter-store';
import { takeAll } from '../../../limits/take-all';
import { TutorConfigSchema } from '../../../tutor/config';

interface LimitedContext {
  state: { user?: { id?: unknown } };
  request: { ip: string };
}

/**
 * The tutor routes' per-minute limit (`TUTOR_RATE_LIMIT_PER_MINUTE`, 0: off) on the practice routes that run the
 * engines, per account and per IP, counted in the database like the tutor's (api::tutor.rate-limit).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const { rateLimitPerMinute } = TutorConfigSchema.parse(strapi.config.get('tutor'));

  return async (ctx: LimitedContext, next: () => Promise<void>): Promise<void> => {
    const owner = ctx.state.user?.id;
    if (rateLimitPerMinute > 0 && typeof owner === 'number') {
      const buckets = [`practice:account:${owner}`, `practice:ip:${ctx.request.ip}`];
      if (!(await takeAll(rateLimitCounters(), buckets, rateLimitPerMinute, 60_000))) {
        throw new errors.RateLimitError(
          'Too many practice requests in a short time. Please wait a minute and try again.',
        );
      }
    }
    await next();
  };
};
