// Types for scripts/secrets.mjs, so typed code (its unit test) can import it.

/** Where generated secrets go (git-ignored). */
export const SECRETS_DIR: string;

/** Writes a secret to `<dir>/<name>` with mode 0600 in a 0700 folder; resolves to the file's absolute path. */
export function saveSecret(name: string, value: string, dir?: string): Promise<string>;
