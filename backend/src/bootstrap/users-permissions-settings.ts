import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { PRODUCT_NAME, type StudyEaseConfig } from '../utils/studyease-config';

/** Site pages the emails and redirects point at (the reset route is spelled this way in the site, see SPEC §2). */
export const SITE_PAGES = {
  emailConfirmation: '/auth/email-confirmation',
  resetPassword: '/auth/reset-passwrod',
} as const;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A paragraph holding one link whose label is its URL, so that the plain-text part shows the address once.
 * `<%= … %>` placeholders are filled by users-permissions when it sends the email.
 */
const linkParagraph = (href: string): string => `<p><a href="${href}">${href}</a></p>`;

/**
 * The email templates, written by code on every start because their links embed SITE_URL. Editing them in the
 * admin panel lasts until the next restart. The username is left out on purpose: users-permissions inserts
 * template values unescaped, and a username is user input.
 *
 * @param config - the product settings
 * @returns the value of users-permissions' `email` store entry (without the admin's display fields)
 */
export const emailTemplates = (config: StudyEaseConfig) => {
  const from = { name: PRODUCT_NAME, email: config.emailFrom };
  // The confirmation link opens the site's page, which confirms the code with the backend and tells the result
  // (Strapi's own <%= URL %> would point at the backend and show raw JSON for a used or wrong code).
  const confirmationLink = `${escapeHtml(config.siteUrl + SITE_PAGES.emailConfirmation)}?confirmation=<%= CODE %>`;
  return {
    reset_password: {
      from,
      response_email: config.emailFrom,
      object: `Reset your ${PRODUCT_NAME} password`,
      message: [
        '<p>Hello,</p>',
        `<p>We received a request to reset the password of your ${PRODUCT_NAME} account. Open this link to choose a new password:</p>`,
        // URL is advanced.email_reset_password, i.e. the site's reset page.
        linkParagraph('<%= URL %>?code=<%= TOKEN %>'),
        '<p>If you did not ask for this, you can ignore this email: your password stays as it is.</p>',
        `<p>The ${PRODUCT_NAME} team</p>`,
      ].join('\n'),
    },
    email_confirmation: {
      from,
      response_email: config.emailFrom,
      object: `Confirm your ${PRODUCT_NAME} account`,
      message: [
        `<p>Welcome to ${PRODUCT_NAME}!</p>`,
        '<p>Please confirm your email address by opening this link:</p>',
        linkParagraph(confirmationLink),
        `<p>If you did not create a ${PRODUCT_NAME} account, you can ignore this email.</p>`,
        `<p>The ${PRODUCT_NAME} team</p>`,
      ].join('\n'),
    },
  };
};

/**
 * The advanced settings this product decides (others keep the admin's values).
 *
 * @param config - the product settings
 * @returns the fields to merge into users-permissions' `advanced` store entry
 */
export const advancedSettings = (config: StudyEaseConfig) => ({
  email_confirmation: config.emailConfirmation,
  // Where GET /api/auth/email-confirmation redirects after confirming.
  email_confirmation_redirection: config.siteUrl + SITE_PAGES.emailConfirmation,
  // The `URL` of the reset email: the site's page reads `code` from the query.
  email_reset_password: config.siteUrl + SITE_PAGES.resetPassword,
  default_role: 'authenticated',
  unique_email: true,
});

const StoredObjectSchema = z.record(z.string(), z.unknown());

/**
 * Writes the advanced settings and email templates into users-permissions' store (idempotent: only when they
 * differ, so restarts do not churn the database).
 *
 * @param strapi - the running Strapi instance, after users-permissions initialised its store
 * @param config - the product settings
 */
export const seedUsersPermissionsSettings = async (strapi: Core.Strapi, config: StudyEaseConfig): Promise<void> => {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });

  const advanced = StoredObjectSchema.parse((await store.get({ key: 'advanced' })) ?? {});
  const nextAdvanced = { ...advanced, ...advancedSettings(config) };
  if (JSON.stringify(nextAdvanced) !== JSON.stringify(advanced)) {
    await store.set({ key: 'advanced', value: nextAdvanced });
  }

  const email = StoredObjectSchema.parse((await store.get({ key: 'email' })) ?? {});
  const nextEmail: Record<string, unknown> = { ...email };
  for (const [name, options] of Object.entries(emailTemplates(config))) {
    // Keep the display name and icon the admin panel shows for each template.
    const previous = StoredObjectSchema.safeParse(email[name]);
    nextEmail[name] = { ...(previous.success ? previous.data : {}), options };
  }
  if (JSON.stringify(nextEmail) !== JSON.stringify(email)) {
    await store.set({ key: 'email', value: nextEmail });
  }
};
