import * as z from 'zod/mini';

/**
 * POST /api/tutor/read-image: what was read from a photo of an exercise. The site puts `text` in the editable
 * composer field; the engines never solve it before the student has confirmed it.
 */
export const ImageReadingSchema = z.object({
  /** The exercise in the engines' plain input (`2x + 3 = 11`, `x^2 - 5x + 6 = 0`); empty when nothing was read. */
  text: z.string(),
  /** The same in LaTeX, for showing it rendered (`2x + 3 = 11`, `x^{2} - 5x + 6 = 0`). */
  latex: z.string(),
  /** How sure the reader is, from 0 to 1: the site asks the student to check a low one with more care. */
  confidence: z.number().check(z.minimum(0), z.maximum(1)),
});
export type ImageReading = z.output<typeof ImageReadingSchema>;

/** The largest image the endpoint takes, in bytes (the site downscales photos well below it). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
