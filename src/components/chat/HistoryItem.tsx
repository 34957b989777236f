import { lazy, Suspense, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import Icon from '@/components/app/Icon';
import ActionsMenu from '@/components/ui/ActionsMenu';
import type { Conversation } from '@/lib/api/chat';
import { errorMessage } from '@/lib/api/errors';
import { formText } from '@/lib/formText';
import { getTool } from '@/lib/tools';
import { $chat, openNewChat } from '@/stores/chat';
import { deleteConversation, renameConversation } from '@/stores/conversations';
import { navigateInApp } from '@/stores/router';
import { pushToast } from '@/stores/toasts';
import FittedTitle from './FittedTitle';

const DeleteConversationDialog = lazy(() => import('./DeleteConversationDialog'));

interface HistoryItemProps {
  conversation: Conversation;
  current: boolean;
}

const untitled = (conversation: Conversation) => conversation.title || `New ${getTool(conversation.tool).name} chat`;

/** A conversation in the history: its link, and a menu to rename or delete it. */
export default function HistoryItem({ conversation, current }: HistoryItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const row = useRef<HTMLDivElement>(null);
  // Where the menu and the confirmation open. In the phone's drawer (a modal <dialog>) everything outside it is
  // inert, so they open inside it; on a wide screen the menu opens inside the sidebar, within its landmark.
  const [layers, setLayers] = useState<{ menu: HTMLElement | null; dialog: HTMLElement | null }>({
    menu: null,
    dialog: null,
  });
  useEffect(() => {
    const node = row.current;
    setLayers({ menu: node?.closest<HTMLElement>('dialog, aside') ?? null, dialog: node?.closest('dialog') ?? null });
  }, [editing]);
  const title = untitled(conversation);
  const tool = getTool(conversation.tool);

  async function onRename(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = formText(new FormData(event.currentTarget), 'title').trim();
    setEditing(false);
    if (!next || next === conversation.title) return;
    try {
      await renameConversation(conversation.documentId, next);
    } catch (error) {
      pushToast(errorMessage(error, 'The conversation could not be renamed.'), 'error');
    }
  }

  async function onDelete() {
    try {
      await deleteConversation(conversation.documentId);
      pushToast('Conversation deleted.');
      if ($chat.get().conversationId === conversation.documentId) {
        openNewChat(conversation.tool);
        navigateInApp(`/app/${conversation.tool}`, { replace: true });
      }
    } catch (error) {
      pushToast(errorMessage(error, 'The conversation could not be deleted.'), 'error');
    }
  }

  if (editing) {
    return (
      <form onSubmit={(event) => void onRename(event)} className="px-1 py-0.5">
        <label htmlFor={`rename-${conversation.documentId}`} className="sr-only">
          New title
        </label>
        <input
          id={`rename-${conversation.documentId}`}
          name="title"
          defaultValue={conversation.title ?? ''}
          maxLength={200}
          required
          // The field replaces the link the student chose to rename: focus moves to it.
          autoFocus
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // Escape leaves the field only: in the phone's drawer it would otherwise close the drawer too.
            event.preventDefault();
            setEditing(false);
          }}
          onBlur={(event) => event.currentTarget.form?.requestSubmit()}
          className="w-full rounded-md border border-primary-500 bg-white px-2 py-1 text-sm text-slate-900 dark:bg-slate-950 dark:text-white"
        />
      </form>
    );
  }

  return (
    <div
      ref={row}
      className={`group flex items-center rounded-lg ${
        current ? 'bg-primary-50 dark:bg-primary-950' : 'hover:bg-slate-100 dark:hover:bg-slate-800'
      }`}
    >
      <a
        href={`/app/${conversation.tool}/${conversation.documentId}`}
        aria-current={current ? 'page' : undefined}
        className={`flex min-w-0 flex-1 items-center gap-2 px-3 py-2 text-sm ${
          current ? 'font-medium text-primary-900 dark:text-primary-100' : 'text-slate-700 dark:text-slate-300'
        }`}
      >
        <Icon name={tool.icon} className="size-4 shrink-0 opacity-70" />
        <FittedTitle title={title} />
      </a>
      <ActionsMenu
        label={`Actions for ${title}`}
        trigger={<span aria-hidden="true">⋯</span>}
        triggerClassName="mr-1 min-w-6 rounded-md px-1.5 py-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:opacity-100 data-[state=open]:opacity-100 md:opacity-0 md:group-hover:opacity-100 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white"
        container={layers.menu}
        contentClassName="z-modal min-w-36 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        items={[
          {
            label: 'Rename',
            className:
              'cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-800 outline-none data-highlighted:bg-slate-100 dark:text-slate-100 dark:data-highlighted:bg-slate-800',
            onSelect: () => setEditing(true),
          },
          {
            label: 'Delete',
            className:
              'cursor-pointer rounded-lg px-3 py-2 text-sm text-red-700 outline-none data-highlighted:bg-red-50 dark:text-red-300 dark:data-highlighted:bg-red-950',
            onSelect: () => setConfirming(true),
          },
        ]}
      />
      {/* Drawn only when asked for: the dialog's code loads then (issue #15, the app's first load). */}
      {confirming && (
        <Suspense fallback={null}>
          <DeleteConversationDialog
            title={title}
            open
            onOpenChange={setConfirming}
            onConfirm={() => void onDelete()}
            container={layers.dialog}
          />
        </Suspense>
      )}
    </div>
  );
}
