// POST /api/tutor/read-image: a photo of an exercise read into text, offline (no model configured) and with the
// fake model; bad files get a clear message; a signed-in student's reading counts as a question.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type SharpModule from 'sharp';
import { registerAccount } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';
import { startFakeModel, type FakeModel } from '../../tools/fake-model.ts';

const sharp = createRequire(path.join(import.meta.dirname, '../package.json'))('sharp') as typeof SharpModule;

/** A printed line of text as a PNG, drawn with sharp's SVG text (by default large, on a wide page). */
const printed = (text: string, { size = 44, width = 560 } = {}): Promise<Buffer> =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(2.5 * size)}">` +
        `<rect width="100%" height="100%" fill="white"/>` +
        `<text x="${Math.round(size * 0.68)}" y="${Math.round(size * 1.6)}" font-family="DejaVu Sans" font-size="${size}">${text}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

const upload = async (url: string, bytes: Uint8Array, name: string, token?: string) => {
  const form = new FormData();
  form.append('image', new Blob([bytes]), name);
  const res = await fetch(`${url}/api/tutor/read-image`, {
    method: 'POST',
    body: form,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as {
    text?: string;
    latex?: string;
    confidence?: number;
    error?: { message: string };
  };
  return { status: res.status, body };
};

describe('offline reader', () => {
  let backend: Backend;
  before(async () => {
    backend = await startBackend({ TUTOR_RATE_LIMIT_PER_MINUTE: '0', FREE_DAILY_QUESTIONS: '1' });
  });
  after(async () => {
    await backend.stop();
  });

  test('reads a printed "2x + 3 = 11" back as that', async () => {
    const { status, body } = await upload(backend.url, await printed('2x + 3 = 11'), 'exercise.png');
    assert.equal(status, 200);
    assert.equal(body.text, '2x + 3 = 11');
    assert.equal(body.latex, '2x + 3 = 11');
    assert.ok(typeof body.confidence === 'number' && body.confidence > 0.5 && body.confidence <= 1);
  });

  test('a division sign, which the English data reads as a plus, is read from its shape', async () => {
    const { status, body } = await upload(
      backend.url,
      await printed('12 ÷ 4 + x = 10', { size: 30, width: 340 }),
      'exercise.png',
    );
    assert.equal(status, 200);
    assert.equal(body.text, '12/4 + x = 10');
    // A plus of the same size stays a plus.
    const plus = await upload(backend.url, await printed('12 + 4 + x = 10', { size: 30, width: 340 }), 'exercise.png');
    assert.equal(plus.body.text, '12 + 4 + x = 10');
  });

  test('a text file named .png is refused by its bytes, with a clear message', async () => {
    const { status, body } = await upload(backend.url, Buffer.from('2x + 3 = 11, honestly a picture'), 'x.png');
    assert.equal(status, 415);
    assert.match(body.error?.message ?? '', /not a picture we can read/);
  });

  test('a 6 MB upload is refused as too large', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    big.set(await printed('1'), 0);
    const { status, body } = await upload(backend.url, big, 'big.png');
    assert.equal(status, 413);
    assert.match(body.error?.message ?? '', /larger than 5 MB/);
  });

  test('a 50 MB upload sent without a length is stopped at 5 MB, not read into memory whole', async () => {
    const boundary = 'photo-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\n\r\n`;
    let sent = 0;
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(Buffer.from(head));
      },
      pull(controller) {
        if (sent >= 50) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${backend.url}/api/tutor/read-image`, {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    });
    assert.equal(res.status, 413);
    const answer = (await res.json()) as { error: { message: string } };
    assert.match(answer.error.message, /larger than 5 MB/);
  });

  test('a JSON body gets a message saying how to send the picture', async () => {
    const res = await fetch(`${backend.url}/api/tutor/read-image`, {
      method: 'POST',
      body: JSON.stringify({ image: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(res.status, 400);
    const answer = (await res.json()) as { error: { message: string } };
    assert.match(answer.error.message, /multipart\/form-data, in a field named "image"/);
  });

  test('a 1×1 pixel and a blank page get a clear message', async () => {
    const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const small = await upload(backend.url, pixel, 'pixel.png');
    assert.equal(small.status, 422);
    assert.match(small.body.error?.message ?? '', /too small to read/);
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#f4f4f4' } })
      .jpeg()
      .toBuffer();
    const empty = await upload(backend.url, blank, 'blank.jpg');
    assert.equal(empty.status, 422);
    assert.match(empty.body.error?.message ?? '', /could not see any writing/);
  });

  test("a signed-in student's reading counts as one of the day's questions", async () => {
    const { jwt } = await registerAccount(backend.url);
    const image = await printed('x + 1 = 4');
    assert.equal((await upload(backend.url, image, 'a.png', jwt)).status, 200);
    const second = await upload(backend.url, image, 'a.png', jwt);
    assert.equal(second.status, 429);
    assert.match(second.body.error?.message ?? '', /free questions for today/);
  });
});

describe('vision model', () => {
  let fake: FakeModel;
  let backend: Backend;
  before(async () => {
    fake = await startFakeModel('unused');
    backend = await startBackend({
      TUTOR_RATE_LIMIT_PER_MINUTE: '0',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'text-model',
      AI_VISION_MODEL: 'vision-model',
    });
  });
  after(async () => {
    await backend.stop();
    await fake.stop();
  });

  test('the configured vision model reads the picture, sent inline as a data URL', async () => {
    const image = await printed('y - 2 = 5');
    const { status, body } = await upload(backend.url, image, 'photo.png');
    assert.equal(status, 200);
    // The fake's reading, not the picture's: the model read it.
    assert.deepEqual(body, { text: '2x + 3 = 11', latex: '2x + 3 = 11', confidence: 0.93 });
    const request = JSON.stringify(fake.imageRequests.at(-1));
    assert.match(request, /"model":"vision-model"/);
    assert.ok(request.includes(`data:image/png;base64,${image.toString('base64')}`));
  });
});
