import { AuthResponseSchema, DoneSchema, UserSchema } from '@studyease/contract';
import * as z from 'zod/mini';
import { CURRENT_USER_QUERY } from '@/config';
import { api, type ApiClient } from './client';

export type { AuthResponse, User } from '@studyease/contract';

export interface LoginBody {
  /** Email or username. */
  identifier: string;
  password: string;
}
export interface RegisterBody {
  username: string;
  email: string;
  password: string;
}
export interface ResetPasswordBody {
  code: string;
  password: string;
  passwordConfirmation: string;
}
export interface ChangePasswordBody {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

/**
 * The users-permissions calls of spec §7. Auth calls that create a session go out without the old token.
 * @throws {import('./errors').ApiError} on any failure
 */
export function createAuthApi(client: ApiClient) {
  return {
    me: () => client.request('/users/me', { query: CURRENT_USER_QUERY }, UserSchema),
    login: (body: LoginBody) =>
      client.request('/auth/local', { method: 'POST', body, anonymous: true }, AuthResponseSchema),
    register: (body: RegisterBody) =>
      client.request('/auth/local/register', { method: 'POST', body, anonymous: true }, AuthResponseSchema),
    forgotPassword: (email: string) =>
      client.request('/auth/forgot-password', { method: 'POST', body: { email }, anonymous: true }, DoneSchema),
    resetPassword: (body: ResetPasswordBody) =>
      client.request('/auth/reset-password', { method: 'POST', body, anonymous: true }, AuthResponseSchema),
    changePassword: (body: ChangePasswordBody) =>
      client.request('/auth/change-password', { method: 'POST', body }, AuthResponseSchema),
    sendEmailConfirmation: (email: string) =>
      client.request('/auth/send-email-confirmation', { method: 'POST', body: { email }, anonymous: true }, DoneSchema),
    confirmEmail: (confirmation: string) =>
      client.request(
        '/auth/email-confirmation',
        { query: { confirmation }, anonymous: true, redirectIsSuccess: true },
        z.optional(AuthResponseSchema),
      ),
    /** Ends every session of the account, on every device (the backend's revocation; see backend/README.md). */
    logoutEverywhere: () => client.request('/auth/logout', { method: 'POST' }, DoneSchema),
    providerCallback: (provider: string, accessToken: string, nonce: string) =>
      client.request(
        `/auth/${encodeURIComponent(provider)}/callback`,
        { query: { access_token: accessToken, nonce }, anonymous: true, withCredentials: true },
        AuthResponseSchema,
      ),
  };
}

export const authApi = createAuthApi(api);
export type AuthApi = ReturnType<typeof createAuthApi>;
