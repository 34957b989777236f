import { CURRENT_USER_QUERY } from '@/config';
import { api, type ApiClient } from './client';

/** The user as the current-user call returns it (Strapi users-permissions, sanitised). */
export interface User {
  id: number;
  documentId?: string;
  username: string;
  email: string;
  provider?: string;
  confirmed?: boolean;
  blocked?: boolean;
}

/** Login, register, reset-password, change-password and the provider callback answer this (legacy-support mode). */
export interface AuthResponse {
  /** Absent when registration waits for email confirmation. */
  jwt?: string;
  user: User;
}

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
    me: () => client.request<User>('/users/me', { query: CURRENT_USER_QUERY }),
    login: (body: LoginBody) => client.request<AuthResponse>('/auth/local', { method: 'POST', body, anonymous: true }),
    register: (body: RegisterBody) =>
      client.request<AuthResponse>('/auth/local/register', { method: 'POST', body, anonymous: true }),
    forgotPassword: (email: string) =>
      client.request<unknown>('/auth/forgot-password', { method: 'POST', body: { email }, anonymous: true }),
    resetPassword: (body: ResetPasswordBody) =>
      client.request<AuthResponse>('/auth/reset-password', { method: 'POST', body, anonymous: true }),
    changePassword: (body: ChangePasswordBody) =>
      client.request<AuthResponse>('/auth/change-password', { method: 'POST', body }),
    sendEmailConfirmation: (email: string) =>
      client.request<unknown>('/auth/send-email-confirmation', { method: 'POST', body: { email }, anonymous: true }),
    confirmEmail: (confirmation: string) =>
      client.request<AuthResponse | undefined>('/auth/email-confirmation', {
        query: { confirmation },
        anonymous: true,
        redirectIsSuccess: true,
      }),
    /** Ends every session of the account, on every device (the backend's revocation; see backend/README.md). */
    logoutEverywhere: () => client.request<unknown>('/auth/logout', { method: 'POST' }),
    providerCallback: (provider: string, accessToken: string, nonce: string) =>
      client.request<AuthResponse>(`/auth/${encodeURIComponent(provider)}/callback`, {
        query: { access_token: accessToken, nonce },
        anonymous: true,
        withCredentials: true,
      }),
  };
}

export const authApi = createAuthApi(api);
export type AuthApi = ReturnType<typeof createAuthApi>;
