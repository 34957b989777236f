import path from 'node:path';
import sharp from 'sharp';
import { type Bbox, createWorker, OEM, PSM, type Line, type Worker } from 'tesseract.js';
import type { ImageReading } from '@studyease/contract';
import { cleanMathText, isMathLine, mathTextToLatex } from './math-text';

/**
 * The offline reader: Tesseract (tesseract.js, WebAssembly) with the English LSTM data shipped in the npm package
 * @tesseract.js-data/eng, so nothing is downloaded at run time and no model has to be configured.
 */

/** The package's folder of the LSTM-only ("best_int") data, which OEM.LSTM_ONLY reads. */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** A picture whose short side is under this many pixels is upscaled before the first reading. */
const UPSCALE_BELOW = 600;
/** The most a picture is enlarged. */
const MAX_SCALE = 4;
/**
 * The height of a line of text, in pixels, that Tesseract reads best (measured on the bench): a reading whose
 * lines are far from it is done again at the scale that brings them to it.
 */
const DEFAULT_LINE_HEIGHT = 64;

/**
 * The ways a picture is prepared. Each misreads different characters (a thin `(`, a `.`, a `/`), so a formula is
 * read all three ways and the readings vote: on the bench, 70% of equations exact with one, ~90% with the vote.
 */
type Filter = 'none' | 'median' | 'threshold';
const VARIANTS: readonly { filter: Filter; lineHeight: number }[] = [
  { filter: 'none', lineHeight: DEFAULT_LINE_HEIGHT },
  { filter: 'median', lineHeight: 48 },
  { filter: 'threshold', lineHeight: DEFAULT_LINE_HEIGHT },
];

/** Grey level between ink and paper, after the contrast is stretched. */
const THRESHOLD = 150;

let current: Promise<Worker> | null = null;

/** One worker for the process, started on first use: starting one costs ~1 s and ~30 MB. */
const worker = (): Promise<Worker> => {
  current ??= createWorker('eng', OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    gzip: true,
    // The data is read from the package every start; never written as a cache file into the working folder.
    cacheMethod: 'none',
  }).then(async (started) => {
    await started.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1' });
    return started;
  });
  // A worker that failed to start is not kept: the next reading tries again.
  current.catch(() => {
    current = null;
  });
  return current;
};

/** Ends the worker (after a timeout, and when the server stops); the next reading starts a new one. */
export const stopOcrWorker = async (): Promise<void> => {
  const stopping = current;
  current = null;
  if (stopping !== null) await (await stopping.catch(() => null))?.terminate();
};

/**
 * Greyscale, upright (EXIF), scaled, contrast stretched, cleaned of grain, black and white, with a white margin:
 * what Tesseract reads best.
 * @param bytes - a checked PNG, JPEG or WebP picture
 * @param filter - what is done to the grain: nothing, a median filter, or a black-and-white threshold
 * @param scale - the factor to resize by; by default small pictures are upscaled (short side to UPSCALE_BELOW)
 * @returns a PNG for the reader, the scale used, and the same picture's grey levels (for the shape checks)
 */
const prepareForOcr = async (
  bytes: Uint8Array,
  filter: Filter,
  scale?: number,
): Promise<{ png: Buffer; scale: number; pixels: Pixels }> => {
  const image = sharp(bytes).rotate().greyscale();
  const { autoOrient } = await image.metadata();
  const shortSide = Math.min(autoOrient.width, autoOrient.height);
  const factor = scale ?? (shortSide < UPSCALE_BELOW ? Math.min(MAX_SCALE, UPSCALE_BELOW / shortSide) : 1);
  const resized =
    factor === 1
      ? image
      : image.resize(Math.round(autoOrient.width * factor), Math.round(autoOrient.height * factor), {
          kernel: 'lanczos3',
        });
  const margin = Math.round(DEFAULT_LINE_HEIGHT / 2);
  const stretched = resized.normalise();
  // Tesseract misses characters that touch the picture's edge, hence the margin.
  const filtered =
    filter === 'median' ? stretched.median(3) : filter === 'threshold' ? stretched.threshold(THRESHOLD) : stretched;
  const framed = filtered.extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#ffffff' });
  const [png, raw] = await Promise.all([
    framed.clone().png().toBuffer(),
    framed.clone().extractChannel(0).raw().toBuffer({ resolveWithObject: true }),
  ]);
  return { png, scale: factor, pixels: { data: raw.data, width: raw.info.width } };
};

