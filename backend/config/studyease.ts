import type { Core } from '@strapi/strapi';
import { readEmailFrom, readOAuthTestProviderUrl, readSiteUrl } from '../src/utils/env';
import { DEFAULT_SUPPORT_EMAIL, type StudyEaseConfig, StudyEaseConfigSchema } from '../src/utils/studyease-config';

/**
 * What the bootstrap seeds (src/bootstrap/), read here so that every environment variable is read in config/.
 * Available at runtime as `strapi.config.get('studyease')`.
 */
export default ({ env }: Core.Config.Shared.ConfigParams): StudyEaseConfig =>
  StudyEaseConfigSchema.parse({
    siteUrl: readSiteUrl(env),
    emailConfirmation: env.bool('EMAIL_CONFIRMATION', false),
    emailFrom: readEmailFrom(env),
    supportEmail: env('SUPPORT_EMAIL', DEFAULT_SUPPORT_EMAIL).trim(),
    admin: {
      email: env('ADMIN_EMAIL', ''),
      password: env('ADMIN_PASSWORD', ''),
    },
    oauthTestProviderUrl: readOAuthTestProviderUrl(env),
  });
