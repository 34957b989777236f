import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { logout } from '@/stores/session';

interface LogoutDialogProps {
  /** The element that opens the dialog (a button or menu item). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * The warning confirmation of spec §4: title "Logout", text "Confirm logout?", OK and Cancel. OK clears the
 * session and reloads the page; Cancel does nothing. Radix traps and restores focus and closes on Esc.
 */
export default function LogoutDialog({ trigger, open, onOpenChange }: LogoutDialogProps) {
  const controlled = open === undefined ? {} : { open };
  return (
    <AlertDialog.Root {...controlled} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-modal bg-slate-950/50 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-modal w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-800 dark:bg-slate-900">
          <div className="flex items-start gap-3">
            <span
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-lg font-bold text-amber-800 dark:bg-amber-900/50 dark:text-amber-200"
              aria-hidden="true"
            >
              !
            </span>
            <div>
              <AlertDialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
                Logout
              </AlertDialog.Title>
              <AlertDialog.Description className="mt-1 text-slate-600 dark:text-slate-400">
                Confirm logout?
              </AlertDialog.Description>
            </div>
          </div>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className="btn-outline">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className="btn bg-red-700 text-white hover:bg-red-800"
              onClick={() => {
                logout();
                location.reload();
              }}
            >
              OK
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
