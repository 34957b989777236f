import Field from '@/components/ui/Field';
import { PASSWORD_MIN } from '@/lib/authValidation';

interface NewPasswordFieldsProps {
  errors: { password?: string | undefined; confirmation?: string | undefined };
  /** "Password" on sign-up, "New password" when changing or resetting it. */
  label?: string;
}

/** A new password and its repetition, named `password` and `confirmation` (read by `newPasswordErrors`). */
export default function NewPasswordFields({ errors, label = 'New password' }: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        hint={`At least ${PASSWORD_MIN} characters.`}
        required
      />
      <Field
        label={`Repeat ${label.toLowerCase()}`}
        name="confirmation"
        type="password"
        autoComplete="new-password"
        error={errors.confirmation}
        required
      />
    </>
  );
}
