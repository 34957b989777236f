import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Line, type Worker } from 'tesseract.js';
import type { ImageReading } from '@studyease/contract';
import { cleanMathText, mathTextToLatex } from './math-text';

/**
 * The offline reader: Tesseract (tesseract.js, WebAssembly) with the English LSTM data shipped in the npm package
 * @tesseract.js-data/eng, so nothing is downloaded at run time and no model has to be configured.
 */

/** The package's folder of the LSTM-only ("best_int") data, which OEM.LSTM_ONLY reads. */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** Text smaller than this (the picture's short side, in pixels) is upscaled: Tesseract reads ~30 px letters best. */
const UPSCALE_BELOW = 600;

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
 * Greyscale, upright (EXIF), contrast stretched and, when small, upscaled: what Tesseract reads best.
 * @param bytes - a checked PNG, JPEG or WebP picture
 * @returns a PNG for the reader
 */
export const prepareForOcr = async (bytes: Uint8Array): Promise<Buffer> => {
  const image = sharp(bytes).rotate().greyscale();
  const { width, height } = await image.metadata();
  const shortSide = Math.min(width, height);
  const scale = shortSide > 0 && shortSide < UPSCALE_BELOW ? Math.min(4, UPSCALE_BELOW / shortSide) : 1;
  const resized =
    scale > 1 ? image.resize(Math.round(width * scale), Math.round(height * scale), { kernel: 'lanczos3' }) : image;
  // A median filter takes out the grain of a phone photo before the threshold turns the page black and white.
  return resized.normalise().median(3).threshold(THRESHOLD).png().toBuffer();
};

/** Digits set above the line (x², 2³) come back as plain digits: their boxes tell, and `^` marks them. */
const lineText = (line: Line): string => {
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
        text += up && !raised ? `^${symbol.text}` : symbol.text;
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
const recognizeText = async (ocr: Worker, image: Buffer): Promise<{ text: string; confidence: number }> => {
  const { data } = await ocr.recognize(image, {}, { text: true, blocks: true });
  const lines = (data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines));
  const raw = lines.length > 0 ? lines.map(lineText).join('\n') : data.text;
  return { text: cleanMathText(raw), confidence: Math.max(0, Math.min(1, data.confidence / 100)) };
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
  const prepared = await prepareForOcr(bytes);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`The picture could not be read within ${timeoutMs / 1000} s`));
    }, timeoutMs);
  });
  try {
    const ocr = await Promise.race([worker(), timeout]);
    const { text, confidence } = await Promise.race([recognizeText(ocr, prepared), timeout]);
    if (text === '') return null;
    return { text, latex: mathTextToLatex(text), confidence };
  } catch (error) {
    // A stuck or failed worker is replaced rather than reused.
    await stopOcrWorker();
    throw error;
  } finally {
    clearTimeout(timer);
  }
};
