// A local OpenAI-compatible chat-completions server: a real HTTP server that streams Server-Sent Events chunk by
// chunk, so the model client is tested over the wire, including its failures.
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeModelMode = 'ok' | 'error-500' | 'slow' | 'cut';

export interface FakeModel {
  /** Base URL to use as AI_BASE_URL (…/v1). */
  url: string;
  mode: FakeModelMode;
  /** The text streamed back, split into chunks of a few characters. */
  reply: string;
  /** Request bodies received, newest last. */
  requests: unknown[];
  stop(): Promise<void>;
}

const readBody = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
};

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;

export const startFakeModel = async (reply = 'Hello'): Promise<FakeModel> => {
  const sockets = new Set<import('node:net').Socket>();
  const state: FakeModel = {
    url: '',
    mode: 'ok',
    reply,
    requests: [],
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      state.requests.push(await readBody(req));
      if (state.mode === 'error-500') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
        return;
      }
      if (state.mode === 'slow') return; // Never answers: the client's timeout must end it.
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const pieces = state.reply.match(/.{1,4}/gs) ?? [];
      for (const [index, piece] of pieces.entries()) {
        res.write(chunk(piece));
        await new Promise((resolve) => setTimeout(resolve, 2));
        if (state.mode === 'cut' && index >= Math.floor(pieces.length / 2)) {
          res.socket?.destroy();
          return;
        }
      }
      res.end('data: [DONE]\n\n');
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
};
