import { useStore } from '@nanostores/react';
import FittedTitle from '@/components/chat/FittedTitle';
import DueForReview from '@/components/practice/DueForReview';
import { isToolAvailable, UNAVAILABLE_BADGE } from '@/lib/toolAvailability';
import { TOOL_GRID_CLASS, toolGridItemClass } from '@/lib/toolGrid';
import { getTool, TOOLS } from '@/lib/tools';
import { $conversations, $history } from '@/stores/conversations';
import { $toolAvailability } from '@/stores/toolAvailability';
import Icon from './Icon';

/** How many recent conversations the dashboard lists (the sidebar has them all). */
const RECENT = 6;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /app: what is due for review, the five tools and the student's recent conversations. */
export default function Dashboard() {
  const conversations = useStore($conversations);
  const history = useStore($history);
  const availability = useStore($toolAvailability);
  return (
    <div className="mx-auto w-full max-w-5xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Your study tools</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">Pick a tool to start a new conversation.</p>
      <DueForReview />
      {/*
        Compact on a phone (icon and name, two to a row) so the recent conversations below are in reach; the full
        cards from `sm`. The grid's spans leave no empty cell at any width (lib/toolGrid.ts).
      */}
      <ul className={`mt-6 grid-cols-2 gap-2 sm:mt-8 sm:gap-4 ${TOOL_GRID_CLASS}`} data-tool-grid>
        {TOOLS.map((tool, index) => {
          // A tool this site cannot answer keeps its card, marked, and leads to the chat page that says why.
          const available = isToolAvailable(availability, tool.id);
          return (
            <li key={tool.id} className={toolGridItemClass(index, TOOLS.length, 2)}>
              <a
                href={`/app/${tool.id}`}
                className="flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 transition hover:border-primary-300 hover:shadow-sm sm:flex-col sm:items-start sm:gap-0 sm:rounded-2xl sm:p-5 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-primary-700"
              >
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700 sm:size-10 sm:rounded-xl dark:bg-primary-950 dark:text-primary-300">
                  <Icon name={tool.icon} className="size-5" />
                </span>
                <span className="min-w-0 sm:mt-3">
                  <span className="block text-sm font-semibold text-slate-900 sm:text-base dark:text-white">
                    {tool.name}
                  </span>
                  {!available && (
                    <span className="block text-xs font-medium text-amber-800 dark:text-amber-300" data-tool-badge>
                      {UNAVAILABLE_BADGE}
                    </span>
                  )}
                </span>
                <span className="mt-1 hidden flex-1 text-sm text-slate-600 sm:block dark:text-slate-400">
                  {tool.summary}
                </span>
                {available && (
                  <span className="mt-4 hidden items-center gap-1 text-sm font-semibold text-primary-700 sm:inline-flex dark:text-primary-300">
                    <Icon name="plus" className="size-4" /> New conversation
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
      <section aria-labelledby="recent-heading" className="mt-8 sm:mt-12">
        <h2 id="recent-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Recent conversations
        </h2>
        {history.state === 'ready' && conversations.length === 0 ? (
          <p className="mt-3 rounded-2xl border border-dashed border-slate-300 p-6 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            Your conversations will appear here once you start one.
          </p>
        ) : history.state === 'error' && conversations.length === 0 ? (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
            Your conversations could not be loaded. They are saved; reload the page to try again.
          </p>
        ) : conversations.length === 0 ? (
          <p role="status" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            Loading your conversations…
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {conversations.slice(0, RECENT).map((conversation) => {
              const tool = getTool(conversation.tool);
              const title = conversation.title || `New ${tool.name} chat`;
              return (
                <li key={conversation.documentId}>
                  <a
                    href={`/app/${conversation.tool}/${conversation.documentId}`}
                    className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60"
                  >
                    <Icon name={tool.icon} className="size-5 shrink-0 text-primary-700 dark:text-primary-300" />
                    <span className="min-w-0 flex-1">
                      <FittedTitle title={title} className="font-medium text-slate-900 dark:text-white" />
                      <span className="block text-xs text-slate-500 dark:text-slate-400">
                        {tool.name} · {dateFormat.format(new Date(conversation.updatedAt))}
                      </span>
                    </span>
                    <Icon name="arrowRight" className="size-4 shrink-0 text-slate-400" />
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
