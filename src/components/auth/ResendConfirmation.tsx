import { useState } from 'react';
import { authApi } from '@/lib/api/auth';
import { authErrorMessage } from '@/lib/authErrorMessage';

interface ResendConfirmationProps {
  email: string;
}

/** A button that sends the confirmation email again, with its own result line. */
export default function ResendConfirmation({ email }: ResendConfirmationProps) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function resend() {
    setState('sending');
    setError(null);
    try {
      await authApi.sendEmailConfirmation(email);
      setState('sent');
    } catch (caught) {
      setError(authErrorMessage(caught).message);
      setState('idle');
    }
  }

  if (state === 'sent') {
    return (
      <p className="mt-2 font-medium" role="status">
        We sent a new confirmation link to {email}.
      </p>
    );
  }
  return (
    <p className="mt-2">
      <button
        type="button"
        className="font-semibold underline"
        disabled={state === 'sending'}
        onClick={() => void resend()}
      >
        {state === 'sending' ? 'Sending…' : 'Send the confirmation email again'}
      </button>
      {error && <span className="block">{error}</span>}
    </p>
  );
}
