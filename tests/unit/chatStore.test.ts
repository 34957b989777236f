// @vitest-environment happy-dom
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { AnswerEvent, ChatApi, Conversation, Message, PracticeAttempt } from '@/lib/api/chat';
import { ApiError } from '@/lib/api/errors';
import type { TutorAnswer } from '@/lib/api/tutor';
import {
  $chat,
  answerPractice,
  ask,
  loadPractice,
  openConversation,
  openNewChat,
  retry,
  setChatApi,
  stopAnswer,
} from '@/stores/chat';
import { $conversations } from '@/stores/conversations';
import { $toasts } from '@/stores/toasts';

const conversation: Conversation = {
  id: 1,
  documentId: 'conv1',
  tool: 'math-solver',
  title: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

const solved = { status: 'solved', verified: true, steps: [], hints: [], practice: [] } as unknown as TutorAnswer;

async function* events(...list: AnswerEvent[]): AsyncGenerator<AnswerEvent> {
  for (const event of list) {
    await Promise.resolve();
    yield event;
  }
}

const message = (over: Partial<Message>): Message => ({
  id: 1,
  documentId: 'm',
  role: 'user',
  text: '',
  answer: null,
  status: 'complete',
  createdAt: '',
  updatedAt: '',
  ...over,
});

function fakeApi(over: Partial<ChatApi> = {}): ChatApi {
  return {
    list: vi.fn(() =>
      Promise.resolve({ data: [], meta: { pagination: { page: 1, pageSize: 30, pageCount: 0, total: 0 } } }),
    ),
    create: vi.fn(() => Promise.resolve({ data: conversation })),
    get: vi.fn(() => Promise.resolve({ data: conversation })),
    rename: vi.fn(),
    remove: vi.fn(),
    messages: vi.fn(() => Promise.resolve({ data: [] as Message[] })),
    send: vi.fn(() =>
      Promise.resolve(
        events(
          { event: 'start', data: { tool: 'math-solver', source: 'engine', questionId: 'q1', messageId: 'a1' } },
          { event: 'step', data: { title: 'Factor', explanation: 'x' } },
          { event: 'answer', data: solved },
          { event: 'done', data: {} },
        ),
      ),
    ),
    retry: vi.fn(),
    practice: vi.fn(() => Promise.resolve({ practice: [] })),
    attempts: vi.fn(() => Promise.resolve({ data: [] as PracticeAttempt[] })),
    attempt: vi.fn(),
    ...over,
  };
}

beforeEach(() => {
  $conversations.set([]);
  $toasts.set([]);
  openNewChat('math-solver');
});

describe('chat store', () => {
  test('the first question creates the conversation, streams the answer and keeps the keys after the resync', async () => {
    const api = fakeApi();
    setChatApi(api);
    vi.mocked(api.messages).mockResolvedValue({
      data: [
        message({ documentId: 'q1', text: 'x^2-5x+6=0' }),
        message({ documentId: 'a1', role: 'assistant', text: 'x = 2 or x = 3', answer: solved }),
      ],
    });
    expect(await ask('  x^2-5x+6=0 ')).toBe(true);
    expect(api.create).toHaveBeenCalledWith('math-solver');
    expect(api.send).toHaveBeenCalledWith('conv1', 'x^2-5x+6=0', undefined, expect.any(AbortSignal));
    const state = $chat.get();
    expect(state.conversationId).toBe('conv1');
    expect(state.busy).toBe(false);
    expect(state.entries.map((entry) => [entry.role, entry.documentId, entry.status])).toEqual([
      ['user', 'q1', 'complete'],
      ['assistant', 'a1', 'complete'],
    ]);
    expect(state.entries[0]?.key).toMatch(/^local-/);
    expect($conversations.get()[0]).toMatchObject({ documentId: 'conv1', title: 'x^2-5x+6=0' });
  });

  test('the daily limit: the question is taken back, the notice links to pricing', async () => {
    const refusal = new ApiError({
      error: 'RateLimitError',
      message: 'You have used your 20 free questions for today.',
      statusCode: 429,
      details: { pricing: '/pricing', limit: 20 },
    });
    setChatApi(fakeApi({ send: vi.fn(() => Promise.reject(refusal)) }));
    expect(await ask('one more')).toBe(false);
    expect($chat.get().entries).toEqual([]);
    expect($chat.get().quota).toEqual({ message: refusal.message, pricing: '/pricing' });
    expect($toasts.get().map((toast) => toast.message)).toEqual([refusal.message]);
  });

  test('a stream that ends without done is partial, with Retry offered', async () => {
    setChatApi(
      fakeApi({
        send: vi.fn(() =>
          Promise.resolve(
            events(
              { event: 'start', data: { tool: 'math-solver', source: 'model', questionId: 'q1', messageId: 'a1' } },
              { event: 'delta', data: { text: 'Half an ' } },
            ),
          ),
        ),
      }),
    );
    await ask('cut me off');
    const reply = $chat.get().entries[1];
    expect(reply).toMatchObject({ status: 'partial', text: 'Half an ', documentId: 'a1' });
    expect(reply?.error).toMatch(/cut off/);
  });

  test('a model error with no text is an error; retry streams into the same message', async () => {
    const api = fakeApi({
      send: vi.fn(() =>
        Promise.resolve(
          events(
            { event: 'start', data: { tool: 'math-solver', source: 'model', questionId: 'q1', messageId: 'a1' } },
            { event: 'error', data: { kind: 'http', message: 'The AI model is not available right now.' } },
            { event: 'done', data: {} },
          ),
        ),
      ),
      retry: vi.fn(() =>
        Promise.resolve(
          events(
            { event: 'start', data: { tool: 'math-solver', source: 'model', messageId: 'a1' } },
            { event: 'delta', data: { text: 'Now it works.' } },
            { event: 'answer', data: solved },
            { event: 'done', data: {} },
          ),
        ),
      ),
    });
    setChatApi(api);
    await ask('please');
    const failed = $chat.get().entries[1];
    expect(failed).toMatchObject({ status: 'error', error: 'The AI model is not available right now.' });
    await retry(failed?.key ?? '');
    expect(api.retry).toHaveBeenCalledWith('conv1', 'a1', expect.any(AbortSignal));
    expect($chat.get().entries[1]).toMatchObject({
      key: failed?.key,
      status: 'complete',
      text: 'Now it works.',
      error: null,
    });
  });

  test('Stop aborts the stream and says the student stopped it', async () => {
    const api = fakeApi({
      send: vi.fn((_id: string, _text: string, _options: unknown, signal: AbortSignal) =>
        Promise.resolve(
          (async function* (): AsyncGenerator<AnswerEvent> {
            yield { event: 'start', data: { tool: 'math-solver', source: 'model' } };
            await new Promise((_resolve, reject) =>
              signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            );
          })(),
        ),
      ),
    });
    setChatApi(api);
    const asking = ask('long one');
    await vi.waitFor(() => expect(api.send).toHaveBeenCalled());
    stopAnswer();
    await asking;
    expect($chat.get().entries[1]).toMatchObject({ status: 'partial', error: 'You stopped this answer.' });
    expect($chat.get().busy).toBe(false);
  });

  test('another user’s or an unknown conversation shows not found', async () => {
    const missing = new ApiError({ error: 'NotFoundError', message: 'Conversation not found', statusCode: 404 });
    setChatApi(fakeApi({ get: vi.fn(() => Promise.reject(missing)) }));
    await openConversation('someone-elses');
    expect($chat.get().phase).toBe('not-found');
  });

  test('a saved partial or failed answer loads with its message and Retry', async () => {
    setChatApi(
      fakeApi({
        messages: vi.fn(() =>
          Promise.resolve({
            data: [
              message({ documentId: 'q', text: 'hi' }),
              message({ documentId: 'a', role: 'assistant', text: 'Hal', status: 'partial' }),
              message({ documentId: 'q2', text: 'again' }),
              message({ documentId: 'b', role: 'assistant', text: 'The model failed.', status: 'error' }),
            ],
          }),
        ),
      }),
    );
    await openConversation('conv1');
    const [, partial, , failed] = $chat.get().entries;
    expect(partial).toMatchObject({ text: 'Hal', status: 'partial' });
    expect(partial?.error).toMatch(/cut off/);
    expect(failed).toMatchObject({ text: '', status: 'error', error: 'The model failed.' });
  });

  test('practice: questions kept on the answer, attempts loaded with the conversation and added when checked', async () => {
    const kept: PracticeAttempt = {
      id: 1,
      documentId: 't1',
      conversation: 'conv1',
      message: 'a',
      tool: 'math-solver',
      question: 'x + 1 = 3',
      answer: 'x = 1',
      correct: false,
      differences: ['x = 1 gives 2 on the left, not 3.'],
      createdAt: '',
    };
    const practice = [{ question: 'x + 1 = 3', answer: 'x = 2', verified: true }];
    const api = fakeApi({
      messages: vi.fn(() =>
        Promise.resolve({
          data: [
            message({ documentId: 'q', text: 'x + 2 = 5' }),
            message({ documentId: 'a', role: 'assistant', text: '', answer: solved }),
          ],
        }),
      ),
      attempts: vi.fn(() => Promise.resolve({ data: [kept] })),
      practice: vi.fn(() => Promise.resolve({ practice })),
      attempt: vi.fn(() =>
        Promise.resolve({ data: { ...kept, id: 2, documentId: 't2', answer: 'x = 2', correct: true } }),
      ),
    });
    setChatApi(api);
    await openConversation('conv1');
    expect($chat.get().attempts).toEqual([kept]);
    const key = $chat.get().entries[1]?.key ?? '';
    expect(await loadPractice(key)).toEqual(practice);
    expect(api.practice).toHaveBeenCalledWith('conv1', 'a');
    expect($chat.get().entries[1]?.answer?.practice).toEqual(practice);
    await answerPractice(key, 'x + 1 = 3', 'x = 2');
    expect(api.attempt).toHaveBeenCalledWith('conv1', 'a', 'x + 1 = 3', 'x = 2');
    expect($chat.get().attempts.map((attempt) => [attempt.answer, attempt.correct])).toEqual([
      ['x = 1', false],
      ['x = 2', true],
    ]);
  });

  test('a conversation whose attempts cannot be read still opens, without them', async () => {
    setChatApi(fakeApi({ attempts: vi.fn(() => Promise.reject(new Error('offline'))) }));
    await openConversation('conv2');
    expect($chat.get()).toMatchObject({ phase: 'ready', attempts: [] });
  });
});
