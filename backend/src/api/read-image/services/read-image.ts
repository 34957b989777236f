import type { Core } from '@strapi/strapi';
import type { ImageReading } from '@studyease/contract';
import { LimitsConfigSchema } from '../../../limits/limits-config';
import { type ModelSpender, spendModelAnswer } from '../../../limits/model-budget';
import { TutorConfigSchema } from '../../../tutor/config';
import { ReadImageConfigSchema } from '../../../tutor/read-image/config';
import { checkImage, ImageRejectedError } from '../../../tutor/read-image/image-check';
import { readWithModel } from '../../../tutor/read-image/model-reader';
import { readWithOcr } from '../../../tutor/read-image/ocr-reader';

const NOTHING_READ =
  'We could not find an exercise in this picture. Please take the photo again, straight on and in good light, ' +
  'or type the exercise.';
const TOO_SLOW = 'Reading this picture took too long. Please crop it to the exercise and try again, or type it.';

/**
 * Reads a photo of an exercise: the configured vision model when there is one and the day's model budget allows,
 * else (and whenever the model fails) the offline reader. The picture is only ever in memory.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * @param bytes - the uploaded file
   * @param spender - who the model's reading is counted against
   * @param countQuestion - counts the reading against the caller's daily question budget (throws past it)
   * @returns what was read, for the student to confirm
   * @throws {ImageRejectedError} for a file that is not a readable picture, or a picture with nothing to read
   */
  async read(bytes: Buffer, spender: ModelSpender, countQuestion: () => Promise<void>): Promise<ImageReading> {
    const type = await checkImage(bytes);
    await countQuestion();
    const settings = ReadImageConfigSchema.parse(strapi.config.get('read-image'));
    const { model } = TutorConfigSchema.parse(strapi.config.get('tutor'));
    let reading: ImageReading | null | undefined;
    if (model !== null && settings.visionModel !== null) {
      // Over the model's daily budget the offline reader still reads: it costs nothing but time.
      const refusal = await spendModelAnswer(spender, LimitsConfigSchema.parse(strapi.config.get('limits')));
      if (refusal === null) {
        try {
          reading = await readWithModel(bytes, type, { ...model, model: settings.visionModel });
        } catch (error) {
          strapi.log.warn(`read-image: the vision model failed, the offline reader reads instead (${String(error)})`);
        }
      }
    }
    if (reading === undefined) {
      try {
        reading = await readWithOcr(bytes, settings.ocrTimeoutMs);
      } catch (error) {
        strapi.log.warn(`read-image: the offline reader failed (${String(error)})`);
        throw new ImageRejectedError(422, TOO_SLOW);
      }
    }
    if (reading === null) throw new ImageRejectedError(422, NOTHING_READ);
    return reading;
  },
});
