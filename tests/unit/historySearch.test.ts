import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ChatApi, Conversation } from '@/lib/api/chat';
import { matchesHistorySearch } from '@/lib/historySearch';
import {
  $conversations,
  $history,
  $historyMatches,
  $historySearching,
  HISTORY_SEARCH_DELAY_MS,
  searchHistory,
  setHistoryApi,
} from '@/stores/conversations';

const conversation = (documentId: string, title: string | null, updatedAt: string): Conversation => ({
  id: 1,
  documentId,
  tool: 'physics-solver',
  title,
  createdAt: updatedAt,
  updatedAt,
});

describe('matchesHistorySearch', () => {
  test('every word, in the title or the tool name, ignoring case and accents', () => {
    const box = { title: 'A box of 5 kg is pushed with 20 N', tool: 'physics-solver' } as const;
    expect(matchesHistorySearch(box, 'BOX 20')).toBe(true);
    expect(matchesHistorySearch(box, 'physics kg')).toBe(true);
    expect(matchesHistorySearch(box, 'box 35')).toBe(false);
    expect(matchesHistorySearch({ title: 'Résumé du cours', tool: 'translator' }, 'resume')).toBe(true);
    expect(matchesHistorySearch({ title: null, tool: 'translator' }, '')).toBe(true);
  });
});

describe('searchHistory', () => {
  const list = vi.fn<ChatApi['list']>();

  beforeEach(() => {
    vi.useFakeTimers();
    list.mockReset();
    setHistoryApi({ list } as unknown as ChatApi);
    $conversations.set([
      conversation('new', 'A box of 5 kg is pushed with 20 N', '2026-11-24T10:00:00.000Z'),
      conversation('mid', 'A ball is dropped from 20 m', '2026-11-23T10:00:00.000Z'),
    ]);
  });

  afterEach(async () => {
    await searchHistory('');
    vi.useRealTimers();
  });

  test('filters the loaded list at once; with every page loaded the backend is not asked', async () => {
    $history.set({ state: 'ready', page: 1, hasMore: false });
    await searchHistory('box');
    expect($historyMatches.get().map((item) => item.documentId)).toEqual(['new']);
    expect(list).not.toHaveBeenCalled();
    await searchHistory('  ');
    expect($historyMatches.get()).toHaveLength(2);
  });

  test('with older pages not loaded, asks the backend after a pause and adds what it finds by date', async () => {
    $history.set({ state: 'ready', page: 1, hasMore: true });
    list.mockResolvedValue({
      data: [conversation('old', 'A box of 2 kg on a ramp', '2026-10-01T10:00:00.000Z')],
      meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 1 } },
    });
    void searchHistory('bo');
    const done = searchHistory('box');
    expect($historyMatches.get().map((item) => item.documentId)).toEqual(['new']);
    expect($historySearching.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(HISTORY_SEARCH_DELAY_MS);
    await done;
    // One request, for the last text typed.
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledWith(1, 100, 'box');
    expect($historyMatches.get().map((item) => item.documentId)).toEqual(['new', 'old']);
    expect($conversations.get().map((item) => item.documentId)).toEqual(['new', 'mid', 'old']);
    expect($historySearching.get()).toBe(false);
  });
});
