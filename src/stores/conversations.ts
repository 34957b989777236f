import { atom } from 'nanostores';
import { type ChatApi, chatApi, type Conversation } from '@/lib/api/chat';
import { ApiError } from '@/lib/api/errors';

/** How many conversations the history loads per page. */
export const HISTORY_PAGE_SIZE = 30;

/** The signed-in student's conversations, most recently active first (the sidebar and the dashboard). */
export const $conversations = atom<readonly Conversation[]>([]);
export const $history = atom<{ state: 'idle' | 'loading' | 'ready' | 'error'; page: number; hasMore: boolean }>({
  state: 'idle',
  page: 0,
  hasMore: false,
});

let chat: ChatApi = chatApi;
/** Tests swap the backend calls. */
export function setHistoryApi(next: ChatApi): void {
  chat = next;
}

/** Loads the first page of the history (again), or the next page with `more`. */
export async function loadConversations(more = false): Promise<void> {
  const { state, page } = $history.get();
  if (state === 'loading') return;
  const next = more ? page + 1 : 1;
  $history.set({ ...$history.get(), state: 'loading' });
  try {
    const { data, meta } = await chat.list(next, HISTORY_PAGE_SIZE);
    const known = more ? $conversations.get() : [];
    const ids = new Set(known.map((conversation) => conversation.documentId));
    $conversations.set([...known, ...data.filter((conversation) => !ids.has(conversation.documentId))]);
    $history.set({ state: 'ready', page: next, hasMore: next < meta.pagination.pageCount });
  } catch (error) {
    $history.set({ ...$history.get(), state: 'error' });
    if (!(error instanceof ApiError)) throw error;
  }
}

/** Puts a new or just-active conversation at the top. */
export function touchConversation(conversation: Conversation): void {
  $conversations.set([
    conversation,
    ...$conversations.get().filter((known) => known.documentId !== conversation.documentId),
  ]);
}

/** Moves a conversation that just got a question to the top, with its title (the backend names it the same way). */
export function bumpConversation(documentId: string, tool: Conversation['tool'], title: string): void {
  const now = new Date().toISOString();
  const found = $conversations.get().find((known) => known.documentId === documentId);
  touchConversation(
    found
      ? { ...found, title: found.title ?? title, updatedAt: now }
      : { id: 0, documentId, tool, title, createdAt: now, updatedAt: now },
  );
}

/**
 * Renames a conversation; the list shows the new title at once and goes back if the backend refuses.
 * @throws {ApiError} when the backend refuses (the old title is back by then)
 */
export async function renameConversation(documentId: string, title: string): Promise<void> {
  const before = $conversations.get();
  $conversations.set(before.map((known) => (known.documentId === documentId ? { ...known, title } : known)));
  try {
    const { data } = await chat.rename(documentId, title);
    $conversations.set($conversations.get().map((known) => (known.documentId === documentId ? data : known)));
  } catch (error) {
    $conversations.set(before);
    throw error;
  }
}

/**
 * Deletes a conversation and its messages. The list changes only once the backend confirms: a failed delete must
 * not look like a done one.
 * @throws {ApiError} when the backend refuses
 */
export async function deleteConversation(documentId: string): Promise<void> {
  await chat.remove(documentId);
  $conversations.set($conversations.get().filter((known) => known.documentId !== documentId));
}
