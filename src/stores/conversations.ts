import { atom, computed } from 'nanostores';
import { type ChatApi, chatApi, type Conversation } from '@/lib/api/chat';
import { ApiError } from '@/lib/api/errors';
import { matchesHistorySearch } from '@/lib/historySearch';

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

/** What the student typed in the history's search box. */
export const $historyQuery = atom('');
/** Whether the backend is being asked for older conversations matching the query (not all pages are loaded). */
export const $historySearching = atom(false);

/** The loaded conversations that match the search box (all of them when it is empty), newest first. */
export const $historyMatches = computed([$conversations, $historyQuery], (conversations, query) =>
  query.trim() ? conversations.filter((conversation) => matchesHistorySearch(conversation, query)) : conversations,
);

/** How long typing must pause before the backend is asked (the loaded list filters at once). */
export const HISTORY_SEARCH_DELAY_MS = 250;
/** The most matches one search asks the backend for (its largest page). */
const MAX_SEARCH_RESULTS = 100;
let searchTimer: ReturnType<typeof setTimeout> | undefined;
/** Settles the promise of a search that newer typing replaced before it was sent. */
let settleReplaced: (() => void) | undefined;

/** Asks the backend for the owner's conversations matching `search`; adds those not loaded yet, in date order. */
async function findOlder(search: string): Promise<void> {
  try {
    const { data } = await chat.list(1, MAX_SEARCH_RESULTS, search);
    if ($historyQuery.get().trim() !== search) return;
    const known = new Set($conversations.get().map((conversation) => conversation.documentId));
    const found = data.filter((conversation) => !known.has(conversation.documentId));
    if (found.length === 0) return;
    $conversations.set(
      [...$conversations.get(), ...found].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt)),
    );
  } catch (error) {
    // The loaded list still filters; older matches are simply not added.
    if (!(error instanceof ApiError)) console.error('[history] search failed', error);
  } finally {
    if ($historyQuery.get().trim() === search) $historySearching.set(false);
  }
}

/**
 * Filters the history by the search box. The loaded conversations filter at once; when older pages are not
 * loaded yet, the backend's search (its list endpoint's `q`, the owner's titles only) is asked after a pause,
 * and what it finds joins the loaded list in its place by date, so it can be opened, renamed or deleted.
 * @returns a promise that settles when the backend has answered (or at once when it is not asked)
 */
export function searchHistory(query: string): Promise<void> {
  $historyQuery.set(query);
  clearTimeout(searchTimer);
  settleReplaced?.();
  settleReplaced = undefined;
  const search = query.trim();
  if (!search || !$history.get().hasMore) {
    $historySearching.set(false);
    return Promise.resolve();
  }
  $historySearching.set(true);
  return new Promise((resolve) => {
    settleReplaced = resolve;
    searchTimer = setTimeout(() => {
      settleReplaced = undefined;
      void findOlder(search).then(resolve);
    }, HISTORY_SEARCH_DELAY_MS);
  });
}
