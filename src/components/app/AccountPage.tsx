import { useStore } from '@nanostores/react';
import { useState } from 'react';
import Avatar from '@/components/account/Avatar';
import LogoutDialog from '@/components/account/LogoutDialog';
import LogoutEverywhere from '@/components/account/LogoutEverywhere';
import YourData from '@/components/account/YourData';
import ResendConfirmation from '@/components/auth/ResendConfirmation';
import { fieldValue, useAuthForm } from '@/components/auth/useAuthForm';
import Field from '@/components/ui/Field';
import NewPasswordFields from '@/components/auth/NewPasswordFields';
import FormAlert from '@/components/ui/FormAlert';
import SubmitButton from '@/components/ui/SubmitButton';
import { compactErrors, type FieldErrors, newPasswordErrors } from '@/lib/authValidation';
import { $user, changePassword } from '@/stores/session';

type Fields = 'current' | 'password' | 'confirmation';

/**
 * /app/account: who is signed in, change password, resend the confirmation email, log out (here or everywhere),
 * download or delete everything the account keeps.
 */
export default function AccountPage() {
  const user = useStore($user);
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [saved, setSaved] = useState(false);

  const validate = (data: FormData) => {
    const password = fieldValue(data, 'password', true);
    const next = compactErrors<Fields>({
      current: fieldValue(data, 'current', true) ? undefined : 'Enter your current password.',
      ...newPasswordErrors(password, fieldValue(data, 'confirmation', true)),
    });
    setErrors(next);
    setSaved(false);
    return Object.keys(next).length === 0;
  };

  const form = useAuthForm(validate, async (data, element) => {
    await changePassword({
      currentPassword: fieldValue(data, 'current', true),
      password: fieldValue(data, 'password', true),
      passwordConfirmation: fieldValue(data, 'confirmation', true),
    });
    element.reset();
    setSaved(true);
  });

  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Account</h1>
      <section className="mt-6 flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <Avatar username={user.username} size="md" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900 dark:text-white">{user.username}</p>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
        </div>
        <LogoutDialog
          trigger={
            <button type="button" className="btn-outline">
              Logout
            </button>
          }
        />
      </section>

      {user.confirmed === false && (
        <div className="mt-6">
          <FormAlert tone="error">
            Your email address is not confirmed yet.
            <ResendConfirmation email={user.email} />
          </FormAlert>
        </div>
      )}

      <section
        aria-labelledby="password-heading"
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="password-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Change password
        </h2>
        <form
          noValidate
          onSubmit={(event) => void form.onSubmit(event)}
          className="mt-4 space-y-4"
          aria-label="Change password"
        >
          <Field
            label="Current password"
            name="current"
            type="password"
            autoComplete="current-password"
            error={errors.current}
          />
          <NewPasswordFields errors={errors} />
          {form.error && <FormAlert tone="error">{form.error.message}</FormAlert>}
          {saved && <FormAlert tone="success">Your password was changed.</FormAlert>}
          <SubmitButton pending={form.pending} pendingLabel="Saving…">
            Change password
          </SubmitButton>
        </form>
      </section>

      <LogoutEverywhere />

      <YourData username={user.username} />
    </div>
  );
}
