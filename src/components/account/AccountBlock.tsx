import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { useDeferredMenu } from '@/components/ui/ActionsMenu';
import { $user } from '@/stores/session';
import { ACCOUNT_TRIGGER_CLASS } from './accountTrigger';
import Avatar from './Avatar';

// Radix's menu and dialog are not part of a page's first load (issue #15): they load at the first sign of use.
const AccountMenu = lazy(() => import('./AccountMenu'));
const LogoutDialog = lazy(() => import('./LogoutDialog'));

interface AccountBlockProps {
  variant: 'desktop' | 'mobile';
}

/** The signed-in header block (spec §2): Dashboard button and the avatar's account menu, or its mobile form. */
export default function AccountBlock({ variant }: AccountBlockProps) {
  const user = useStore($user);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const menu = useDeferredMenu();
  if (!user) return null;

  if (variant === 'mobile') {
    return (
      <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800" data-account-block>
        <div className="flex items-center gap-3 px-3">
          <Avatar username={user.username} size="md" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900 dark:text-white">{user.username}</p>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
          </div>
        </div>
        <div className="mt-4 grid grid-cols-2 gap-2">
          <a href="/app" className="btn-primary">
            Dashboard
          </a>
          <a href="/app/account" className="btn-outline">
            Account
          </a>
          <button type="button" className="btn-ghost col-span-2" onClick={() => setLogoutOpen(true)}>
            Logout
          </button>
          {/* Drawn only when asked for: its code loads then. */}
          {logoutOpen && (
            <Suspense fallback={null}>
              <LogoutDialog open onOpenChange={setLogoutOpen} />
            </Suspense>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="flex items-center gap-2" data-account-block>
      {/* Not on the dashboard itself: the app shell marks the page it shows on <html> (AppShell.tsx). */}
      <a href="/app" className="btn-primary [html[data-app-route=dashboard]_&]:hidden">
        Dashboard
      </a>
      <Suspense fallback={null}>
        {menu.requested ? (
          <AccountMenu user={user} {...menu.handover} />
        ) : (
          <button className={ACCOUNT_TRIGGER_CLASS} {...menu.placeholderProps}>
            <span className="sr-only">Account menu</span>
            <Avatar username={user.username} />
          </button>
        )}
      </Suspense>
    </div>
  );
}
