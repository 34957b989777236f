// Generated secrets of the scripts (the rebuild hook's): kept in a file only this user can read, never printed
// into a log (issue #11). The backend keeps its generated admin password the same way
// (backend/src/bootstrap/admin-account.ts).
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Where generated secrets go: git ignores `.cache/` (the root .gitignore), and so do ESLint and Prettier. */
export const SECRETS_DIR = '.cache/secrets';

/**
 * Writes a generated secret to `<dir>/<name>`, readable by this user only (folder 0700, file 0600).
 * @param {string} name the file's name
 * @param {string} value the secret
 * @param {string} [dir] the secrets folder
 * @returns {Promise<string>} the file's absolute path
 */
export async function saveSecret(name, value, dir = SECRETS_DIR) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode is ignored for a folder that exists already.
  await chmod(dir, 0o700);
  const file = resolve(join(dir, name));
  await writeFile(file, `${value}\n`, { mode: 0o600 });
  // writeFile's mode applies only to a new file: an older one keeps whatever mode it had.
  await chmod(file, 0o600);
  return file;
}
