import { type SyntheticEvent, useRef, useState } from 'react';
import { type AuthErrorMessage, authErrorMessage } from '@/lib/authErrorMessage';

/**
 * Submission state of an auth form: validates first, blocks double submits (a ref, not state, so two clicks in
 * the same frame cannot both pass), and turns a failure into the message shown next to the form.
 * @param validate returns true when the fields are valid (it shows its own field errors)
 * @param submit the call; resolves when done
 */
export function useAuthForm(validate: () => boolean, submit: () => Promise<void>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AuthErrorMessage | null>(null);
  const inFlight = useRef(false);

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    setError(null);
    if (!validate()) return;
    inFlight.current = true;
    setPending(true);
    try {
      await submit();
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return { pending, error, setError, onSubmit };
}
