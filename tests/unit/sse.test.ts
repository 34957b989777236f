import { describe, expect, test } from 'vitest';
import { readServerSentEvents, type ServerSentEvent } from '@/lib/api/sse';

/** A body that delivers the given pieces one by one, as a network would. */
function bodyOf(...pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readServerSentEvents(body)) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  test('reads named events with JSON data', async () => {
    const events = await collect(bodyOf('event: start\ndata: {"a":1}\n\nevent: done\ndata: {}\n\n'));
    expect(events).toEqual([
      { event: 'start', data: '{"a":1}' },
      { event: 'done', data: '{}' },
    ]);
  });

  test('joins events split anywhere across chunks, multi-byte characters included', async () => {
    const text = 'event: delta\ndata: {"text":"x² — ok"}\n\n';
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    expect(await collect(stream)).toEqual([{ event: 'delta', data: '{"text":"x² — ok"}' }]);
  });

  test('handles CRLF, comments, several data lines and a missing event name', async () => {
    const events = await collect(bodyOf(': keep-alive\r\n\r\ndata: one\r\ndata: two\r\n\r\n'));
    expect(events).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  test('drops an event the stream ended in the middle of', async () => {
    expect(await collect(bodyOf('event: delta\ndata: {"text":"a"}\n\nevent: delta\ndata: {"te'))).toEqual([
      { event: 'delta', data: '{"text":"a"}' },
    ]);
  });
});
