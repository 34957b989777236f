import {
  ANSWER_EVENT_NAMES,
  type AnswerEvent,
  AnswerEventSchema,
  ConversationListSchema,
  ConversationResultSchema,
  MessageListSchema,
  PracticeAttemptListSchema,
  PracticeAttemptResultSchema,
  PracticeResultSchema,
  type SolveOptions,
  type ToolId,
} from '@studyease/contract';
import { api, type ApiClient, UNREADABLE_ANSWER } from './client';
import type { ServerSentEvent } from './sse';

export type {
  AnswerEvent,
  Conversation,
  Message,
  MessageStatus,
  Pagination,
  PracticeAttempt,
} from '@studyease/contract';

const EVENT_NAMES = new Set<string>(ANSWER_EVENT_NAMES);

/**
 * Turns raw events into the contract's events. Unknown names are skipped (a newer backend may add some); an event
 * of a known name that is not JSON or not in the contract's shape becomes an `error` event, so the chat says so
 * instead of showing half an answer.
 */
async function* toAnswerEvents(events: AsyncGenerator<ServerSentEvent>): AsyncGenerator<AnswerEvent> {
  for await (const { event, data } of events) {
    if (!EVENT_NAMES.has(event)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      parsed = undefined;
    }
    const checked = AnswerEventSchema.safeParse({ event, data: parsed });
    yield checked.success
      ? checked.data
      : { event: 'error', data: { kind: 'invalid-response', message: UNREADABLE_ANSWER } };
  }
}

/** Options a tool takes with a question: the translator's `from` and `to` languages. */
export type QuestionOptions = SolveOptions;

/**
 * The chat calls: the signed-in student's own conversations and their messages.
 * @throws {import('./errors').ApiError} on any failure
 */
export function createChatApi(client: ApiClient) {
  const path = (id: string) => `/conversations/${encodeURIComponent(id)}`;
  return {
    /** One page of the student's conversations; with `search`, only those whose title holds its every word. */
    list: (page = 1, pageSize = 20, search?: string) =>
      client.request(
        '/conversations',
        { query: { page, pageSize, ...(search ? { q: search } : {}) } },
        ConversationListSchema,
      ),
    create: (tool: ToolId) =>
      client.request('/conversations', { method: 'POST', body: { tool } }, ConversationResultSchema),
    get: (id: string) => client.request(path(id), {}, ConversationResultSchema),
    rename: (id: string, title: string) =>
      client.request(path(id), { method: 'PUT', body: { title } }, ConversationResultSchema),
    remove: (id: string) => client.request(path(id), { method: 'DELETE' }, ConversationResultSchema),
    messages: (id: string) => client.request(`${path(id)}/messages`, {}, MessageListSchema),
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
    /** The practice questions of an answer: made once by the backend and kept on the message. */
    practice: (id: string, messageId: string) =>
      client.request(
        `${path(id)}/messages/${encodeURIComponent(messageId)}/practice`,
        { method: 'POST' },
        PracticeResultSchema,
      ),
    /** The student's answers to the conversation's practice questions, oldest first. */
    attempts: (id: string) => client.request(`${path(id)}/practice-attempts`, {}, PracticeAttemptListSchema),
    /** Checks the student's answer to one of an answer's practice questions; the backend keeps it. */
    attempt: (id: string, messageId: string, question: string, answer: string) =>
      client.request(
        `${path(id)}/messages/${encodeURIComponent(messageId)}/practice-attempts`,
        { method: 'POST', body: { question, answer } },
        PracticeAttemptResultSchema,
      ),
  };
}

export type ChatApi = ReturnType<typeof createChatApi>;
export const chatApi: ChatApi = createChatApi(api);
