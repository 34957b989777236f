import { useState } from 'react';
import FormAlert from '@/components/ui/FormAlert';
import { authErrorMessage } from '@/lib/authErrorMessage';
import { logoutEverywhere } from '@/stores/session';

/**
 * "Log out everywhere": ends every session of the account on every device (a shared computer, a stolen token),
 * this one too, after an inline confirmation. A failure says why and keeps this device signed in.
 */
export default function LogoutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await logoutEverywhere();
      // As after Logout: the app, signed out, sends the student to the sign-in page and back here afterwards.
      location.reload();
    } catch (caught) {
      setError(authErrorMessage(caught).message);
      setPending(false);
    }
  };

  return (
    <section
      aria-labelledby="sessions-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Devices
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Signed in on a shared computer, or think someone else has your password? Log out on every device, this one too.
        Changing your password does the same for your other devices.
      </p>
      {error && (
        <div className="mt-4">
          <FormAlert tone="error">{error}</FormAlert>
        </div>
      )}
      {confirming ? (
        <div
          className="mt-4 flex flex-wrap items-center gap-2"
          role="group"
          aria-label="Confirm logging out everywhere"
        >
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            disabled={pending}
            onClick={() => void confirm()}
          >
            {pending ? 'Logging out…' : 'Yes, log out everywhere'}
          </button>
          <button type="button" className="btn-outline" disabled={pending} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="btn-outline mt-4" onClick={() => setConfirming(true)}>
          Log out everywhere
        </button>
      )}
    </section>
  );
}
