// `npm run bench:read`: the offline photo reader (backend/src/tutor/read-image, compiled into backend/dist) on
// photos of printed exercises this bench draws itself (photos.ts). Prints per category: exact matches (the reading
// equals the engines' input, spaces included), character accuracy (1 − edit distance / length) and the median
// time of one reading. Goal (issue #15): at least 90% of single-line printed equations exactly right.
import { createRequire } from 'node:module';
import path from 'node:path';
import { distance } from 'fastest-levenshtein';
import type * as OcrReader from '../../backend/src/tutor/read-image/ocr-reader.ts';
import { makePhotos, type Photo } from './photos.ts';

const backendRoot = path.resolve(import.meta.dirname, '../../backend');
const { readWithOcr, stopOcrWorker } = createRequire(path.join(backendRoot, 'package.json'))(
  path.join(backendRoot, 'dist/src/tutor/read-image/ocr-reader.js'),
) as typeof OcrReader;

const show = process.argv.includes('--show');
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const started = performance.now();
const photos = await makePhotos();
console.log(`${photos.length} photos drawn in ${Math.round(performance.now() - started)} ms`);
// The first reading starts the worker (~1 s): not counted in the times.
await readWithOcr(photos[0]?.png ?? Buffer.alloc(0), 30_000);

interface Result {
  photo: Photo;
  read: string;
  ms: number;
}
const results: Result[] = [];
for (const photo of photos) {
  const begun = performance.now();
  const reading = await readWithOcr(photo.png, 30_000).catch(() => null);
  results.push({ photo, read: reading?.text ?? '', ms: performance.now() - begun });
}
await stopOcrWorker();

const rows = (['equation', 'word problem'] as const).map((category) => {
  const mine = results.filter((result) => result.photo.category === category);
  const exact = mine.filter((result) => result.read === result.photo.expected).length;
  const accuracy =
    mine.reduce((sum, { read, photo }) => {
      const length = Math.max(read.length, photo.expected.length, 1);
      return sum + (1 - distance(read, photo.expected) / length);
    }, 0) / Math.max(mine.length, 1);
  return {
    category,
    photos: mine.length,
    exact: `${exact}/${mine.length} (${((100 * exact) / Math.max(mine.length, 1)).toFixed(1)}%)`,
    'character accuracy': `${(100 * accuracy).toFixed(1)}%`,
    'median ms': Math.round(median(mine.map((result) => result.ms))),
  };
});
console.table(rows);
for (const { photo, read } of results) {
  if (show || (read !== photo.expected && photo.category === 'equation')) {
    console.log(
      `${read === photo.expected ? 'ok  ' : 'MISS'} [${photo.font} ${photo.size}px] ${JSON.stringify(photo.expected)} → ${JSON.stringify(read)}`,
    );
  }
}
console.log(`total ${Math.round((performance.now() - started) / 1000)} s`);
