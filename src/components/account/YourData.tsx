import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { type SyntheticEvent, useId, useState } from 'react';
import Icon from '@/components/app/Icon';
import Field from '@/components/ui/Field';
import FormAlert from '@/components/ui/FormAlert';
import { errorMessage } from '@/lib/api/errors';
import { formText } from '@/lib/formText';
import { deleteAccount, downloadMyData } from '@/stores/accountData';

/**
 * Deleting the account, behind a dialog where the student types their username: a slip of the finger cannot delete
 * everything. The button stays disabled until the name matches; the backend checks it again.
 */
function DeleteAccountDialog({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const matches = typed.trim() === username;

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const confirm = formText(new FormData(event.currentTarget), 'confirm').trim();
    if (confirm !== username) {
      setError(`Type your username, ${username}, to confirm.`);
      return;
    }
    setPending(true);
    setError(null);
    try {
      // On success the page leaves for the home page: nothing to reset here.
      await deleteAccount(confirm);
    } catch (caught) {
      setError(errorMessage(caught, 'Your account could not be deleted. Nothing was removed; please try again.'));
      setPending(false);
    }
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        setTyped('');
        setError(null);
      }}
    >
      <AlertDialog.Trigger asChild>
        <button
          type="button"
          className="btn border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950/60"
        >
          Delete my account
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-modal bg-slate-950/50 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-modal max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-800 dark:bg-slate-900">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
            Delete your account?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            This deletes your account, all your conversations and all your practice, for good. It cannot be undone.
            Download your data first if you want to keep a copy.
          </AlertDialog.Description>
          <form id={formId} noValidate className="mt-4" onSubmit={(event) => void onSubmit(event)}>
            <Field
              label={`Type your username, ${username}, to confirm`}
              name="confirm"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
          </form>
          {error && (
            <div className="mt-3">
              <FormAlert tone="error">{error}</FormAlert>
            </div>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn-outline" disabled={pending}>
              Cancel
            </AlertDialog.Cancel>
            {/* A submit button of the form, not AlertDialog.Action: the dialog stays open until the backend answers. */}
            <button
              type="submit"
              form={formId}
              className="btn bg-red-700 text-white hover:bg-red-800 disabled:opacity-60"
              disabled={!matches || pending}
            >
              {pending ? 'Deleting…' : 'Delete for good'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** The account page's "Your data": everything the account keeps, to download as JSON or to delete for good. */
export default function YourData({ username }: { username: string }) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setDownloading(true);
    setError(null);
    try {
      await downloadMyData();
    } catch (caught) {
      setError(errorMessage(caught, 'Your data could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section
      aria-labelledby="data-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="data-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Your data
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Your conversations and practice are yours. Download all of it as a JSON file, or delete your account and
        everything in it.
      </p>
      {error && (
        <div className="mt-4">
          <FormAlert tone="error">{error}</FormAlert>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn-outline" disabled={downloading} onClick={() => void download()}>
          <Icon name="download" className="size-4" />
          {downloading ? 'Preparing your data…' : 'Download my data'}
        </button>
        <DeleteAccountDialog username={username} />
      </div>
    </section>
  );
}
