import type { ToolId } from '@/lib/tools';
import { api, type ApiClient } from './client';
import type { ServerSentEvent } from './sse';
import type { Step, TutorAnswer } from './tutor';

/** A conversation as the chat API returns it (backend/README.md, "Chat API"). */
export interface Conversation {
  id: number;
  documentId: string;
  tool: ToolId;
  title: string | null;
  createdAt: string;
  updatedAt: string;
}

export type MessageStatus = 'complete' | 'partial' | 'error';

export interface Message {
  id: number;
  documentId: string;
  role: 'user' | 'assistant';
  text: string;
  answer: TutorAnswer | null;
  status: MessageStatus;
  createdAt: string;
  updatedAt: string;
}

export interface Pagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

/** The events of a streamed answer (the tutor's stream, with the saved messages' ids on `start`). */
export type AnswerEvent =
  | { event: 'start'; data: { tool: ToolId; source: 'engine' | 'model'; questionId?: string; messageId?: string } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'step'; data: Step }
  | { event: 'answer'; data: TutorAnswer }
  | { event: 'error'; data: { kind: string; message: string } }
  | { event: 'done'; data: Record<string, never> };

const EVENT_NAMES = new Set(['start', 'delta', 'step', 'answer', 'error', 'done']);

/** Turns raw events into typed ones; unknown names and unreadable data are skipped (a newer backend may add some). */
async function* toAnswerEvents(events: AsyncGenerator<ServerSentEvent>): AsyncGenerator<AnswerEvent> {
  for await (const { event, data } of events) {
    if (!EVENT_NAMES.has(event)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      continue;
    }
    if (typeof parsed === 'object' && parsed !== null) yield { event, data: parsed } as AnswerEvent;
  }
}

/** Options a tool takes with a question, e.g. the translator's `from` and `to` languages. */
export type QuestionOptions = Record<string, string>;

/**
 * The chat calls: the signed-in student's own conversations and their messages.
 * @throws {import('./errors').ApiError} on any failure
 */
export function createChatApi(client: ApiClient) {
  const path = (id: string) => `/conversations/${encodeURIComponent(id)}`;
  return {
    list: (page = 1, pageSize = 20) =>
      client.request<{ data: Conversation[]; meta: { pagination: Pagination } }>('/conversations', {
        query: { page, pageSize },
      }),
    create: (tool: ToolId) =>
      client.request<{ data: Conversation }>('/conversations', { method: 'POST', body: { tool } }),
    get: (id: string) => client.request<{ data: Conversation }>(path(id)),
    rename: (id: string, title: string) =>
      client.request<{ data: Conversation }>(path(id), { method: 'PUT', body: { title } }),
    remove: (id: string) => client.request<{ data: Conversation }>(path(id), { method: 'DELETE' }),
    messages: (id: string) => client.request<{ data: Message[] }>(`${path(id)}/messages`),
    /** Sends a question; the answer arrives as events, saved by the backend as they arrive. */
    send: async (id: string, text: string, options: QuestionOptions | undefined, signal: AbortSignal) =>
      toAnswerEvents(
        await client.stream(`${path(id)}/messages`, {
          method: 'POST',
          body: options ? { text, options } : { text },
          signal,
        }),
      ),
    /** Answers again a question whose answer failed or was cut off, into the same message. */
    retry: async (id: string, messageId: string, signal: AbortSignal) =>
      toAnswerEvents(
        await client.stream(`${path(id)}/messages/${encodeURIComponent(messageId)}/retry`, {
          method: 'POST',
          signal,
        }),
      ),
  };
}

export type ChatApi = ReturnType<typeof createChatApi>;
export const chatApi: ChatApi = createChatApi(api);
