import type { Core } from '@strapi/strapi';
import { ImageReadingSchema } from '@studyease/contract';
import { ImageRejectedError } from '../../../tutor/read-image/image-check';
import type conversationService from '../../conversation/services/conversation';
import type readImageService from '../services/read-image';

/** The part of Koa's context this controller uses. */
interface ReadImageContext {
  request: { ip: string };
  state: { image?: unknown; user?: { id: number } };
  get(header: string): string;
  status: number;
  body: unknown;
}

const NAMES: Readonly<Record<ImageRejectedError['status'], string>> = {
  400: 'ValidationError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  422: 'UnprocessableImageError',
};

export default ({ strapi }: { strapi: Core.Strapi }) => {
  // Strapi's registry types services loosely; these are the factories' own types.
  const questions = () =>
    strapi.service('api::conversation.conversation') as unknown as ReturnType<typeof conversationService>;
  const reader = () => strapi.service('api::read-image.read-image') as unknown as ReturnType<typeof readImageService>;

  return {
    /**
     * POST /api/tutor/read-image (multipart/form-data, the picture in `image`, read by the route's `image-upload`
     * middleware) → { text, latex, confidence }. A signed-in student's reading counts as one of their daily questions;
     * a visitor's goes through the tutor's per-minute limit (the route's `api::tutor.rate-limit`).
     */
    async read(ctx: ReadImageContext): Promise<void> {
      const { image, user } = ctx.state;
      if (!Buffer.isBuffer(image)) throw new Error('read-image: the image-upload middleware did not run');
      const spender =
        user === undefined
          ? ({ kind: 'visitor', ip: ctx.request.ip, visitorId: ctx.get('x-visitor-id').slice(0, 128) } as const)
          : ({ kind: 'account', userId: user.id } as const);
      const countQuestion = async (): Promise<void> => {
        if (user !== undefined) await questions().countQuestion(user.id);
      };
      try {
        ctx.body = ImageReadingSchema.parse(await reader().read(image, spender, countQuestion));
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        // Strapi's error envelope, with the statuses its error classes lack (415, 422).
        ctx.status = error.status;
        ctx.body = { data: null, error: { status: error.status, name: NAMES[error.status], message: error.message } };
      }
    },
  };
};
