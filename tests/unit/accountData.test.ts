// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { AccountApi } from '@/lib/api/account';
import { ApiError } from '@/lib/api/errors';
import { DELETED_PATH, deleteAccount, downloadMyData, EXPORT_FILE_NAME, setAccountApi } from '@/stores/accountData';
import { $user } from '@/stores/session';

function fakeApi(over: Partial<AccountApi> = {}): AccountApi {
  return {
    export: vi.fn(() => Promise.resolve({ format: 'studyease-export', conversations: [] })),
    remove: vi.fn(() => Promise.resolve({ deleted: true })),
    ...over,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('downloadMyData', () => {
  test('saves the export as studyease-data.json, through a link that does not stay in the page', async () => {
    setAccountApi(fakeApi());
    const saved: { name: string; href: string; inPage: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href, inPage: this.isConnected });
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    await downloadMyData();
    expect(saved).toEqual([{ name: EXPORT_FILE_NAME, href: 'blob:export', inPage: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(JSON.parse(await (blobs[0] as Blob).text())).toEqual({ format: 'studyease-export', conversations: [] });
  });
});

describe('deleteAccount', () => {
  test('signs out and goes to the home page, which says the account is gone', async () => {
    const api = fakeApi();
    setAccountApi(api);
    $user.set({ id: 1, username: 'ada', email: 'ada@example.test' });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await deleteAccount('ada');
    expect(api.remove).toHaveBeenCalledWith('ada');
    expect($user.get()).toBeNull();
    expect(assign).toHaveBeenCalledWith(DELETED_PATH);
  });

  test('keeps the student signed in when nothing was deleted', async () => {
    const error = new ApiError({ error: 'ValidationError', message: 'Type your username.', statusCode: 400 });
    setAccountApi(fakeApi({ remove: vi.fn(() => Promise.reject(error)) }));
    $user.set({ id: 1, username: 'ada', email: 'ada@example.test' });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await expect(deleteAccount('ad')).rejects.toThrow('Type your username.');
    expect($user.get()).not.toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});
