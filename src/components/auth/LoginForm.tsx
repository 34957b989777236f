import { useState } from 'react';
import FormAlert from '@/components/ui/FormAlert';
import Field from '@/components/ui/Field';
import SubmitButton from '@/components/ui/SubmitButton';
import { compactErrors, type FieldErrors } from '@/lib/authValidation';
import { consumeAuthRedirect } from '@/stores/authRedirect';
import { login } from '@/stores/session';
import ResendConfirmation from './ResendConfirmation';
import { fieldValue, useAuthForm } from './useAuthForm';

type Fields = 'identifier' | 'password';

/** /auth/login: email or username and password; returns to the saved path on success. */
export default function LoginForm() {
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [identifier, setIdentifier] = useState('');

  const validate = (data: FormData) => {
    const next = compactErrors<Fields>({
      identifier: fieldValue(data, 'identifier') ? undefined : 'Enter your email address or username.',
      password: fieldValue(data, 'password', true) ? undefined : 'Enter your password.',
    });
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const form = useAuthForm(validate, async (data) => {
    setIdentifier(fieldValue(data, 'identifier'));
    await login({ identifier: fieldValue(data, 'identifier'), password: fieldValue(data, 'password', true) });
    location.assign(consumeAuthRedirect());
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void form.onSubmit(event)}
      className="space-y-4"
      aria-label="Sign in"
    >
      <Field label="Email or username" name="identifier" autoComplete="username" error={errors.identifier} required />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        required
      />
      {form.error && (
        <FormAlert tone="error">
          {form.error.message}
          {form.error.unconfirmed && identifier.includes('@') && <ResendConfirmation email={identifier} />}
        </FormAlert>
      )}
      <SubmitButton pending={form.pending} pendingLabel="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}
