import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Icon from '@/components/app/Icon';
import NotFoundView from '@/components/app/NotFoundView';
import { languageOptions } from '@/lib/languages';
import { pageTitle } from '@/lib/pageTitle';
import { calculatorToText } from '@/lib/readableMath';
import { getTool, type ToolId } from '@/lib/tools';
import { $chat, ask, openConversation, openNewChat, stopAnswer } from '@/stores/chat';
import { $conversations } from '@/stores/conversations';
import { $appRoute, navigateInApp } from '@/stores/router';
import { $hintsFirst, $languagePair } from '@/stores/settings';
import AssistantMessage from './AssistantMessage';
import Composer from './Composer';
import QuestionText from './QuestionText';
import ToolUnavailable, { useToolAvailable } from './ToolUnavailable';

interface ChatViewProps {
  tool: ToolId;
  conversationId?: string;
}

/** Keeps the URL on the conversation shown: a new chat's first question creates it, and a tool in the URL follows it. */
function followConversationInUrl(): () => void {
  return $chat.listen((state) => {
    const route = $appRoute.get();
    if (state.phase !== 'ready' || !state.conversationId) return;
    if (route.kind === 'tool' && route.tool === state.tool) {
      navigateInApp(`/app/${state.tool}/${state.conversationId}`, { replace: true });
    } else if (route.kind === 'conversation' && route.id === state.conversationId && route.tool !== state.tool) {
      navigateInApp(`/app/${state.tool}/${state.conversationId}`, { replace: true });
    }
  });
}

/** `?q=…` on a new chat: the question to send at once (the tool pages' ask box and sign-in bring it here). */
function takeQueuedQuestion(): string | null {
  const params = new URLSearchParams(location.search);
  const question = params.get('q')?.trim();
  if (!question) return null;
  params.delete('q');
  const rest = params.toString();
  history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}`);
  return question;
}

/** /app/{tool} and /app/{tool}/{id}: the conversation, its answers, and the question box. */
export default function ChatView({ tool, conversationId }: ChatViewProps) {
  const state = useStore($chat);
  const hintsFirst = useStore($hintsFirst);
  const conversations = useStore($conversations);
  const [fill, setFill] = useState<{ text: string; at: number; edit?: boolean } | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const info = getTool(state.tool);
  // A tool this site cannot answer (no AI model for it) shows a friendly state instead of examples and question box.
  const available = useToolAvailable(state.tool);

  useEffect(() => followConversationInUrl(), []);

  useEffect(() => {
    if (conversationId) {
      void openConversation(conversationId);
      return;
    }
    openNewChat(tool);
    const queued = takeQueuedQuestion();
    if (queued) void ask(queued, tool === 'translator' ? languageOptions($languagePair.get()) : undefined);
  }, [tool, conversationId]);

  useEffect(() => {
    if (state.phase === 'not-found') {
      document.title = pageTitle({ pathname: location.pathname, statusCode: 404 });
    }
  }, [state.phase]);

  // Follow a streaming answer while the student is at the bottom; leave the page alone once they scroll up.
  useEffect(() => {
    const onScroll = () => {
      stickToBottom.current = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 120;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    if (stickToBottom.current && state.entries.length > 0) bottom.current?.scrollIntoView({ block: 'end' });
  }, [state.entries]);

  if (state.phase === 'not-found') return <NotFoundView path={location.pathname} />;

  const title =
    conversations.find((known) => known.documentId === state.conversationId)?.title ?? state.title ?? info.name;
  const empty = state.phase === 'new' || (state.phase === 'ready' && state.entries.length === 0);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 pb-3 dark:border-slate-800">
        <span className="inline-flex size-9 items-center justify-center rounded-lg bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300">
          <Icon name={info.icon} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold text-slate-900 dark:text-white">
            {empty ? info.name : calculatorToText(title, { chemistry: true })}
          </h1>
          {!empty && <p className="text-xs text-slate-500 dark:text-slate-400">{info.name}</p>}
        </div>
        {/* Only the engines' answers have a hint ladder: elsewhere the setting would do nothing. */}
        {info.hints && (
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="checkbox"
              className="size-4 accent-primary-700 dark:accent-primary-400"
              checked={hintsFirst}
              onChange={(event) => $hintsFirst.set(event.target.checked)}
            />
            Hints first
          </label>
        )}
      </header>

      <div className="flex-1 py-6" aria-live="off">
        {state.phase === 'loading' && (
          <p role="status" className="py-12 text-center text-slate-600 dark:text-slate-400">
            Loading the conversation…
          </p>
        )}
        {state.phase === 'error' && (
          <div role="alert" className="py-12 text-center">
            <p className="font-semibold text-slate-900 dark:text-white">This conversation could not be loaded.</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">It is saved; check your connection.</p>
            <button
              type="button"
              className="btn-primary mt-4"
              onClick={() => conversationId && void openConversation(conversationId)}
            >
              Try again
            </button>
          </div>
        )}
        {empty && !available && <ToolUnavailable tool={state.tool} />}
        {empty && available && (
          <section className="py-6" aria-labelledby="examples-heading">
            <p className="text-slate-600 dark:text-slate-400">{info.summary}</p>
            <h2 id="examples-heading" className="mt-6 text-sm font-semibold text-slate-900 dark:text-white">
              Try an example
            </h2>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {info.examples.map((example) => (
                <li key={example}>
                  <button
                    type="button"
                    disabled={state.busy}
                    onClick={() =>
                      void ask(example, tool === 'translator' ? languageOptions($languagePair.get()) : undefined).then(
                        (taken) => taken || setFill({ text: example, at: Date.now() }),
                      )
                    }
                    className="h-full w-full rounded-xl border border-slate-200 bg-white p-3 text-left text-sm text-slate-800 transition hover:border-primary-300 hover:bg-primary-50/40 disabled:opacity-60 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200 dark:hover:border-primary-700"
                  >
                    {example}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {state.entries.length > 0 && (
          <ol className="space-y-5" aria-label="Messages">
            {state.entries.map((entry) =>
              entry.role === 'user' ? (
                <li key={entry.key} className="flex justify-end">
                  <p className="max-w-[85%] rounded-2xl rounded-br-md bg-primary-700 px-4 py-2.5 break-words whitespace-pre-wrap text-white dark:bg-primary-400 dark:text-slate-950">
                    <QuestionText text={entry.text} />
                  </p>
                </li>
              ) : (
                <li key={entry.key}>
                  <AssistantMessage
                    entry={entry}
                    tool={state.tool}
                    hintsFirst={hintsFirst}
                    busy={state.busy}
                    onEdit={(question) => setFill({ text: question, at: Date.now(), edit: true })}
                  />
                </li>
              ),
            )}
          </ol>
        )}
        <div ref={bottom} />
      </div>

      <div className="sticky bottom-0 -mx-2 bg-gradient-to-t from-slate-50 from-70% px-2 pt-4 pb-4 dark:from-slate-950">
        {state.quota && (
          <div
            role="alert"
            className="mx-auto mb-3 max-w-3xl rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
          >
            {state.quota.message}{' '}
            <a href={state.quota.pricing} className="font-semibold underline">
              See plans
            </a>
          </div>
        )}
        {available ? (
          <Composer
            tool={state.tool}
            busy={state.busy}
            onSend={ask}
            onStop={stopAnswer}
            fill={fill}
            placeholder={tool === 'translator' ? 'Paste the text to translate…' : `Ask the ${info.name}…`}
          />
        ) : (
          !empty && <ToolUnavailable tool={state.tool} />
        )}
      </div>
    </div>
  );
}
