import { useState } from 'react';
import FormAlert from '@/components/ui/FormAlert';
import Field from '@/components/ui/Field';
import NewPasswordFields from '@/components/auth/NewPasswordFields';
import SubmitButton from '@/components/ui/SubmitButton';
import {
  compactErrors,
  type FieldErrors,
  validateEmail,
  validateUsername,
  newPasswordErrors,
} from '@/lib/authValidation';
import { consumeAuthRedirect } from '@/stores/authRedirect';
import { register } from '@/stores/session';
import ResendConfirmation from './ResendConfirmation';
import { fieldValue, useAuthForm } from './useAuthForm';

type Fields = 'username' | 'email' | 'password' | 'confirmation';

/** /auth/register: signs the student in, or asks them to confirm their email when the backend requires it. */
export default function RegisterForm() {
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);

  const validate = (data: FormData) => {
    const password = fieldValue(data, 'password', true);
    const next = compactErrors<Fields>({
      username: validateUsername(fieldValue(data, 'username')),
      email: validateEmail(fieldValue(data, 'email')),
      ...newPasswordErrors(password, fieldValue(data, 'confirmation', true)),
    });
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const form = useAuthForm(validate, async (data) => {
    const email = fieldValue(data, 'email');
    const response = await register({
      username: fieldValue(data, 'username'),
      email,
      password: fieldValue(data, 'password', true),
    });
    if (response.jwt) location.assign(consumeAuthRedirect());
    else setAwaitingConfirmation(email);
  });

  if (awaitingConfirmation) {
    return (
      <FormAlert tone="success">
        <strong className="block">Check your inbox.</strong>
        We sent a confirmation link to {awaitingConfirmation}. Open it to activate your account, then sign in.
        <ResendConfirmation email={awaitingConfirmation} />
      </FormAlert>
    );
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void form.onSubmit(event)}
      className="space-y-4"
      aria-label="Sign up"
    >
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        error={errors.username}
        hint="Shown in the app. Letters, digits, dots, dashes or underscores."
        required
      />
      <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} required />
      <NewPasswordFields errors={errors} label="Password" />
      {form.error && <FormAlert tone="error">{form.error.message}</FormAlert>}
      <SubmitButton pending={form.pending} pendingLabel="Creating your account…">
        Create account
      </SubmitButton>
    </form>
  );
}
