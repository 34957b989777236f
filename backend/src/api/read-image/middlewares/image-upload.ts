import { errors } from '@strapi/utils';
import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { MAX_IMAGE_BYTES } from '@studyease/contract';

/** The multipart envelope around the file: boundaries, part headers, a short field or two. */
const ENVELOPE_BYTES = 16 * 1024;

export const TOO_LARGE_MESSAGE =
  'This picture is larger than 5 MB. Please send a smaller photo (the app shrinks photos before sending them).';
const NO_IMAGE_MESSAGE = 'Please send the picture as multipart/form-data, in a field named "image".';

interface UploadContext {
  req: IncomingMessage;
  state: Record<string, unknown>;
}

/**
 * Reads the one file of the field `image` into memory as it streams in, and stops at 5 MB: a larger upload is
 * refused (413) without being kept, whatever its Content-Length claims. Nothing touches the disk and nothing is
 * logged. The bytes go to `ctx.state.image` for the controller.
 *
 * @throws {errors.PayloadTooLargeError} past 5 MB; {errors.ValidationError} without a file in `image`
 */
const readUpload = (req: IncomingMessage, contentType: string): Promise<Buffer | null> =>
  new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
      });
    } catch {
      reject(new errors.ValidationError(NO_IMAGE_MESSAGE));
      return;
    }
    let image: Buffer | null = null;
    let settled = false;
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      // The rest of the request is read and dropped by Node as the answer goes out; none of it is kept.
      req.unpipe(parser);
      req.resume();
      reject(error);
    };
    parser.on('file', (field, stream) => {
      if (field !== 'image' || image !== null) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        chunks.length = 0;
        fail(new errors.PayloadTooLargeError(TOO_LARGE_MESSAGE));
      });
      stream.on('end', () => {
        if (!settled) image = Buffer.concat(chunks);
      });
    });
    parser.on('error', () => {
      fail(new errors.ValidationError(NO_IMAGE_MESSAGE));
    });
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve(image);
    });
    req.pipe(parser);
  });

export default () =>
  async (ctx: UploadContext, next: () => Promise<void>): Promise<void> => {
    const contentType = ctx.req.headers['content-type'];
    if (typeof contentType !== 'string' || !/^multipart\/form-data\b/i.test(contentType)) {
      throw new errors.ValidationError(NO_IMAGE_MESSAGE);
    }
    const declared = Number(ctx.req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES + ENVELOPE_BYTES) {
      throw new errors.PayloadTooLargeError(TOO_LARGE_MESSAGE);
    }
    const image = await readUpload(ctx.req, contentType);
    if (image === null || image.length === 0) throw new errors.ValidationError(NO_IMAGE_MESSAGE);
    ctx.state['image'] = image;
    await next();
  };
