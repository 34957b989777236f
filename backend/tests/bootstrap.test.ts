import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { call } from './support/api.ts';
import {
  TEST_ADMIN,
  TEST_EMAIL_FROM,
  TEST_SITE_URL,
  startBackend,
  type Backend,
} from '../../tools/test-backend/backend.ts';

let backend: Backend;
before(async () => {
  backend = await startBackend();
});
after(async () => {
  await backend.stop();
});

const upStore = (key: string) => backend.strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key });

const actionsOf = async (type: string): Promise<string[]> => {
  const role = z
    .object({ id: z.number() })
    .parse(await backend.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type } }));
  const rows = z
    .array(z.object({ action: z.string() }))
    .parse(
      await backend.strapi.db.query('plugin::users-permissions.permission').findMany({ where: { role: role.id } }),
    );
  return rows.map(({ action }) => action).sort();
};

const AUTH_ACTIONS = [
  'auth.callback',
  'auth.connect',
  'auth.emailConfirmation',
  'auth.forgotPassword',
  'auth.refresh',
  'auth.register',
  'auth.resetPassword',
  'auth.sendEmailConfirmation',
].map((action) => `plugin::users-permissions.${action}`);

describe('users-permissions advanced settings', () => {
  test('point at the site and follow EMAIL_CONFIRMATION', async () => {
    const advanced = z
      .object({
        email_confirmation: z.boolean(),
        email_confirmation_redirection: z.string(),
        email_reset_password: z.string(),
        default_role: z.string(),
        unique_email: z.boolean(),
      })
      .parse(await upStore('advanced'));
    assert.deepEqual(advanced, {
      email_confirmation: false,
      email_confirmation_redirection: `${TEST_SITE_URL}/auth/email-confirmation`,
      email_reset_password: `${TEST_SITE_URL}/auth/reset-passwrod`,
      default_role: 'authenticated',
      unique_email: true,
    });
  });
});

describe('email templates', () => {
  const TemplateSchema = z.object({
    options: z.object({
      from: z.object({ name: z.string(), email: z.string() }),
      response_email: z.string(),
      object: z.string(),
      message: z.string(),
    }),
  });
  const EmailStoreSchema = z.object({ reset_password: TemplateSchema, email_confirmation: TemplateSchema });

  test('are sent by StudyEase from EMAIL_FROM', async () => {
    const templates = EmailStoreSchema.parse(await upStore('email'));
    for (const { options } of [templates.reset_password, templates.email_confirmation]) {
      assert.deepEqual(options.from, { name: 'StudyEase', email: TEST_EMAIL_FROM });
      assert.equal(options.response_email, TEST_EMAIL_FROM);
      assert.match(options.object, /StudyEase/);
    }
  });

  test("link to the site's pages", async () => {
    const templates = EmailStoreSchema.parse(await upStore('email'));
    assert.match(templates.reset_password.options.message, /<%= URL %>\?code=<%= TOKEN %>/);
    assert.ok(
      templates.email_confirmation.options.message.includes(
        `${TEST_SITE_URL}/auth/email-confirmation?confirmation=<%= CODE %>`,
      ),
    );
  });
});

describe('role permissions', () => {
  // Reads only: find and findOne of the content the site pre-renders (plans: find), and GET /api/chat-limits.
  const PUBLIC_READS = [
    'api::article.article.find',
    'api::article.article.findOne',
    'api::plan.plan.find',
    'api::legal-page.legal-page.find',
    'api::legal-page.legal-page.findOne',
    'api::chat-limit.chat-limit.find',
    // The photo reader (issue #15): a POST that stores nothing, open to visitors and students alike.
    'api::read-image.read-image.read',
  ];

  test('Public may use the auth routes and read the published content and the chat limits, nothing else', async () => {
    assert.deepEqual(await actionsOf('public'), [...AUTH_ACTIONS, ...PUBLIC_READS].sort());
  });

  test('Authenticated may also read itself, change its password, manage its sessions, use its chat and practice, and export or delete its data', async () => {
    const own = ['user.me', 'auth.changePassword', 'auth.logout', 'auth.getSessions', 'auth.revokeSession'].map(
      (action) => `plugin::users-permissions.${action}`,
    );
    // The chat's custom, owner-scoped routes; never the core actions of conversation or message.
    const chat = ['find', 'findOne', 'create', 'update', 'delete', 'findMessages', 'sendMessage', 'retryMessage'].map(
      (action) => `api::conversation.conversation.${action}`,
    );
    // Practice in the chat (issue #14): its own owner-scoped routes, never the core actions of practice-attempt.
    const practice = ['find', 'questions', 'create'].map(
      (action) => `api::practice-attempt.practice-attempt.${action}`,
    );
    // Practice that comes back and the student's own data (issue #16): routes that act on the caller only.
    const review = ['skills', 'session', 'answer'].map((action) => `api::practice.practice.${action}`);
    const data = ['export', 'remove'].map((action) => `api::account.account.${action}`);
    assert.deepEqual(
      await actionsOf('authenticated'),
      [...AUTH_ACTIONS, ...own, ...chat, ...practice, ...review, ...data, ...PUBLIC_READS].sort(),
    );
  });
});

describe('admin account', () => {
  test('the one from ADMIN_EMAIL/ADMIN_PASSWORD signs in to the admin over plain HTTP in production', async () => {
    assert.equal(backend.strapi.config.get('environment'), 'production');
    const res = await call(backend.url, 'POST', '/admin/login', { body: TEST_ADMIN });
    // Strapi's default Secure cookie would make koa answer 500 here.
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('strapi_admin_refresh='));
    assert.ok(cookie, 'the refresh cookie is set');
    assert.doesNotMatch(cookie, /;\s*secure/i);
    assert.match(cookie, /httponly/i);
  });
});
