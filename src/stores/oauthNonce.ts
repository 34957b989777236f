import { STORAGE_KEYS } from '@/config';
import { getStorage, type KeyValueStorage } from '@/lib/storage';

/**
 * The nonce that binds a social sign-in to the browser tab that started it (issue #11, sign-in CSRF): made when the
 * student clicks "Continue with …", sent to the backend's `/connect/{provider}?nonce=…`, kept in this tab's
 * sessionStorage through the provider's pages, and sent again with the handoff token from the return page. A link
 * to the return page with someone else's token finds no nonce here (or another one), and the backend refuses it.
 */
const KEY = STORAGE_KEYS.oauthNonce;

/**
 * @param storage - where to keep it (default: this tab's sessionStorage)
 * @returns a fresh nonce (192 random bits, base64url), saved for the return page
 */
export function startOAuthNonce(storage: KeyValueStorage = getStorage('session')): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const nonce = btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  storage.setItem(KEY, nonce);
  return nonce;
}

/** @returns the nonce this tab started a sign-in with, or null */
export function readOAuthNonce(storage: KeyValueStorage = getStorage('session')): string | null {
  return storage.getItem(KEY);
}

/** Forgets it once the sign-in has been tried: each nonce is for one sign-in. */
export function clearOAuthNonce(storage: KeyValueStorage = getStorage('session')): void {
  storage.removeItem(KEY);
}
