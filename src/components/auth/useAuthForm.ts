import { type SyntheticEvent, useRef, useState } from 'react';
import { type AuthErrorMessage, authErrorMessage } from '@/lib/authErrorMessage';

/** The trimmed text of a form field (empty when absent). Passwords are read with `raw`, never trimmed. */
export function fieldValue(data: FormData, name: string, raw = false): string {
  const value = data.get(name);
  if (typeof value !== 'string') return '';
  return raw ? value : value.trim();
}

/**
 * Submission state of an auth form. The inputs are uncontrolled and read from the form on submit: a student who
 * types before the page's script has loaded keeps what they typed (controlled inputs would be reset when React
 * takes over). Validates first, blocks double submits (a ref, so two clicks in one frame cannot both pass), and
 * turns a failure into the message shown next to the form.
 * @param validate returns true when the fields are valid (it shows its own field errors)
 * @param submit the call; resolves when done
 */
export function useAuthForm(
  validate: (data: FormData) => boolean,
  submit: (data: FormData, form: HTMLFormElement) => Promise<void>,
) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AuthErrorMessage | null>(null);
  const inFlight = useRef(false);

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    setError(null);
    if (!validate(data)) return;
    inFlight.current = true;
    setPending(true);
    try {
      await submit(data, form);
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return { pending, error, onSubmit };
}
