import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { PRODUCT_NAME, type StudyEaseConfig } from '../utils/studyease-config';

/** Email of the admin generated when ADMIN_EMAIL and ADMIN_PASSWORD are unset. */
export const GENERATED_ADMIN_EMAIL = 'admin@studyease.local';

/** The calls made on Strapi's `admin::user` service (typed `any` by Strapi). */
interface AdminUserService {
  exists(attributes?: { email?: string }): Promise<boolean>;
  create(attributes: {
    email: string;
    firstname: string;
    lastname: string;
    password: string;
    isActive: boolean;
    registrationToken: null;
    roles: number[];
  }): Promise<unknown>;
}

interface AdminRoleService {
  getSuperAdmin(): Promise<{ id: number } | null>;
}

// Strapi types every service as an `any` record; these pin down the calls used here, once.
const adminUsers = (strapi: Core.Strapi): AdminUserService => {
  const service = strapi.service('admin::user') as AdminUserService;
  return {
    exists: (attributes) => service.exists(attributes),
    create: (attributes) => service.create(attributes),
  };
};

const adminRoles = (strapi: Core.Strapi): AdminRoleService => {
  const service = strapi.service('admin::role') as AdminRoleService;
  return { getSuperAdmin: () => service.getSuperAdmin() };
};

/**
 * Strapi's admin password rule (the same as `strapi admin:create-user`), checked here because the user service
 * stores whatever it gets and the admin login form would then reject it.
 *
 * @param password - the candidate
 * @returns what is wrong with it, or null when it is acceptable
 */
export const adminPasswordProblem = (password: string): string | null => {
  if (password.length < 8) return 'at least 8 characters';
  if (Buffer.byteLength(password) > 72) return 'at most 72 bytes (bcrypt ignores the rest)';
  if (!/[a-z]/.test(password)) return 'a lowercase letter';
  if (!/[A-Z]/.test(password)) return 'an uppercase letter';
  if (!/\d/.test(password)) return 'a digit';
  return null;
};

/** A random password that passes adminPasswordProblem (the fixed suffix guarantees the character classes). */
const generatePassword = (): string => `${randomBytes(18).toString('base64url')}-Aa1`;

const createSuperAdmin = async (strapi: Core.Strapi, email: string, password: string): Promise<void> => {
  const superAdmin = await adminRoles(strapi).getSuperAdmin();
  if (superAdmin === null) throw new Error('Strapi has no Super Admin role yet');
  await adminUsers(strapi).create({
    email,
    firstname: PRODUCT_NAME,
    lastname: 'Admin',
    password,
    isActive: true,
    registrationToken: null,
    roles: [superAdmin.id],
  });
};

/** The file, in the backend's `.cache/secrets/` (git-ignored), that holds a generated admin password. */
export const ADMIN_PASSWORD_FILE = 'admin-password';

/**
 * Where a generated secret goes and who may see its value: the file is always written, the value itself is shown
 * only on an interactive terminal (issue #11: a log is read by more people, and kept longer, than a terminal).
 */
export interface SecretOutput {
  /** Folder of the secret files; `<backend>/.cache/secrets` by default. */
  dir: string;
  /** Whether a person is watching the output: stdout is a terminal (TTY), not a file, pipe or log collector. */
  interactive: boolean;
  /** Writes to that terminal directly, past Strapi's logger and whatever it ships logs to. */
  terminal: (text: string) => void;
}

/**
 * Writes a generated secret to `<dir>/<name>`, readable by this user only (folder 0700, file 0600).
 *
 * @param dir - the secrets folder
 * @param name - the file's name
 * @param value - the secret
 * @returns the file's path
 */
export const saveSecret = async (dir: string, name: string, value: string): Promise<string> => {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode is ignored for a folder that exists already.
  await chmod(dir, 0o700);
  const file = path.join(dir, name);
  await writeFile(file, `${value}\n`, { mode: 0o600 });
  // writeFile's mode applies only to a new file: an older one keeps whatever mode it had.
  await chmod(file, 0o600);
  return file;
};

/**
 * Creates the admin account: the one in ADMIN_EMAIL/ADMIN_PASSWORD when it does not exist yet, or, with both unset
 * and no admin at all, a generated one. Its password is written to `<backend>/.cache/secrets/admin-password`
 * (mode 0600) and the log names only that file; the password itself is shown once, and only on an interactive
 * terminal, never through the logger.
 *
 * @param strapi - the running Strapi instance
 * @param config - the product settings
 * @param output - where the generated password goes (tests pass their own)
 * @throws Error when only one of ADMIN_EMAIL/ADMIN_PASSWORD is set, the password is too weak, or a generated
 *   password cannot be saved
 */
export const seedAdminAccount = async (
  strapi: Core.Strapi,
  config: StudyEaseConfig,
  output: Partial<SecretOutput> = {},
): Promise<void> => {
  const users = adminUsers(strapi);
  const { email, password } = config.admin;

  if (email !== '' || password !== '') {
    if (email === '' || password === '') throw new Error('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither');
    if (await users.exists({ email: email.toLowerCase() })) return;
    const problem = adminPasswordProblem(password);
    if (problem !== null) throw new Error(`ADMIN_PASSWORD needs ${problem}`);
    await createSuperAdmin(strapi, email.toLowerCase(), password);
    strapi.log.info(`[studyease] created the admin account ${email} (from ADMIN_EMAIL)`);
    return;
  }

  if (await users.exists()) return;
  const {
    dir = path.join(strapi.dirs.app.root, '.cache', 'secrets'),
    // @types/node types isTTY as a boolean, but it is undefined when stdout is a pipe or a file.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-boolean-literal-compare -- see above
    interactive = process.stdout.isTTY === true,
    terminal = (text: string) => process.stdout.write(text),
  } = output;
  const generated = generatePassword();
  // Saved before the account exists: a password nobody could read would lock the admin panel.
  const file = await saveSecret(dir, ADMIN_PASSWORD_FILE, generated).catch((error: unknown) => {
    throw new Error(
      `Could not save the generated admin password (${error instanceof Error ? error.message : String(error)}): ` +
        'set ADMIN_EMAIL and ADMIN_PASSWORD instead',
    );
  });
  await createSuperAdmin(strapi, GENERATED_ADMIN_EMAIL, generated);
  // Once: the next start finds this admin and says nothing. Change the password in the admin panel.
  strapi.log.warn(
    [
      '[studyease] created an admin account (ADMIN_EMAIL/ADMIN_PASSWORD are unset):',
      `    email:    ${GENERATED_ADMIN_EMAIL}`,
      `    password: in ${file} (readable by this user only; delete it once noted)`,
      `    sign in:  ${strapi.config.get('admin.absoluteUrl', '/admin')}`,
    ].join('\n'),
  );
  if (interactive) terminal(`[studyease] the generated admin password (shown once, not logged): ${generated}\n`);
};
