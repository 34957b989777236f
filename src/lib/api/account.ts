import { type DeleteAccountRequest, DoneSchema } from '@studyease/contract';
import * as z from 'zod/mini';
import { api, type ApiClient } from './client';

/**
 * What the export holds is the backend's to decide (account, conversations, practice); the site only saves it, so
 * it checks no more than that it is a JSON object.
 */
const AccountExportSchema = z.record(z.string(), z.unknown());
export type AccountExport = z.output<typeof AccountExportSchema>;

/**
 * The student's own data (issue #16): everything the account keeps, as JSON, and deleting all of it for good.
 * @throws {import('./errors').ApiError} on any failure
 */
export function createAccountApi(client: ApiClient) {
  return {
    export: () => client.request('/account/export', {}, AccountExportSchema),
    /** Deletes the account and everything in it; `confirm` is the account's username, as the student typed it. */
    remove: (confirm: string) =>
      client.request('/account', { method: 'DELETE', body: { confirm } satisfies DeleteAccountRequest }, DoneSchema),
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
export const accountApi: AccountApi = createAccountApi(api);
