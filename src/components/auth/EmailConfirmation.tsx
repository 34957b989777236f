import { useEffect, useState } from 'react';
import FormAlert from '@/components/ui/FormAlert';
import Field from '@/components/ui/Field';
import SubmitButton from '@/components/ui/SubmitButton';
import { authApi } from '@/lib/api/auth';
import { authErrorMessage } from '@/lib/authErrorMessage';
import { validateEmail } from '@/lib/authValidation';
import { fieldValue, useAuthForm } from './useAuthForm';

type Result = { state: 'checking' } | { state: 'confirmed' } | { state: 'failed'; message: string } | { state: 'none' };

/**
 * /auth/email-confirmation: confirms the account when opened from the email's link (`?confirmation=…`), tells
 * the result, and lets the student ask for a new email.
 */
export default function EmailConfirmation() {
  const [result, setResult] = useState<Result>(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('confirmation')) return { state: 'checking' };
    if (params.get('confirmed') === '1') return { state: 'confirmed' };
    return { state: 'none' };
  });

  useEffect(() => {
    const confirmation = new URLSearchParams(location.search).get('confirmation');
    if (!confirmation) return;
    authApi.confirmEmail(confirmation).then(
      () => setResult({ state: 'confirmed' }),
      (caught: unknown) => {
        const { message } = authErrorMessage(caught);
        setResult({
          state: 'failed',
          message: /invalid|not found|token/i.test(message)
            ? 'This confirmation link is invalid or was already used. If you cannot sign in, ask for a new one below.'
            : message,
        });
      },
    );
  }, []);

  return (
    <div className="space-y-6">
      {result.state === 'checking' && (
        <p role="status" className="text-slate-700 dark:text-slate-300">
          Confirming your email address…
        </p>
      )}
      {result.state === 'confirmed' && (
        <FormAlert tone="success">
          <strong className="block">Your email address is confirmed.</strong>
          <a href="/auth/login" className="font-semibold underline">
            Sign in to start studying
          </a>
        </FormAlert>
      )}
      {result.state === 'failed' && <FormAlert tone="error">{result.message}</FormAlert>}
      {result.state !== 'confirmed' && result.state !== 'checking' && <ResendForm />}
    </div>
  );
}

function ResendForm() {
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const validate = (data: FormData) => {
    const message = validateEmail(fieldValue(data, 'email'));
    setFieldError(message);
    return message === undefined;
  };
  const form = useAuthForm(validate, async (data) => {
    await authApi.sendEmailConfirmation(fieldValue(data, 'email'));
    setSent(true);
  });

  if (sent)
    return <FormAlert tone="success">If that address waits for confirmation, a new link is on its way.</FormAlert>;
  return (
    <form
      noValidate
      onSubmit={(event) => void form.onSubmit(event)}
      className="space-y-4"
      aria-label="Resend confirmation email"
    >
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        error={fieldError}
        hint="Did not get the email? We can send the link again."
      />
      {form.error && <FormAlert tone="error">{form.error.message}</FormAlert>}
      <SubmitButton pending={form.pending} pendingLabel="Sending…">
        Send the link again
      </SubmitButton>
    </form>
  );
}
