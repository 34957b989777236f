import { type AccountApi, accountApi } from '@/lib/api/account';
import { logout } from '@/stores/session';

/** The name the export is saved under. */
export const EXPORT_FILE_NAME = 'studyease-data.json';

/** Where the app sends a student whose account it has deleted: the home page shows its notice by CSS (:target). */
export const DELETED_PATH = '/#account-deleted';

let account: AccountApi = accountApi;
/** Tests swap the backend calls. */
export function setAccountApi(next: AccountApi): void {
  account = next;
}

/**
 * Saves everything the account keeps (the account, conversations with their messages, practice) as a JSON file. A
 * fetched blob rather than a link to the API: the call needs the bearer token, which a plain link would not send.
 * @throws {import('@/lib/api/errors').ApiError} when the export could not be made
 */
export async function downloadMyData(): Promise<void> {
  const data = await account.export();
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = EXPORT_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; revoking it at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Deletes the account and everything in it, for good, then signs out here and goes to the home page, which says so.
 * @param confirm the username as the student typed it (the backend refuses anything else)
 * @throws {import('@/lib/api/errors').ApiError} when nothing was deleted; the student stays signed in
 */
export async function deleteAccount(confirm: string): Promise<void> {
  await account.remove(confirm);
  logout();
  location.assign(DELETED_PATH);
}
