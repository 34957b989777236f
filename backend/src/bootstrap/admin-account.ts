import { randomBytes } from 'node:crypto';
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
  const service = strapi.service('admin::user');
  return { exists: (attributes) => service['exists'](attributes), create: (attributes) => service['create'](attributes) };
};

const adminRoles = (strapi: Core.Strapi): AdminRoleService => {
  const service = strapi.service('admin::role');
  return { getSuperAdmin: () => service['getSuperAdmin']() };
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

/**
 * Creates the admin account: the one in ADMIN_EMAIL/ADMIN_PASSWORD when it does not exist yet, or, with both unset
 * and no admin at all, a generated one whose password is printed once (it is not stored anywhere else).
 *
 * @param strapi - the running Strapi instance
 * @param config - the product settings
 * @throws Error when only one of ADMIN_EMAIL/ADMIN_PASSWORD is set or the password is too weak
 */
export const seedAdminAccount = async (strapi: Core.Strapi, config: StudyEaseConfig): Promise<void> => {
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
  const generated = generatePassword();
  await createSuperAdmin(strapi, GENERATED_ADMIN_EMAIL, generated);
  // Printed once: the next start finds this admin and prints nothing. Change the password in the admin panel.
  strapi.log.warn(
    [
      '[studyease] created an admin account (ADMIN_EMAIL/ADMIN_PASSWORD are unset); note it, it is shown only once:',
      `    email:    ${GENERATED_ADMIN_EMAIL}`,
      `    password: ${generated}`,
      `    sign in:  ${strapi.config.get('admin.absoluteUrl', '/admin')}`,
    ].join('\n'),
  );
};
