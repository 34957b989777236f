import { titleFrom } from '@studyease/contract';
import { map } from 'nanostores';
import {
  type AnswerEvent,
  type ChatApi,
  chatApi,
  type Conversation,
  type Message,
  type PracticeAttempt,
  type QuestionOptions,
} from '@/lib/api/chat';
import { ApiError } from '@/lib/api/errors';
import type { PracticeQuestion, Step, TutorAnswer } from '@/lib/api/tutor';
import type { ToolId } from '@/lib/tools';
import { bumpConversation, setHistoryApi, touchConversation } from './conversations';
import { rendererSettled } from './renderer';
import { pushToast } from './toasts';

/** One message on screen: a saved one, or one being sent or streamed. */
export interface ChatEntry {
  /** Stable React key: a saved message keeps the key it had while it streamed. */
  key: string;
  /** The backend's id, once known. */
  documentId: string | null;
  role: 'user' | 'assistant';
  /** The student's question, or the model's streamed text. */
  text: string;
  /** Steps as they streamed, before the full answer arrived. */
  steps: Step[];
  answer: TutorAnswer | null;
  status: 'streaming' | 'complete' | 'partial' | 'error';
  /** What went wrong, for the student (shown on the message, with Retry). */
  error: string | null;
}

export interface ChatState {
  tool: ToolId;
  /** The open conversation's document id; null for a new chat that has no question yet. */
  conversationId: string | null;
  title: string | null;
  phase: 'new' | 'loading' | 'ready' | 'not-found' | 'error';
  entries: ChatEntry[];
  /** An answer is streaming (one at a time). */
  busy: boolean;
  /** The daily free limit was reached: the backend's message, and the pricing link it gave. */
  quota: { message: string; pricing: string } | null;
  /** The student's answers to this conversation's practice questions, oldest first (kept by the backend). */
  attempts: PracticeAttempt[];
}

export const $chat = map<ChatState>({
  tool: 'math-solver',
  conversationId: null,
  title: null,
  phase: 'new',
  entries: [],
  busy: false,
  quota: null,
  attempts: [],
});

let chat: ChatApi = chatApi;
/** Tests swap the backend calls (for the history too). */
export function setChatApi(next: ChatApi): void {
  chat = next;
  setHistoryApi(next);
}

let controller: AbortController | null = null;
let nextKey = 1;
const localKey = () => `local-${nextKey++}`;

const CUT_OFF = 'The answer was cut off before it was complete. Retry to finish it.';
const STOPPED = 'You stopped this answer.';
const UNREACHABLE = 'The StudyEase service could not be reached. Check your connection and try again.';

function patch(key: string, change: Partial<ChatEntry>): void {
  $chat.setKey(
    'entries',
    $chat.get().entries.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)),
  );
}

function entryOf(key: string): ChatEntry | undefined {
  return $chat.get().entries.find((entry) => entry.key === key);
}

/** A saved message as an entry; an error's text is its message. */
function fromMessage(message: Message, key: string): ChatEntry {
  const failed = message.status === 'error';
  return {
    key,
    documentId: message.documentId,
    role: message.role,
    text: failed && message.role === 'assistant' ? '' : message.text,
    steps: [],
    answer: message.answer,
    status: message.status,
    error:
      message.role !== 'assistant'
        ? null
        : failed
          ? message.text || 'The answer could not be completed.'
          : message.status === 'partial'
            ? CUT_OFF
            : null,
  };
}

/** Stops a streaming answer (the backend keeps what arrived, marked partial). */
export function stopAnswer(): void {
  controller?.abort();
}

/** Shows an empty chat with a tool. */
export function openNewChat(tool: ToolId): void {
  stopAnswer();
  $chat.set({
    tool,
    conversationId: null,
    title: null,
    phase: 'new',
    entries: [],
    busy: false,
    quota: null,
    attempts: [],
  });
}

