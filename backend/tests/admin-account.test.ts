import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import type * as AdminAccount from '../src/bootstrap/admin-account.ts';
import { requireCompiled } from './support/compiled.ts';

const { seedAdminAccount, adminPasswordProblem, ADMIN_PASSWORD_FILE, GENERATED_ADMIN_EMAIL } =
  requireCompiled<typeof AdminAccount>('src/bootstrap/admin-account');

const work = mkdtempSync(path.join(tmpdir(), 'studyease-admin-'));
after(() => rmSync(work, { recursive: true, force: true }));
let folders = 0;

/** Where a test's generated password goes: a new secrets folder, and the terminal's text when it is interactive. */
const secretOutput = (interactive: boolean) => {
  folders += 1;
  const shown: string[] = [];
  const dir = path.join(work, `secrets-${folders}`);
  return { output: { dir, interactive, terminal: (text: string) => shown.push(text) }, shown, dir };
};

type Strapi = Parameters<typeof seedAdminAccount>[0];
type Config = Parameters<typeof seedAdminAccount>[1];

/** A stand-in for the parts of Strapi the seeding uses: admin users in memory and the log lines written. */
const fakeStrapi = () => {
  const admins: { email: string; password: string; roles: number[] }[] = [];
  const logs: string[] = [];
  const services: Record<string, Record<string, (...args: never[]) => unknown>> = {
    'admin::user': {
      exists: (attributes?: { email?: string }) =>
        Promise.resolve(admins.some((admin) => attributes?.email === undefined || admin.email === attributes.email)),
      create: (attributes: { email: string; password: string; roles: number[] }) =>
        Promise.resolve(admins.push(attributes)),
    },
    'admin::role': { getSuperAdmin: () => Promise.resolve({ id: 1 }) },
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

  test('the generated admin password is not written to a non-interactive log', async () => {
    const { strapi, admins, logs } = fakeStrapi();
    const { output, shown, dir } = secretOutput(false);
    await seedAdminAccount(strapi, config({ email: '', password: '' }), output);
    await seedAdminAccount(strapi, config({ email: '', password: '' }), output);
    assert.equal(admins.length, 1);
    const [admin] = admins;
    const generated = admin?.password ?? '';
    assert.equal(admin?.email, GENERATED_ADMIN_EMAIL);
    assert.equal(adminPasswordProblem(generated), null);
    assert.equal(logs.length, 1);
    assert.ok(!logs.join('\n').includes(generated), 'the password is not in the log');
    assert.deepEqual(shown, [], 'nothing is shown without a terminal');
    // The log names the file; the file holds the password and only its owner may read it.
    const file = path.join(dir, ADMIN_PASSWORD_FILE);
    assert.ok(logs[0]?.includes(file), 'the log names the file');
    assert.equal(readFileSync(file, 'utf8'), `${generated}\n`);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
  });

  test('shows the generated admin password once on an interactive terminal, never through the logger', async () => {
    const { strapi, admins, logs } = fakeStrapi();
    const { output, shown } = secretOutput(true);
    await seedAdminAccount(strapi, config({ email: '', password: '' }), output);
    await seedAdminAccount(strapi, config({ email: '', password: '' }), output);
    const generated = admins[0]?.password ?? '-';
    assert.equal(shown.length, 1);
    assert.ok(shown[0]?.includes(generated), 'the terminal shows the password');
    assert.ok(!logs.join('\n').includes(generated), 'the password is not in the log');
  });

  test('creates no admin when the generated password cannot be saved', async () => {
    const { strapi, admins } = fakeStrapi();
    const blocked = path.join(work, 'not-a-folder');
    writeFileSync(blocked, 'a file');
    await assert.rejects(
      seedAdminAccount(strapi, config({ email: '', password: '' }), { dir: blocked, interactive: false }),
      /set ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
    assert.equal(admins.length, 0);
  });

  test('generates nothing when an admin already exists', async () => {
    const { strapi, admins, logs } = fakeStrapi();
    admins.push({ email: 'someone@example.com', password: 'x', roles: [1] });
    await seedAdminAccount(strapi, config({ email: '', password: '' }), secretOutput(false).output);
    assert.equal(admins.length, 1);
    assert.deepEqual(logs, []);
  });

  test('refuses only one of the two variables, and a weak password', async () => {
    const { strapi } = fakeStrapi();
    await assert.rejects(seedAdminAccount(strapi, config({ email: 'a@example.com', password: '' })), /both/);
    await assert.rejects(
      seedAdminAccount(strapi, config({ email: 'a@example.com', password: 'weak' })),
      /ADMIN_PASSWORD/,
    );
  });
});

describe('adminPasswordProblem', () => {
  test("follows Strapi's admin password rule", () => {
    assert.equal(adminPasswordProblem('Str0ng-pass'), null);
    assert.equal(adminPasswordProblem('Sh0rt'), 'at least 8 characters');
    assert.equal(adminPasswordProblem('alllower1'), 'an uppercase letter');
    assert.equal(adminPasswordProblem('ALLUPPER1'), 'a lowercase letter');
    assert.equal(adminPasswordProblem('NoDigitsHere'), 'a digit');
    assert.equal(adminPasswordProblem(`Aa1${'x'.repeat(80)}`), 'at most 72 bytes (bcrypt ignores the rest)');
  });
});
