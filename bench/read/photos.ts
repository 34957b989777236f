// The bench's photos of printed exercises, made here rather than stored: each exercise is drawn with sharp's SVG
// text (fonts from fontconfig: DejaVu and Liberation are on every machine of ours), slightly turned, blurred and
// given noise, with what it says in the engines' input (what the reader must give back).
import { createRequire } from 'node:module';
import path from 'node:path';
import type SharpModule from 'sharp';

const backendRoot = path.resolve(import.meta.dirname, '../../backend');
const sharp = createRequire(path.join(backendRoot, 'package.json'))('sharp') as typeof SharpModule;

export interface Photo {
  category: 'equation' | 'word problem';
  /** What is printed (Unicode maths as a book prints it). */
  printed: string;
  /** What the reader should answer: the engines' input. */
  expected: string;
  font: string;
  size: number;
  png: Buffer;
}

/** Single-line equations: printed form and the engines' input. */
const EQUATIONS: readonly (readonly [string, string])[] = [
  ['2x + 3 = 11', '2x + 3 = 11'],
  ['5y − 7 = 18', '5y - 7 = 18'],
  ['x² − 5x + 6 = 0', 'x^2 - 5x + 6 = 0'],
  ['3x − 4 = 2x + 9', '3x - 4 = 2x + 9'],
  ['4(x + 2) = 20', '4(x + 2) = 20'],
  ['x/3 + 2 = 7', 'x/3 + 2 = 7'],
  ['(x + 1)/2 = 5', '(x + 1)/2 = 5'],
  ['2x² + 3x − 2 = 0', '2x^2 + 3x - 2 = 0'],
  ['7 − 2x = 1', '7 - 2x = 1'],
  ['0.5x + 1.5 = 4', '0.5x + 1.5 = 4'],
  ['3 × 4 + 5 = y', '3 * 4 + 5 = y'],
  ['x³ = 27', 'x^3 = 27'],
  ['6x − 10 = 4x + 2', '6x - 10 = 4x + 2'],
  ['2(3x − 1) = 16', '2(3x - 1) = 16'],
  ['x² = 49', 'x^2 = 49'],
  ['10 − x = 3x + 2', '10 - x = 3x + 2'],
  ['4x + 12 = 0', '4x + 12 = 0'],
  ['y² − 9 = 0', 'y^2 - 9 = 0'],
  ['3(x + 4) = 2(x + 7)', '3(x + 4) = 2(x + 7)'],
  ['x/4 = 2.5', 'x/4 = 2.5'],
  // A number over a number is written tight, as the reader's clean-up writes it ("12/4"): the same input.
  ['12 ÷ 4 + x = 10', '12/4 + x = 10'],
  ['2x − 3 > 7', '2x - 3 > 7'],
];

/** Short word problems, one or two printed lines each. */
const WORD_PROBLEMS: readonly string[] = [
  'A train travels 120 km in 2 hours. What is its speed?',
  'Tom has 15 apples and gives away 6. How many are left?',
  'A rectangle is 8 cm long and 5 cm wide. Find its area.',
  'Three pens cost 4.50 dollars. How much does one pen cost?',
  'A car uses 6 litres of fuel per 100 km. How much for 250 km?',
  'The sum of two numbers is 30 and their difference is 4.',
  'A ball is dropped from a height of 20 m. How long does it fall?',
  'Find the mass of 2 moles of water.',
  'A shirt costs 40 dollars and is sold at 25% off. Find the price.',
  'Sam is 3 years older than Ana. Together they are 27. How old is Ana?',
];

const FONTS = ['DejaVu Sans', 'Liberation Serif', 'Liberation Sans', 'DejaVu Serif'] as const;

/** A small seeded generator, so every run draws the same photos. */
const random = (seed: number): (() => number) => {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
};

const escapeXml = (text: string): string =>
  text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);

/** Splits a sentence into lines of at most `width` characters. */
const wrap = (text: string, width: number): string[] => {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
};

/**
 * Draws one photo: paper-white background, dark grey ink, turned by up to ±2°, blurred and with noise.
 * @param lines - the printed lines
 * @param font - a fontconfig family
 * @param size - the font size in pixels
 * @param next - the seeded generator
 */
const draw = async (lines: readonly string[], font: string, size: number, next: () => number): Promise<Buffer> => {
  const longest = Math.max(...lines.map((line) => line.length));
  const width = Math.round(longest * size * 0.62 + 2 * size);
  const height = Math.round(lines.length * size * 1.5 + 1.5 * size);
  const text = lines
    .map(
      (line, index) =>
        `<text x="${size}" y="${Math.round(size * 1.5 + index * size * 1.5)}" font-family="${font}" ` +
        `font-size="${size}" fill="#222">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f6f4ee"/>${text}</svg>`;
  const angle = (next() * 2 - 1) * 2;
  const blur = 0.3 + next() * 0.7;
  const turned = await sharp(Buffer.from(svg))
    .rotate(angle, { background: '#f6f4ee' })
    .blur(blur)
    .png()
    .toBuffer({ resolveWithObject: true });
  // Gaussian grain from the seeded generator (Box-Muller), so every run reads the very same photos.
  const grain = Buffer.alloc(turned.info.width * turned.info.height);
  for (let index = 0; index < grain.length; index += 1) {
    const gaussian = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    grain[index] = Math.max(0, Math.min(255, Math.round(128 + 18 * gaussian)));
  }
  const noise = await sharp(grain, { raw: { width: turned.info.width, height: turned.info.height, channels: 1 } })
    .toColourspace('srgb')
    .png()
    .toBuffer();
  return sharp(turned.data)
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 85 })
    .toBuffer();
};

/** @returns the bench's photos: every equation in two fonts and sizes, every word problem in two */
export const makePhotos = async (): Promise<Photo[]> => {
  const next = random(15);
  const photos: Photo[] = [];
  for (const [index, [printed, expected]] of EQUATIONS.entries()) {
    for (const variant of [0, 1]) {
      const font = FONTS[(index + variant * 2) % FONTS.length] ?? 'DejaVu Sans';
      const size = [22, 30, 40, 56][(index + variant) % 4] ?? 30;
      photos.push({
        category: 'equation',
        printed,
        expected,
        font,
        size,
        png: await draw([printed], font, size, next),
      });
    }
  }
  for (const [index, printed] of WORD_PROBLEMS.entries()) {
    for (const variant of [0, 1]) {
      const font = FONTS[(index + variant) % FONTS.length] ?? 'DejaVu Sans';
      const size = [24, 32, 44][(index + variant) % 3] ?? 32;
      const lines = wrap(printed, variant === 0 ? 80 : 36);
      photos.push({
        category: 'word problem',
        printed,
        expected: printed,
        font,
        size,
        png: await draw(lines, font, size, next),
      });
    }
  }
  return photos;
};
