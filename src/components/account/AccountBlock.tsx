import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $user } from '@/stores/session';
import Avatar from './Avatar';
import LogoutDialog from './LogoutDialog';

interface AccountBlockProps {
  variant: 'desktop' | 'mobile';
}

const itemClass =
  'block cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800';

/** The signed-in header block (spec §2): Dashboard button and the avatar's account menu, or its mobile form. */
export default function AccountBlock({ variant }: AccountBlockProps) {
  const user = useStore($user);
  const [logoutOpen, setLogoutOpen] = useState(false);
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
          <LogoutDialog
            trigger={
              <button type="button" className="btn-ghost col-span-2">
                Logout
              </button>
            }
          />
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
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="rounded-full outline-offset-2 focus-visible:outline-2 focus-visible:outline-primary-500">
          {/* The name comes from this text and the avatar's: "Account menu <username>". */}
          <span className="sr-only">Account menu</span>
          <Avatar username={user.username} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-modal w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="px-3 py-2">
              <p className="truncate font-semibold text-slate-900 dark:text-white">{user.username}</p>
              <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
            <DropdownMenu.Item asChild className={itemClass}>
              <a href="/app">Dashboard</a>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <a href="/app/account">Account</a>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => setLogoutOpen(true)}>
              Logout
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />
    </div>
  );
}
