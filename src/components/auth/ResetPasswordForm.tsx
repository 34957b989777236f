import { useState } from 'react';
import FormAlert from '@/components/ui/FormAlert';
import Field from '@/components/ui/Field';
import SubmitButton from '@/components/ui/SubmitButton';
import {
  compactErrors,
  type FieldErrors,
  PASSWORD_MIN,
  validateConfirmation,
  validateNewPassword,
} from '@/lib/authValidation';
import { consumeAuthRedirect } from '@/stores/authRedirect';
import { resetPassword } from '@/stores/session';
import { useAuthForm } from './useAuthForm';

type Fields = 'password' | 'confirmation';

/** /auth/reset-passwrod?code=…: sets a new password and signs the student in. */
export default function ResetPasswordForm() {
  const [code] = useState(() => new URLSearchParams(location.search).get('code') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});

  const validate = () => {
    const next = compactErrors<Fields>({
      password: validateNewPassword(password),
      confirmation: validateConfirmation(password, confirmation),
    });
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const form = useAuthForm(validate, async () => {
    await resetPassword({ code, password, passwordConfirmation: confirmation });
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
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        hint={`At least ${PASSWORD_MIN} characters.`}
        required
      />
      <Field
        label="Repeat new password"
        name="confirmation"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={errors.confirmation}
        required
      />
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
