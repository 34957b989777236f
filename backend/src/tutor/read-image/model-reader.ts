import { z } from 'zod';
import type { ImageReading } from '@studyease/contract';
import { completeChat, type JsonSchemaFormat, type ModelSettings } from '../model/chatCompletions';
import { cleanMathText, mathTextToLatex } from './math-text';
import type { ImageType } from './image-check';

/** What the model is asked to return (OpenAI structured outputs; other servers get it as a JSON instruction too). */
const ModelReadingSchema = z.object({
  text: z.string().max(4000),
  latex: z.string().max(4000),
  confidence: z.number().min(0).max(1),
});

export const IMAGE_READING_FORMAT: JsonSchemaFormat = {
  type: 'json_schema',
  json_schema: {
    name: 'image_reading',
    strict: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['text', 'latex', 'confidence'],
      properties: {
        text: { type: 'string' },
        latex: { type: 'string' },
        confidence: { type: 'number' },
      },
    },
  },
};

const PROMPT =
  'Transcribe the school exercise in this picture exactly, without solving it. Reply with JSON only: ' +
  '{"text": the exercise in plain calculator syntax (x^2, sqrt(x), (a+b)/c, * for times), one line per equation, ' +
  'the words of a word problem as written; "latex": the same in LaTeX; "confidence": from 0 to 1, how sure you are ' +
  'of every character}. If the picture holds no exercise, reply {"text": "", "latex": "", "confidence": 0}.';

/**
 * Reads the picture with the configured vision model (AI_VISION_MODEL, else AI_MODEL), sent inline as a data URL:
 * the picture goes to the model provider and nowhere else.
 *
 * @param bytes - a checked picture
 * @param type - its type, by its magic bytes
 * @param settings - the model's endpoint and name
 * @returns the reading (our clean-up applied to the model's text as to OCR's), or null when it found no exercise
 * @throws {ModelError} when the model fails; {Error} when its reply is not the JSON asked for
 */
export const readWithModel = async (
  bytes: Uint8Array,
  type: ImageType,
  settings: ModelSettings,
): Promise<ImageReading | null> => {
  const url = `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
  const reply = await completeChat(
    settings,
    [
      {
        role: 'user',
        content: [
          { type: 'text', text: PROMPT },
          { type: 'image_url', image_url: { url } },
        ],
      },
    ],
    IMAGE_READING_FORMAT,
  );
  const parsed = ModelReadingSchema.parse(JSON.parse(reply));
  const text = cleanMathText(parsed.text);
  if (text === '') return null;
  // The model's LaTeX is kept when it wrote one; ours is derived from the cleaned text otherwise.
  return { text, latex: parsed.latex.trim() || mathTextToLatex(text), confidence: parsed.confidence };
};