/** One reading of the picture, cleaned. */
interface Reading {
  text: string;
  confidence: number;
  /** The median height of its lines, in pixels; null when no line was found. */
  lineHeight: number | null;
}

/** A prepared picture's grey levels, one byte per pixel, row by row. */
interface Pixels {
  data: Buffer;
  width: number;
}

/** Ink, not paper: darker than half way, after the contrast was stretched. */
const INK = 128;

/**
 * Whether a symbol read as `+` is a `÷`: Tesseract's English data reads the division sign as a plus. The picture
 * tells them apart: down any column a plus is one stroke, a division sign three short ones (dot, bar, dot). The box
 * Tesseract gives can sit off the glyph by a quarter of its width, so the columns around it are looked at too, and a
 * dot must show in a few columns, not one stray pixel.
 */
const isDivisionSign = (box: Bbox, pixels: Pixels): boolean => {
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  const short = 0.4 * height;
  let columns = 0;
  for (let x = Math.max(0, Math.round(box.x0 - width / 4)); x < Math.min(pixels.width, box.x1 + width / 4); x++) {
    const runs: number[] = [];
    let run = 0;
    for (let y = box.y0; y <= box.y1; y++) {
      const ink = (pixels.data[y * pixels.width + x] ?? 255) < INK;
      if (ink) run++;
      else if (run > 0) {
        runs.push(run);
        run = 0;
      }
    }
    if (run > 0) runs.push(run);
    if (runs.length === 3 && runs.every((length) => length < short)) columns++;
  }
  return columns >= 3;
};

/**
 * Digits set above the line (x², 2³) come back as plain digits: their boxes tell, and `^` marks them. A division
 * sign read as a plus is put right from its shape.
 */
const lineText = (line: Line, pixels: Pixels): string => {
  const digitHeights = line.words
    .flatMap((word) => word.symbols)
    .filter((symbol) => /^\d$/.test(symbol.text))
    .map((symbol) => symbol.bbox.y1 - symbol.bbox.y0)
    .sort((a, b) => a - b);
  const fullHeight = digitHeights.at(-1) ?? 0;
  const baseline = Math.max(line.baseline.y0, line.baseline.y1);
  return line.words
    .map((word) => {
      let text = '';
      let raised = false;
      for (const symbol of word.symbols) {
        const height = symbol.bbox.y1 - symbol.bbox.y0;
        const up =
          /^\d$/.test(symbol.text) &&
          text !== '' &&
          (symbol.is_superscript ||
            (fullHeight > 0 && height < 0.75 * fullHeight && symbol.bbox.y1 < baseline - 0.3 * fullHeight));
        const read = symbol.text === '+' && isDivisionSign(symbol.bbox, pixels) ? '÷' : symbol.text;
        text += up && !raised ? `^${read}` : read;
        raised = up;
      }
      return text;
    })
    .join(' ');
};

/**
 * One pass of the worker; the text comes back cleaned. (A second pass with only formula characters allowed was
 * tried on the bench and read worse: 57% of equations exact against 68%.)
 */
const recognizeText = async (ocr: Worker, image: { png: Buffer; pixels: Pixels }): Promise<Reading> => {
  const { data } = await ocr.recognize(image.png, {}, { text: true, blocks: true });
  const lines = (data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines));
  const raw = lines.length > 0 ? lines.map((line) => lineText(line, image.pixels)).join('\n') : data.text;
  const heights = lines.map((line) => line.bbox.y1 - line.bbox.y0).sort((a, b) => a - b);
  return {
    text: cleanMathText(raw),
    confidence: Math.max(0, Math.min(1, data.confidence / 100)),
    lineHeight: heights[Math.floor(heights.length / 2)] ?? null,
  };
};

