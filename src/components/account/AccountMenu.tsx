import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import type { User } from '@/lib/api/auth';
import type { Handover } from '@/components/ui/ActionsMenu';
import { ACCOUNT_TRIGGER_CLASS } from './accountTrigger';
import Avatar from './Avatar';
import LogoutDialog from './LogoutDialog';

const itemClass =
  'block cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 dark:text-slate-200 dark:data-[highlighted]:bg-slate-800';

/** The avatar's account menu (loaded by AccountBlock at the first sign of use, with the logout confirmation). */
export default function AccountMenu({ user, open, onOpenChange, triggerRef }: { user: User } & Handover) {
  const [logoutOpen, setLogoutOpen] = useState(false);
  return (
    <>
      <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
        <DropdownMenu.Trigger ref={triggerRef} className={ACCOUNT_TRIGGER_CLASS}>
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
    </>
  );
}
