import { useState } from 'react';
import FormAlert from '@/components/ui/FormAlert';
import Field from '@/components/ui/Field';
import SubmitButton from '@/components/ui/SubmitButton';
import { authApi } from '@/lib/api/auth';
import { validateEmail } from '@/lib/authValidation';
import { fieldValue, useAuthForm } from './useAuthForm';

/** /auth/forgot: the same answer whether or not an account has that address, so nobody can probe for accounts. */
export default function ForgotPasswordForm() {
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const validate = (data: FormData) => {
    const message = validateEmail(fieldValue(data, 'email'));
    setFieldError(message);
    return message === undefined;
  };

  const form = useAuthForm(validate, async (data) => {
    const email = fieldValue(data, 'email');
    await authApi.forgotPassword(email);
    setSentTo(email);
  });

  if (sentTo) {
    return (
      <FormAlert tone="success">
        If an account uses {sentTo}, we sent it a link to choose a new password. The link works once. Check your spam
        folder if it does not arrive within a few minutes.
      </FormAlert>
    );
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void form.onSubmit(event)}
      className="space-y-4"
      aria-label="Reset password"
    >
      <Field label="Email" name="email" type="email" autoComplete="email" error={fieldError} required />
      {form.error && <FormAlert tone="error">{form.error.message}</FormAlert>}
      <SubmitButton pending={form.pending} pendingLabel="Sending…">
        Send reset link
      </SubmitButton>
    </form>
  );
}
