import { useState } from 'react';
import FormAlert from '@/components/ui/FormAlert';
import NewPasswordFields from '@/components/auth/NewPasswordFields';
import SubmitButton from '@/components/ui/SubmitButton';
import { compactErrors, type FieldErrors, newPasswordErrors } from '@/lib/authValidation';
import { consumeAuthRedirect } from '@/stores/authRedirect';
import { resetPassword } from '@/stores/session';
import { fieldValue, useAuthForm } from './useAuthForm';

type Fields = 'password' | 'confirmation';

/** /auth/reset-passwrod?code=…: sets a new password and signs the student in. */
export default function ResetPasswordForm() {
  const [code] = useState(() => new URLSearchParams(location.search).get('code') ?? '');
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});

  const validate = (data: FormData) => {
    const password = fieldValue(data, 'password', true);
    const next = compactErrors<Fields>({
      ...newPasswordErrors(password, fieldValue(data, 'confirmation', true)),
    });
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const form = useAuthForm(validate, async (data) => {
    await resetPassword({
      code,
      password: fieldValue(data, 'password', true),
      passwordConfirmation: fieldValue(data, 'confirmation', true),
    });
    location.assign(consumeAuthRedirect());
  });

  if (!code) {
    return (
      <FormAlert tone="error">
        This page needs the link from your reset email.{' '}
        <a href="/auth/forgot" className="font-semibold underline">
          Request a reset link
        </a>
      </FormAlert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void form.onSubmit(event)}
      className="space-y-4"
      aria-label="Choose a new password"
    >
      <NewPasswordFields errors={errors} />
      {form.error && (
        <FormAlert tone="error">
          {form.error.message}{' '}
          <a href="/auth/forgot" className="font-semibold underline">
            Request a new link
          </a>
        </FormAlert>
      )}
      <SubmitButton pending={form.pending} pendingLabel="Saving…">
        Save password and sign in
      </SubmitButton>
    </form>
  );
}