/** Shows a saved conversation; does nothing when it is the one already shown (e.g. just created here). */
export async function openConversation(documentId: string): Promise<void> {
  const current = $chat.get();
  if (current.conversationId === documentId && current.phase !== 'error') return;
  stopAnswer();
  $chat.set({
    ...current,
    conversationId: documentId,
    title: null,
    phase: 'loading',
    entries: [],
    busy: false,
    quota: null,
    attempts: [],
  });
  try {
    const [{ data: conversation }, { data: messages }, attempts] = await Promise.all([
      chat.get(documentId),
      chat.messages(documentId),
      // The practice results are extra: without them the conversation still opens (its questions are on the messages).
      chat.attempts(documentId).then(
        ({ data }) => data,
        () => [],
      ),
      // Loaded beside the messages (never after them), so they open typeset rather than changing size a moment later.
      rendererSettled(),
    ]);
    if ($chat.get().conversationId !== documentId) return;
    $chat.set({
      ...$chat.get(),
      tool: conversation.tool,
      title: conversation.title,
      phase: 'ready',
      entries: messages.map((message) => fromMessage(message, localKey())),
      attempts,
    });
  } catch (error) {
    if ($chat.get().conversationId !== documentId) return;
    // Someone else's conversation answers 404 as well: the page says "not found" and tells nothing more.
    const notFound = error instanceof ApiError && error.statusCode === 404;
    $chat.setKey('phase', notFound ? 'not-found' : 'error');
  }
}

/** Re-reads the saved messages after a stream, keeping each entry's key (so nothing on screen jumps). */
async function resync(documentId: string): Promise<void> {
  try {
    const { data } = await chat.messages(documentId);
    if ($chat.get().conversationId !== documentId || $chat.get().busy) return;
    const byId = new Map($chat.get().entries.map((entry) => [entry.documentId, entry]));
    // Only a list that has everything on screen replaces it (a message whose id never arrived stays as it is).
    const saved = new Set(data.map((message) => message.documentId));
    if ($chat.get().entries.some((entry) => !entry.documentId || !saved.has(entry.documentId))) return;
    $chat.setKey(
      'entries',
      data.map((message) => {
        const known = byId.get(message.documentId);
        const entry = fromMessage(message, known?.key ?? localKey());
        // A stop is the student's own choice: say so rather than "cut off".
        return known?.error === STOPPED && entry.status === 'partial' ? { ...entry, error: STOPPED } : entry;
      }),
    );
  } catch {
    // The screen keeps what it has; the next load shows the saved state.
  }
}

/** Applies a stream's events to the assistant entry `key`. */
async function consume(events: AsyncGenerator<AnswerEvent>, key: string, questionKey: string | null): Promise<void> {
  let text = '';
  let failure: string | null = null;
  let answer: TutorAnswer | null = null;
  let done = false;
  for await (const { event, data } of events) {
    switch (event) {
      case 'start':
        if (data.messageId) patch(key, { documentId: data.messageId });
        if (questionKey && data.questionId) patch(questionKey, { documentId: data.questionId });
        break;
      case 'delta':
        text += data.text;
        patch(key, { text });
        break;
      case 'step':
        patch(key, { steps: [...(entryOf(key)?.steps ?? []), data] });
        break;
      case 'answer':
        answer = data;
        patch(key, { answer });
        break;
      case 'error':
        failure = data.message;
        break;
      case 'done':
        done = true;
        break;
    }
  }
  if (failure) {
    patch(key, { status: text ? 'partial' : 'error', error: failure });
    pushToast(failure, 'error');
  } else if (!done) {
    patch(key, { status: 'partial', error: CUT_OFF });
    pushToast(CUT_OFF, 'error');
  } else {
    patch(key, { status: answer ? 'complete' : 'error', error: answer ? null : 'No answer came back. Please retry.' });
  }
}

/** Runs one answer stream with its stop button, its errors and the resync after it. */
async function runStream(
  start: (signal: AbortSignal) => Promise<AsyncGenerator<AnswerEvent>>,
  key: string,
  questionKey: string | null,
): Promise<'streamed' | 'refused'> {
  const documentId = $chat.get().conversationId;
  controller = new AbortController();
  const own = controller;
  $chat.setKey('busy', true);
  let outcome: 'streamed' | 'refused' = 'streamed';
  try {
    await consume(await start(own.signal), key, questionKey);
  } catch (error) {
    if (own.signal.aborted) {
      patch(key, { status: 'partial', error: STOPPED });
    } else if (error instanceof ApiError && error.statusCode === 0) {
      patch(key, { status: 'error', error: UNREACHABLE });
    } else if (error instanceof ApiError && error.statusCode !== 500) {
      outcome = 'refused';
      handleRefusal(error);
    } else {
      const message = 'The answer could not be completed. Please try again.';
      patch(key, { status: entryOf(key)?.text ? 'partial' : 'error', error: message });
      // The client's global error event has already shown a toast for a 5xx or a dropped connection.
      if (!(error instanceof ApiError)) pushToast(message, 'error');
    }
  } finally {
    if (controller === own) controller = null;
    $chat.setKey('busy', false);
  }
  if (documentId && outcome === 'streamed') await resync(documentId);
  return outcome;
}

