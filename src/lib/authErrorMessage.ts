import { ApiError } from '@/lib/api/errors';

/** What a form shows for a failed auth call, and whether the student can do something specific about it. */
export interface AuthErrorMessage {
  message: string;
  /** The account exists but its email is not confirmed: offer to resend the confirmation. */
  unconfirmed?: boolean;
}

/** Strapi's messages (users-permissions) mapped to words a student understands. */
const KNOWN: readonly (readonly [RegExp, string])[] = [
  [/invalid identifier or password/i, 'Wrong email, username or password.'],
  [/already taken/i, 'This email address or username is already used by another account. Sign in instead?'],
  [/email is not confirmed/i, 'Please confirm your email address first. Check your inbox for our email.'],
  [/blocked/i, 'This account has been blocked. Contact support if you think this is a mistake.'],
  [/incorrect code/i, 'This reset link is invalid or has already been used. Request a new one.'],
  [/passwords do not match/i, 'The two passwords do not match.'],
  [/current password is invalid|provided current password/i, 'Your current password is wrong.'],
  [/new password must be different/i, 'Choose a password different from your current one.'],
  [/already confirmed/i, 'This email address is already confirmed. You can sign in.'],
  // The backend's 503s when its mail server is down (register with email confirmation, forgot password, resend).
  [
    // Only this message says so; `.*` between two phrases would be quadratic on a long message.
    /account was created/i,
    'Your account was created, but we could not send the confirmation email right now. Sign in in a few minutes to get a new one.',
  ],
  [/email could not be sent/i, 'We could not send the email right now. Please try again in a few minutes.'],
];

/**
 * Turns any failure of an auth call into the message shown next to the form.
 * @param error what the call threw
 */
export function authErrorMessage(error: unknown): AuthErrorMessage {
  if (!(error instanceof ApiError)) {
    return { message: 'Something went wrong. Please try again.' };
  }
  if (error.statusCode === 429) {
    return { message: 'Too many attempts. Please wait a few minutes before trying again.' };
  }
  if (error.error === 'UnknownError') {
    return { message: 'The StudyEase service could not be reached. Check your connection and try again in a moment.' };
  }
  for (const [pattern, message] of KNOWN) {
    if (pattern.test(error.message))
      return { message, ...(/not confirmed/i.test(error.message) ? { unconfirmed: true } : {}) };
  }
  if (error.statusCode >= 500) {
    return { message: 'The StudyEase service had a problem. Please try again in a moment.' };
  }
  // An unmapped 4xx from the backend is specific to the request: its own words are the most useful.
  return { message: error.message };
}