/** One reading of one variant: prepared, read, and read again at a better scale when the lines are far off it. */
const readVariant = async (ocr: Worker, bytes: Uint8Array, variant: (typeof VARIANTS)[number]): Promise<Reading> => {
  const prepared = await prepareForOcr(bytes, variant.filter);
  const reading = await recognizeText(ocr, prepared);
  if (reading.lineHeight === null) return reading;
  const better = variant.lineHeight / reading.lineHeight;
  if (better > 0.7 && better < 1.4) return reading;
  const rescaled = await prepareForOcr(bytes, variant.filter, Math.min(MAX_SCALE, prepared.scale * better));
  const again = await recognizeText(ocr, rescaled);
  return again.text === '' ? reading : again;
};

/** A formula that can be right: brackets balanced, one comparison at most, no two operators in a row, no stray marks. */
const wellFormed = (text: string): boolean => {
  let depth = 0;
  for (const c of text) {
    depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    if (depth < 0) return false;
  }
  const compact = text.replace(/\s+/g, '');
  // School formulas use lower-case one-letter variables; capitals and letter pairs are misread symbols (`XZ`, `IX`).
  const letters = compact.replace(/sqrt|sin|cos|tan|log|ln|pi/g, '');
  return (
    !/[A-Z]|[a-z]{2}/.test(letters) &&
    depth === 0 &&
    (compact.match(/<=|>=|!=|[=<>]/g) ?? []).length <= 1 &&
    !/[+\-*/=<>^]{2}/.test(compact.replace(/<=|>=|!=|[=<>]-/g, '=')) &&
    !/[[\]{}|\\'"~`¢$&#@:;]/.test(compact)
  );
};

/** A reading with the small marks filtering can lose (a decimal point, a slash, hence a `^` in its place) taken out. */
const withoutSmallMarks = (text: string): string => text.replace(/[./^]/g, '');

/**
 * The text most readings agree on, well-formed ones first. Readings that differ only by small marks count as
 * agreeing, and the one that saw the marks wins: the filters lose a decimal point or a thin slash, they do not add one.
 * A tie goes to the more confident.
 */
const vote = (readings: readonly Reading[]): Reading | null => {
  const candidates = readings.filter((reading) => reading.text !== '');
  const score = (reading: Reading): number =>
    (wellFormed(reading.text) ? 10 : 0) +
    candidates.filter((other) => withoutSmallMarks(other.text) === withoutSmallMarks(reading.text)).length +
    0.1 * (reading.text.match(/[./]/g) ?? []).length +
    0.01 * reading.confidence;
  return candidates.reduce<Reading | null>(
    (best, reading) => (best === null || score(reading) > score(best) ? reading : best),
    null,
  );
};

/**
 * Reads a picture of a printed exercise, within a time limit.
 *
 * @param bytes - a checked PNG, JPEG or WebP picture
 * @param timeoutMs - how long the reading may take; past it the worker is ended (a new one serves the next reading)
 * @returns the reading, or null when no text was found
 * @throws {Error} when the time limit passed
 */
export const readWithOcr = async (bytes: Uint8Array, timeoutMs: number): Promise<ImageReading | null> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`The picture could not be read within ${timeoutMs / 1000} s`));
    }, timeoutMs);
  });
  try {
    const ocr = await Promise.race([worker(), timeout]);
    const readings: Reading[] = [];
    for (const variant of VARIANTS) {
      readings.push(await Promise.race([readVariant(ocr, bytes, variant), timeout]));
      // Prose read with confidence the first way is kept; formulas, and readings that came out as noise, vote.
      const first = readings[0];
      if (first !== undefined && first.confidence >= 0.75 && !first.text.split('\n').every(isMathLine)) break;
    }
    const best = vote(readings);
    if (best === null) return null;
    return { text: best.text, latex: mathTextToLatex(best.text), confidence: best.confidence };
  } catch (error) {
    // A stuck or failed worker is replaced rather than reused.
    await stopOcrWorker();
    throw error;
  } finally {
    clearTimeout(timer);
  }
};