/** A refused call (quota, too long, gone): said once, where it applies. */
function handleRefusal(error: ApiError): void {
  if (error.statusCode === 429) {
    const details = (error.details ?? {}) as { pricing?: unknown };
    const pricing =
      typeof details.pricing === 'string' && details.pricing.startsWith('/') ? details.pricing : '/pricing';
    $chat.setKey('quota', { message: error.message, pricing });
  } else if (error.statusCode === 404) {
    $chat.setKey('phase', 'not-found');
  }
  pushToast(error.message, 'error');
}

/**
 * Sends a question in the open conversation (creating it first for a new chat) and streams the answer.
 * @returns false when the question was not taken (busy, refused, no connection): the caller keeps the draft
 */
export async function ask(question: string, options?: QuestionOptions): Promise<boolean> {
  const text = question.trim();
  const state = $chat.get();
  if (!text || state.busy || state.phase === 'loading' || state.phase === 'not-found') return false;
  $chat.setKey('quota', null);

  let documentId = state.conversationId;
  if (!documentId) {
    $chat.setKey('busy', true);
    let created: Conversation;
    try {
      created = (await chat.create(state.tool)).data;
    } catch (error) {
      $chat.setKey('busy', false);
      if (error instanceof ApiError && error.statusCode > 0 && error.statusCode < 500)
        pushToast(error.message, 'error');
      return false;
    }
    documentId = created.documentId;
    $chat.set({ ...$chat.get(), conversationId: documentId, phase: 'ready', busy: false });
    touchConversation(created);
  }

  const questionKey = localKey();
  const key = localKey();
  const question_: ChatEntry = {
    key: questionKey,
    documentId: null,
    role: 'user',
    text,
    steps: [],
    answer: null,
    status: 'complete',
    error: null,
  };
  const reply: ChatEntry = { ...question_, key, role: 'assistant', text: '', status: 'streaming' };
  $chat.setKey('entries', [...$chat.get().entries, question_, reply]);

  const id = documentId;
  const outcome = await runStream((signal) => chat.send(id, text, options, signal), key, questionKey);
  if (outcome === 'refused') {
    // Nothing was saved: take the question off the screen; the caller puts it back in the input.
    $chat.setKey(
      'entries',
      $chat.get().entries.filter((entry) => entry.key !== key && entry.key !== questionKey),
    );
    return false;
  }
  const title = $chat.get().title ?? titleFrom(text);
  $chat.setKey('title', title);
  bumpConversation(id, $chat.get().tool, title);
  return true;
}

/** Answers again a failed or cut-off answer, into the same message. */
export async function retry(key: string): Promise<void> {
  const entry = entryOf(key);
  const documentId = $chat.get().conversationId;
  if (!entry?.documentId || !documentId || $chat.get().busy || entry.role !== 'assistant') return;
  if (entry.status !== 'error' && entry.status !== 'partial') return;
  patch(key, { status: 'streaming', text: '', steps: [], answer: null, error: null });
  const messageId = entry.documentId;
  const outcome = await runStream((signal) => chat.retry(documentId, messageId, signal), key, null);
  if (outcome === 'refused') patch(key, { status: entry.status, error: entry.error, text: entry.text });
}

/**
 * The practice questions of the saved answer `key`, made by the backend the first time and kept on its message (so
 * they are there when the conversation is opened again).
 * @throws {ApiError} when they could not be made or fetched
 */
export async function loadPractice(key: string): Promise<readonly PracticeQuestion[]> {
  const entry = entryOf(key);
  const documentId = $chat.get().conversationId;
  if (!entry?.documentId || !documentId) return [];
  const { practice } = await chat.practice(documentId, entry.documentId);
  const current = entryOf(key);
  if (current?.answer && $chat.get().conversationId === documentId)
    patch(key, { answer: { ...current.answer, practice } });
  return practice;
}

/**
 * Checks the student's answer to a practice question of the saved answer `key`; the backend keeps the attempt,
 * and the conversation shows it from then on.
 * @throws {ApiError} when it could not be checked
 */
export async function answerPractice(key: string, question: string, answer: string): Promise<PracticeAttempt | null> {
  const entry = entryOf(key);
  const documentId = $chat.get().conversationId;
  if (!entry?.documentId || !documentId) return null;
  const { data } = await chat.attempt(documentId, entry.documentId, question, answer);
  if ($chat.get().conversationId === documentId) $chat.setKey('attempts', [...$chat.get().attempts, data]);
  return data;
}
