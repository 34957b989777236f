// A local OpenAI-compatible chat-completions server: a real HTTP server that streams Server-Sent Events chunk by
// chunk, so the model client is tested over the wire, including its failures. A small control API on the same
// server lets another process (the site's browser tests) change its behaviour:
//   GET  /control → { mode, reply, chunks, chunkDelayMs, holdAfter, holdFor, structured, sent, held, requests,
//        structuredRequests } (requests: how many answers were asked for; structuredRequests: how many structured
//        requests; held: whether a stream is waiting at `holdAfter`)
//   POST /control { mode?, reply?, chunks?, chunkDelayMs?, holdAfter?, holdFor?, structured? } → the same; sets what
//        is given, resets `sent`
//   POST /control/release → the same; the streams waiting at `holdAfter` go on
// A request with a `response_format` (the backend asking the model to restate a question as a structured request for
// the engines, issue #13) is answered whole, not streamed, with `structured`: by default a request of topic `none`
// (the model cannot restate it), so the backend goes on to ask for the model's own answer.
// A hold makes a test independent of timing (issue #11): the stream sends its first chunks, waits until the test
// has seen them, and goes on only when the test says so, however slow or fast the machine.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/**
 * - `ok`: streams the chunks, then `[DONE]`
 * - `error-500`: answers 500
 * - `slow`: never answers (the client's timeout must end it)
 * - `cut`: with `chunks`, streams all of them (`chunkDelayMs` apart), then destroys the socket (no `[DONE]`);
 *   without, cuts the reply around its middle
 * - `malformed`: answers 200 with a body that is not JSON (a stream's chunk, a structured request's whole reply)
 */
export const FAKE_MODEL_MODES = ['ok', 'error-500', 'slow', 'cut', 'malformed'] as const;
export type FakeModelMode = (typeof FAKE_MODEL_MODES)[number];

/** What the control API reads and sets. */
export interface FakeModelSettings {
  mode: FakeModelMode;
  /** The text streamed back, split into chunks of a few characters (when `chunks` is null). */
  reply: string;
  /** The exact chunks to stream instead of `reply`'s, or null. */
  chunks: string[] | null;
  /** Pause after each chunk, in milliseconds. */
  chunkDelayMs: number;
  /**
   * After this many chunks of a stream (0: before the first), the stream waits until `release()` or
   * POST /control/release; null: never. Read when the stream gets there, so setting it higher before a release
   * makes the stream wait again further on.
   */
  holdAfter: number | null;
  /**
   * Only requests whose body contains this text are held and counted in `sent` (null: every request). Other test
   * files share the model in parallel (the try box's model tools): their requests must neither wait nor count.
   */
  holdFor: string | null;
  /** The content of the reply to a structured request (a request with `response_format`); null: NO_STRUCTURED_REQUEST. */
  structured: string | null;
  /** The content of the reply to a structured request that carries a picture (the photo reader); null: IMAGE_READING. */
  imageReading: string | null;
}

/** What the fake reads in any picture unless told otherwise (the photo reader's JSON answer). */
export const IMAGE_READING = JSON.stringify({ text: '2x + 3 = 11', latex: '2x + 3 = 11', confidence: 0.93 });

/** @returns whether a chat request carries a picture (an `image_url` part in a message) */
const hasImage = (request: unknown): boolean => JSON.stringify(request).includes('"type":"image_url"');

/** A structured request that says "I cannot restate this question" (what the fake answers unless told otherwise). */
export const NO_STRUCTURED_REQUEST = JSON.stringify({
  topic: 'none',
  expression: '',
  variable: null,
  bounds: null,
  data: [],
  find: null,
  answerUnit: null,
});

/**
 * A structured request as a model would write it (the fields the test does not give are empty).
 * @param fields - topic, expression and the others of backend/src/tutor/model/structuredRequest.ts
 */
export const structuredRequest = (fields: Record<string, unknown>): string =>
  JSON.stringify({ ...(JSON.parse(NO_STRUCTURED_REQUEST) as Record<string, unknown>), ...fields });

/** A model's answer whose working multiplies wrongly (6 × 7 is 42): the backend must mark it. */
export const WRONG_ARITHMETIC_REPLY =
  'Each box holds 6 packs of 7 pencils.\nSo the box holds 6 × 7 = 41 pencils, and two boxes 41 + 41 = 82.\nAnswer: 82';

export interface FakeModel extends FakeModelSettings {
  /** Base URL to use as AI_BASE_URL (…/v1). */
  url: string;
  /** The server's origin, e.g. http://127.0.0.1:41234; the control API is at `${origin}/control`. */
  origin: string;
  /** Request bodies received for answers (streamed), newest last. */
  requests: unknown[];
  /** Request bodies received for structured requests, newest last. */
  structuredRequests: unknown[];
  /** Request bodies received with a picture (also counted in structuredRequests), newest last. */
  imageRequests: unknown[];
  /** Chunks written since the start or the last POST /control. */
  sent: number;
  /** Whether a stream is waiting at `holdAfter`. */
  readonly held: boolean;
  /** Lets the streams waiting at `holdAfter` go on. */
  release(): void;
  /** Resolves once a stream waits at `holdAfter` (at once if one does). */
  whenHeld(): Promise<void>;
  stop(): Promise<void>;
}

const DEFAULT_CHUNK_DELAY_MS = 2;

export const ControlBodySchema = z
  .object({
    mode: z.enum(FAKE_MODEL_MODES),
    reply: z.string(),
    chunks: z.array(z.string()).nullable(),
    chunkDelayMs: z.number().int().min(0).max(60_000),
    holdAfter: z.number().int().min(0).nullable(),
    holdFor: z.string().min(1).nullable(),
    structured: z.string().nullable(),
  })
  .partial()
  .strict();

const readText = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** Writes and waits until the data is handed to the socket (so a destroy right after does not drop it). */
const write = (res: ServerResponse, data: string): Promise<void> =>
  new Promise((resolve) => {
    res.write(data, () => resolve());
  });

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

/**
 * @param reply - the text to stream back in `ok` mode
 * @param settings - the other settings' initial values (mode `ok`, no explicit chunks, 2 ms between chunks)
 */
export const startFakeModel = async (
  reply = 'Hello',
  settings: Partial<Omit<FakeModelSettings, 'reply'>> & { port?: number } = {},
): Promise<FakeModel> => {
  const sockets = new Set<Socket>();
  /** What each waiting stream calls to go on. */
  const waiting = new Set<() => void>();
  /** Who waits for a stream to be held. */
  let onHeld: (() => void)[] = [];
  const release = (): void => {
    for (const go of waiting) go();
    waiting.clear();
  };
  /** Waits until released, or until the client goes away (then the stream ends at its next check). */
  const hold = (res: ServerResponse): Promise<void> =>
    new Promise((resolve) => {
      if (res.destroyed) {
        resolve();
        return;
      }
      const go = () => {
        waiting.delete(go);
        res.off('close', go);
        resolve();
      };
      waiting.add(go);
      res.on('close', go);
      for (const notify of onHeld) notify();
      onHeld = [];
    });
  const state: FakeModel = {
    url: '',
    origin: '',
    mode: settings.mode ?? 'ok',
    reply,
    chunks: settings.chunks ?? null,
    chunkDelayMs: settings.chunkDelayMs ?? DEFAULT_CHUNK_DELAY_MS,
    holdAfter: settings.holdAfter ?? null,
    holdFor: settings.holdFor ?? null,
    structured: settings.structured ?? null,
    imageReading: settings.imageReading ?? null,
    requests: [],
    structuredRequests: [],
    imageRequests: [],
    sent: 0,
    get held() {
      return waiting.size > 0;
    },
    release,
    whenHeld: () => (waiting.size > 0 ? Promise.resolve() : new Promise<void>((resolve) => onHeld.push(resolve))),
    stop: async () => {
      release();
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
  const controlView = () => ({
    mode: state.mode,
    reply: state.reply,
    chunks: state.chunks,
    chunkDelayMs: state.chunkDelayMs,
    holdAfter: state.holdAfter,
    holdFor: state.holdFor,
    structured: state.structured,
    sent: state.sent,
    held: state.held,
    requests: state.requests.length,
    structuredRequests: state.structuredRequests.length,
  });

  const control = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method === 'POST' && (req.url ?? '').split('?')[0] === '/control/release') {
      release();
      json(res, 200, controlView());
      return;
    }
    if (req.method === 'GET') {
      json(res, 200, controlView());
      return;
    }
    if (req.method !== 'POST') {
      json(res, 405, { error: 'GET or POST' });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(await readText(req));
    } catch {
      json(res, 400, { error: 'the body must be JSON' });
      return;
    }
    const parsed = ControlBodySchema.safeParse(body);
    if (!parsed.success) {
      json(res, 400, { error: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) });
      return;
    }
    const { mode, reply: text, chunks, chunkDelayMs, holdAfter, holdFor, structured } = parsed.data;
    if (mode !== undefined) state.mode = mode;
    if (text !== undefined) state.reply = text;
    if (chunks !== undefined) state.chunks = chunks;
    if (chunkDelayMs !== undefined) state.chunkDelayMs = chunkDelayMs;
    if (holdAfter !== undefined) state.holdAfter = holdAfter;
    if (holdFor !== undefined) state.holdFor = holdFor;
    if (structured !== undefined) state.structured = structured;
    state.sent = 0;
    json(res, 200, controlView());
  };

  /** A structured request: one JSON reply, never held or counted in `sent` (only answers stream). */
  const completeWhole = (res: ServerResponse, image: boolean): void => {
    if (state.mode === 'error-500') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
      return;
    }
    if (state.mode === 'slow') return; // Never answers: the client's timeout must end it.
    if (state.mode === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [{"message": {"content": "{\\"topic');
      return;
    }
    const body = JSON.stringify({
      id: 'x',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: image ? (state.imageReading ?? IMAGE_READING) : (state.structured ?? NO_STRUCTURED_REQUEST),
          },
        },
      ],
    });
    if (state.mode === 'cut') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(body.slice(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
      return;
    }
    json(res, 200, JSON.parse(body));
  };

  const complete = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readText(req);
    const request = JSON.parse(raw) as unknown;
    if (typeof request === 'object' && request !== null && 'response_format' in request) {
      state.structuredRequests.push(request);
      const image = hasImage(request);
      if (image) state.imageRequests.push(request);
      completeWhole(res, image);
      return;
    }
    state.requests.push(request);
    // Whether this request is the one a test watches (see `holdFor`).
    const watched = state.holdFor === null || raw.includes(JSON.stringify(state.holdFor).slice(1, -1));
    if (state.mode === 'error-500') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
      return;
    }
    if (state.mode === 'slow') return; // Never answers: the client's timeout must end it.
    if (state.mode === 'malformed') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {"choices": [{"delta": {"content": "Hel\n\ndata: [DONE]\n\n');
      return;
    }
    // The settings of this request: a POST /control meanwhile changes the next one.
    const { mode, chunks, chunkDelayMs } = state;
    const pieces = chunks ?? state.reply.match(/.{1,4}/gs) ?? [];
    // Without explicit chunks, `cut` stops after the piece at the middle.
    const cutAfter = mode !== 'cut' ? Infinity : chunks === null ? Math.floor(pieces.length / 2) : pieces.length - 1;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders(); // The stream has begun, even before (or without) a first chunk.
    for (const [index, piece] of pieces.entries()) {
      if (watched && index === state.holdAfter) await hold(res);
      if (res.destroyed) return; // The client went away.
      await write(res, chunk(piece));
      if (watched) state.sent += 1;
      // The pause also comes before a cut, so the client has read the last chunk when the connection drops.
      await sleep(chunkDelayMs);
      if (index >= cutAfter) {
        res.socket?.destroy();
        return;
      }
    }
    if (watched && pieces.length === state.holdAfter) await hold(res);
    if (res.destroyed) return;
    if (mode === 'cut') {
      // Explicit but empty chunks: cut before any text.
      res.socket?.destroy();
      return;
    }
    res.end('data: [DONE]\n\n');
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const handler =
      path === '/control' || path === '/control/release'
        ? control
        : req.method === 'POST' && path === '/v1/chat/completions'
          ? complete
          : null;
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    handler(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: error instanceof Error ? error.message : String(error) });
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(settings.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.url = `${state.origin}/v1`;
  return state;
};
