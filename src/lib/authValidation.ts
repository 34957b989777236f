/** Browser-side checks of the auth forms; the backend checks again and its answer wins. */

export const PASSWORD_MIN = 8;
/** bcrypt reads at most 72 bytes; a longer password would be silently truncated. */
export const PASSWORD_MAX = 72;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

// The domain as dot-separated labels: `[^\s@]+\.[^\s@]+` would try every dot of a long domain (quadratic).
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const USERNAME = /^[A-Za-z0-9._-]{3,30}$/;

export function validateEmail(value: string): string | undefined {
  if (!value.trim()) return 'Enter your email address.';
  return EMAIL.test(value.trim()) ? undefined : 'Enter a valid email address, like name@example.com.';
}

export function validateUsername(value: string): string | undefined {
  if (!value.trim()) return 'Choose a username.';
  return USERNAME.test(value.trim()) ? undefined : 'Use 3 to 30 letters, digits, dots, dashes or underscores.';
}

export function validateNewPassword(value: string): string | undefined {
  if (value.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (new TextEncoder().encode(value).length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  return undefined;
}

export function validateConfirmation(password: string, confirmation: string): string | undefined {
  if (!confirmation) return 'Repeat the password.';
  return password === confirmation ? undefined : 'The two passwords do not match.';
}

/** Errors of a new password and its repetition, as the `password` and `confirmation` fields of a form. */
export function newPasswordErrors(password: string, confirmation: string) {
  return { password: validateNewPassword(password), confirmation: validateConfirmation(password, confirmation) };
}

/** Removes the keys without a message, so an empty object means the form is valid. */
export function compactErrors<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<K>;
}
