import type { Core } from '@strapi/strapi';
import { z } from 'zod';

const UP = 'plugin::users-permissions';

/**
 * Auth routes anyone may call: Strapi's defaults for the Public role. They act only on the account named in the
 * request (or create one), so they expose nothing.
 */
const AUTH_ACTIONS = [
  'auth.callback',
  'auth.connect',
  'auth.register',
  'auth.forgotPassword',
  'auth.resetPassword',
  'auth.emailConfirmation',
  'auth.sendEmailConfirmation',
  'auth.refresh',
].map((action) => `${UP}.${action}`);

/** What a signed-in user may do beyond that: read themself, change their password, manage their sessions. */
const OWN_ACCOUNT_ACTIONS = [
  'user.me',
  'auth.changePassword',
  'auth.logout',
  'auth.getSessions',
  'auth.revokeSession',
].map((action) => `${UP}.${action}`);

/**
 * The chat API (src/api/conversation/routes): custom routes that act only on the caller's own conversations and
 * messages. The core content-type actions (find, create… on conversation and message) stay closed to everyone.
 */
export const CHAT_ACTIONS = [
  'find',
  'findOne',
  'create',
  'update',
  'delete',
  'findMessages',
  'sendMessage',
  'retryMessage',
].map((action) => `api::conversation.conversation.${action}`);

/**
 * Practice in the chat (src/api/practice-attempt/routes): the questions an answer offers and the caller's own
 * attempts at them, each route behind the same owner policy as the chat's. Not the core actions of the type.
 */
export const PRACTICE_ACTIONS = ['find', 'questions', 'create'].map(
  (action) => `api::practice-attempt.practice-attempt.${action}`,
);

/**
 * Practice that comes back (src/api/practice/routes): the caller's own skills, sessions and answers; and the
 * caller's own data (src/api/account/routes): export it, delete it with the account. Neither takes an account id.
 */
export const OWN_PRACTICE_ACTIONS = [
  ...['skills', 'session', 'answer'].map((action) => `api::practice.practice.${action}`),
  ...['export', 'remove'].map((action) => `api::account.account.${action}`),
];

/**
 * What anyone may read, signed in or not: the published content the site pre-renders (blog, pricing, legal pages;
 * reads of draft-and-publish types are pinned to published versions by `global::published-only`) and the chat's
 * limits for the pricing page, and the photo reader (a POST that reads a picture and stores nothing; signed in, its
 * reading counts against the student's daily questions). Never a write: editors work in the admin panel.
 */
export const PUBLIC_READ_ACTIONS = [
  'api::article.article.find',
  'api::article.article.findOne',
  'api::plan.plan.find',
  'api::legal-page.legal-page.find',
  'api::legal-page.legal-page.findOne',
  'api::chat-limit.chat-limit.find',
  'api::read-image.read-image.read',
] as const;

/**
 * The complete set of actions of each end-user role. Bootstrap makes the database match it exactly: permissions
 * added by hand in the admin are removed on the next start, so the code stays the one place that says who may
 * read what (and a mistaken click cannot expose other users' data, e.g. `user.find` for Authenticated).
 */
export const ROLE_PERMISSIONS: Readonly<Record<'public' | 'authenticated', readonly string[]>> = {
  public: [...AUTH_ACTIONS, ...PUBLIC_READ_ACTIONS],
  // Signed-in users keep the auth actions: the site sends its token with every call, including "resend the
  // confirmation email" from the account page.
  authenticated: [
    ...AUTH_ACTIONS,
    ...OWN_ACCOUNT_ACTIONS,
    ...CHAT_ACTIONS,
    ...PRACTICE_ACTIONS,
    ...OWN_PRACTICE_ACTIONS,
    ...PUBLIC_READ_ACTIONS,
  ],
};

const RoleSchema = z.object({ id: z.number() });
const PermissionsSchema = z.array(z.object({ id: z.number(), action: z.string() }));

/**
 * Makes the Public and Authenticated roles' permissions equal ROLE_PERMISSIONS (idempotent).
 *
 * @param strapi - the running Strapi instance, after users-permissions created its roles
 */
export const seedRolePermissions = async (strapi: Core.Strapi): Promise<void> => {
  for (const [type, wanted] of Object.entries(ROLE_PERMISSIONS)) {
    const role = RoleSchema.parse(await strapi.db.query(`${UP}.role`).findOne({ where: { type } }));
    const current = PermissionsSchema.parse(
      await strapi.db.query(`${UP}.permission`).findMany({ where: { role: role.id } }),
    );
    const currentActions = new Set(current.map(({ action }) => action));
    const missing = wanted.filter((action) => !currentActions.has(action));
    const extra = current.filter(({ action }) => !wanted.includes(action));

    for (const action of missing) {
      await strapi.db.query(`${UP}.permission`).create({ data: { action, role: role.id } });
    }
    if (extra.length > 0) {
      await strapi.db.query(`${UP}.permission`).deleteMany({ where: { id: { $in: extra.map(({ id }) => id) } } });
    }
    if (missing.length > 0 || extra.length > 0) {
      strapi.log.info(
        `[studyease] ${type} role: granted ${missing.length}, revoked ${extra.length} (${extra.map((p) => p.action).join(', ') || 'none'})`,
      );
    }
  }
};
