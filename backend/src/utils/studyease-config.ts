import type { Core } from '@strapi/strapi';
import { z } from 'zod';

/** The product's name: sender name of every email and the name used in their texts. */
export const PRODUCT_NAME = 'StudyEase';

/** The support address when `SUPPORT_EMAIL` is unset. */
export const DEFAULT_SUPPORT_EMAIL = 'support@studyease.app';

/** The product's own settings, built from environment variables in config/studyease.ts. */
export const StudyEaseConfigSchema = z.object({
  /** Base URL of the site, without a trailing slash. */
  siteUrl: z.url({ protocol: /^https?$/ }),
  /** Whether new accounts must confirm their email before signing in (`EMAIL_CONFIRMATION`). */
  emailConfirmation: z.boolean(),
  /** Sender address of every email (`EMAIL_FROM`). */
  emailFrom: z.email(),
  /** Where students write to (`SUPPORT_EMAIL`): named in the seeded Plus plan and legal pages. */
  supportEmail: z.email(),
  /** The admin account to create when missing; both empty means "generate one and print it once". */
  admin: z.object({ email: z.union([z.literal(''), z.email()]), password: z.string() }),
  /** Base URL of the local OAuth2 test provider (`OAUTH_TEST_PROVIDER_URL`); null: no `studyease-test` provider. */
  oauthTestProviderUrl: z.url({ protocol: /^https?$/ }).nullable(),
});

export type StudyEaseConfig = z.output<typeof StudyEaseConfigSchema>;

/**
 * Reads config/studyease.ts back from Strapi's configuration store, checking its shape rather than trusting a cast.
 *
 * @param strapi - the running Strapi instance
 * @returns the product settings
 * @throws ZodError when config/studyease.ts was not loaded (for instance a stale dist/ build) or is malformed
 */
export const getStudyEaseConfig = (strapi: Core.Strapi): StudyEaseConfig =>
  StudyEaseConfigSchema.parse(strapi.config.get('studyease'));
