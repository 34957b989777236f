import { useStore } from '@nanostores/react';
import { groupByDate } from '@/lib/historyGroups';
import { $chat } from '@/stores/chat';
import { $appRoute } from '@/stores/router';
import {
  $conversations,
  $history,
  $historyMatches,
  $historyQuery,
  $historySearching,
  loadConversations,
  searchHistory,
} from '@/stores/conversations';
import HistoryItem from './HistoryItem';

/** The student's conversations, grouped by when they were last active, newest first, with a search box. */
export default function HistoryList() {
  const conversations = useStore($conversations);
  const matches = useStore($historyMatches);
  const query = useStore($historyQuery);
  const searching = useStore($historySearching);
  const history = useStore($history);
  const { conversationId } = useStore($chat, { keys: ['conversationId'] });
  // The chat keeps its conversation while the student is on the dashboard, practice or account page: it is the
  // current page only on a chat route (else two items of the sidebar looked selected).
  const routeKind = useStore($appRoute).kind;
  const openId = routeKind === 'tool' || routeKind === 'conversation' ? conversationId : null;

  return (
    <section aria-labelledby="history-heading" className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h2
        id="history-heading"
        className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
      >
        History
      </h2>
      {history.state === 'loading' && conversations.length === 0 && (
        <p role="status" className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
          Loading…
        </p>
      )}
      {history.state === 'error' && (
        <p role="alert" className="px-3 py-2 text-sm text-red-700 dark:text-red-300">
          Your history could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void loadConversations()}>
            Try again
          </button>
        </p>
      )}
      {history.state === 'ready' && conversations.length === 0 && (
        <p className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">Your conversations will appear here.</p>
      )}
      {conversations.length > 0 && (
        <div role="search" className="mt-2 px-1">
          <label htmlFor="history-search" className="sr-only">
            Search your conversations
          </label>
          <input
            id="history-search"
            type="search"
            value={query}
            placeholder="Search conversations"
            autoComplete="off"
            onChange={(event) => void searchHistory(event.currentTarget.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400"
          />
        </div>
      )}
      {query.trim() !== '' && (
        <p role="status" className="px-3 pt-2 text-xs text-slate-500 dark:text-slate-400">
          {searching
            ? 'Searching older conversations…'
            : matches.length === 0
              ? 'No conversation matches your search.'
              : `${String(matches.length)} ${matches.length === 1 ? 'conversation matches' : 'conversations match'}.`}
        </p>
      )}
      {groupByDate(matches).map((group) => (
        <div key={group.label} className="mt-3">
          <h3 className="px-3 text-xs font-medium text-slate-500 dark:text-slate-400">{group.label}</h3>
          <ul className="mt-1 space-y-0.5">
            {group.items.map((conversation) => (
              <li key={conversation.documentId}>
                <HistoryItem conversation={conversation} current={conversation.documentId === openId} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {history.hasMore && query.trim() === '' && (
        <button
          type="button"
          className="btn-ghost mt-2 w-full py-1.5 text-sm"
          disabled={history.state === 'loading'}
          onClick={() => void loadConversations(true)}
        >
          {history.state === 'loading' ? 'Loading…' : 'Show more'}
        </button>
      )}
    </section>
  );
}
