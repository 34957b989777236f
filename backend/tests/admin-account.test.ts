import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as AdminAccount from '../src/bootstrap/admin-account.ts';
import { requireCompiled } from './support/compiled.ts';

const { seedAdminAccount, adminPasswordProblem, GENERATED_ADMIN_EMAIL } =
  requireCompiled<typeof AdminAccount>('src/bootstrap/admin-account');

type Strapi = Parameters<typeof seedAdminAccount>[0];
type Config = Parameters<typeof seedAdminAccount>[1];

/** A stand-in for the parts of Strapi the seeding uses: admin users in memory and the log lines written. */
const fakeStrapi = () => {
  const admins: { email: string; password: string; roles: number[] }[] = [];
  const logs: string[] = [];
  const services: Record<string, Record<string, (...args: never[]) => unknown>> = {
    'admin::user': {
      exists: async (attributes?: { email?: string }) =>
        admins.some((admin) => attributes?.email === undefined || admin.email === attributes.email),
      create: async (attributes: { email: string; password: string; roles: number[] }) => admins.push(attributes),
    },
    'admin::role': { getSuperAdmin: async () => ({ id: 1 }) },
  };
  const strapi = {
    service: (uid: string) => services[uid],
    log: { info: (line: string) => logs.push(line), warn: (line: string) => logs.push(line) },
    config: { get: (_path: string, fallback: unknown) => fallback },
  };
  // Only the members above are used; the full Strapi type is far larger.
  return { strapi: strapi as unknown as Strapi, admins, logs };
};

const config = (admin: { email: string; password: string }): Config => ({
  siteUrl: 'http://site.test',
  emailConfirmation: false,
  emailFrom: 'no-reply@studyease.test',
  supportEmail: 'support@studyease.test',
  admin,
  oauthTestProviderUrl: null,
});

describe('seedAdminAccount', () => {
  test('creates the ADMIN_EMAIL account once, as Super Admin', async () => {
    const { strapi, admins } = fakeStrapi();
    const settings = config({ email: 'Boss@Example.com', password: 'Str0ng-pass' });
    await seedAdminAccount(strapi, settings);
    await seedAdminAccount(strapi, settings);
    assert.deepEqual(
      admins.map(({ email, password, roles }) => ({ email, password, roles })),
      [{ email: 'boss@example.com', password: 'Str0ng-pass', roles: [1] }],
    );
  });

  test('without ADMIN_EMAIL/ADMIN_PASSWORD, generates an admin and prints its password once', async () => {
    const { strapi, admins, logs } = fakeStrapi();
    await seedAdminAccount(strapi, config({ email: '', password: '' }));
    await seedAdminAccount(strapi, config({ email: '', password: '' }));
    assert.equal(admins.length, 1);
    const [admin] = admins;
    assert.equal(admin?.email, GENERATED_ADMIN_EMAIL);
    assert.equal(adminPasswordProblem(admin?.password ?? ''), null);
    assert.equal(logs.length, 1);
    assert.ok(logs[0]?.includes(admin?.password ?? '-'), 'the password is printed');
  });

  test('generates nothing when an admin already exists', async () => {
    const { strapi, admins, logs } = fakeStrapi();
    admins.push({ email: 'someone@example.com', password: 'x', roles: [1] });
    await seedAdminAccount(strapi, config({ email: '', password: '' }));
    assert.equal(admins.length, 1);
    assert.deepEqual(logs, []);
  });

  test('refuses only one of the two variables, and a weak password', async () => {
    const { strapi } = fakeStrapi();
    await assert.rejects(seedAdminAccount(strapi, config({ email: 'a@example.com', password: '' })), /both/);
    await assert.rejects(seedAdminAccount(strapi, config({ email: 'a@example.com', password: 'weak' })), /ADMIN_PASSWORD/);
  });
});

describe('adminPasswordProblem', () => {
  test('follows Strapi\'s admin password rule', () => {
    assert.equal(adminPasswordProblem('Str0ng-pass'), null);
    assert.equal(adminPasswordProblem('Sh0rt'), 'at least 8 characters');
    assert.equal(adminPasswordProblem('alllower1'), 'an uppercase letter');
    assert.equal(adminPasswordProblem('ALLUPPER1'), 'a lowercase letter');
    assert.equal(adminPasswordProblem('NoDigitsHere'), 'a digit');
    assert.equal(adminPasswordProblem(`Aa1${'x'.repeat(80)}`), 'at most 72 bytes (bcrypt ignores the rest)');
  });
});
