import * as AlertDialog from '@radix-ui/react-alert-dialog';

interface DeleteConversationDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** Where it opens: inside the phone's drawer (a modal <dialog>, outside which all is inert); null: the page. */
  container?: HTMLElement | null;
}

/** Asks before a conversation and its messages are deleted for good. */
export default function DeleteConversationDialog({
  title,
  open,
  onOpenChange,
  onConfirm,
  container = null,
}: DeleteConversationDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal container={container}>
        <AlertDialog.Overlay className="fixed inset-0 z-modal bg-slate-950/50 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-modal w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-800 dark:bg-slate-900">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
            Delete this conversation?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-1 break-words text-slate-600 dark:text-slate-400">
            “{title}” and all its messages will be deleted for good.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className="btn-outline">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="btn bg-red-700 text-white hover:bg-red-800" onClick={onConfirm}>
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
