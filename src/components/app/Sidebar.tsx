import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import HistoryList from '@/components/chat/HistoryList';
import type { AppRoute } from '@/lib/appRoute';
import { isToolAvailable, UNAVAILABLE_BADGE } from '@/lib/toolAvailability';
import { TOOLS } from '@/lib/tools';
import { loadConversations } from '@/stores/conversations';
import { $toolAvailability } from '@/stores/toolAvailability';
import Icon from './Icon';

interface SidebarProps {
  route: AppRoute;
  /** The history is the student's own: it loads once the session is known. */
  signedIn: boolean;
}

function linkClass(current: boolean): string {
  const base = 'flex items-center gap-3 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium';
  return current
    ? `${base} bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200`
    : `${base} text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800`;
}

function SidebarContent({ route, signedIn }: SidebarProps) {
  const active = route.kind === 'tool' || route.kind === 'conversation' ? route.tool : null;
  const availability = useStore($toolAvailability);
  return (
    <>
      <a href={`/app/${active ?? 'math-solver'}`} className="btn-primary w-full justify-center py-2 text-sm">
        <Icon name="plus" className="size-4" /> New chat
      </a>
      <nav aria-label="Study tools" className="mt-4">
        <ul className="space-y-0.5">
          <li>
            <a
              href="/app"
              aria-current={route.kind === 'dashboard' ? 'page' : undefined}
              className={linkClass(route.kind === 'dashboard')}
            >
              <Icon name="home" className="size-5 shrink-0" />
              Dashboard
            </a>
          </li>
          <li>
            <a
              href="/app/practice"
              aria-current={route.kind === 'practice' ? 'page' : undefined}
              className={linkClass(route.kind === 'practice')}
            >
              <Icon name="repeat" className="size-5 shrink-0" />
              Practice
            </a>
          </li>
          {TOOLS.map((tool) => (
            <li key={tool.id}>
              <a
                href={`/app/${tool.id}`}
                aria-current={active === tool.id && route.kind === 'tool' ? 'page' : undefined}
                className={linkClass(active === tool.id)}
              >
                <Icon name={tool.icon} className="size-5 shrink-0" />
                {isToolAvailable(availability, tool.id) ? (
                  tool.name
                ) : (
                  // Under the name: beside it, "Homework Helper" and the mark overflow the 18 rem column.
                  <span className="flex flex-col leading-tight">
                    {tool.name}
                    <span
                      className={`text-xs font-normal ${
                        // On the current tool's tinted row the plain grey is below 4.5:1 (axe).
                        active === tool.id
                          ? 'text-primary-700 dark:text-primary-300'
                          : 'text-slate-500 dark:text-slate-400'
                      }`}
                      data-tool-badge
                    >
                      {UNAVAILABLE_BADGE}
                    </span>
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {signedIn && <HistoryList />}
    </>
  );
}

/** Tools and history: a column on wide screens, a drawer behind a button on phones. */
export default function Sidebar({ route, signedIn }: SidebarProps) {
  const drawer = useRef<HTMLDialogElement>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    if (signedIn) void loadConversations();
  }, [signedIn]);

  // Following a link in the drawer closes it.
  useEffect(() => drawer.current?.close(), [route]);

  const active = route.kind === 'tool' || route.kind === 'conversation' ? route.tool : null;
  return (
    <>
      {/* A landmark of its own on phones, where it stands for the sidebar (axe "region"). */}
      <nav
        aria-label="Chats"
        className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 md:hidden dark:border-slate-800 dark:bg-slate-900"
      >
        <button
          type="button"
          className="btn-ghost px-2 py-1.5 text-sm"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => {
            setDrawerOpen(true);
            drawer.current?.showModal();
          }}
        >
          <Icon name="menu" className="size-5" /> Chats
        </button>
        <a href={`/app/${active ?? 'math-solver'}`} className="btn-outline ml-auto px-3 py-1.5 text-sm">
          <Icon name="plus" className="size-4" /> New chat
        </a>
      </nav>
      <aside className="hidden border-r border-slate-200 bg-white md:block md:w-72 md:shrink-0 dark:border-slate-800 dark:bg-slate-900">
        <div className="sticky top-0 max-h-dvh overflow-y-auto p-4">
          <SidebarContent route={route} signedIn={signedIn} />
        </div>
      </aside>
      <dialog
        ref={drawer}
        aria-label="Chats and tools"
        onClose={() => setDrawerOpen(false)}
        onClick={(event) => event.target === drawer.current && drawer.current.close()}
        className="app-drawer m-0 h-dvh max-h-dvh w-80 max-w-[85vw] bg-white p-0 backdrop:bg-slate-950/50 md:hidden dark:bg-slate-900"
      >
        <div className="flex h-full flex-col overflow-y-auto p-4">
          <button
            type="button"
            className="btn-ghost mb-3 self-end px-2 py-1.5 text-sm"
            onClick={() => drawer.current?.close()}
          >
            <Icon name="close" className="size-5" /> Close
          </button>
          {drawerOpen && <SidebarContent route={route} signedIn={signedIn} />}
        </div>
      </dialog>
    </>
  );
}
