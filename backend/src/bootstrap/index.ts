import type { Core } from '@strapi/strapi';
import { getStudyEaseConfig } from '../utils/studyease-config';
import { seedAdminAccount } from './admin-account';
import { seedContent } from './content';
import { addPlainTextToEmails } from './email-plain-text';
import { seedOAuthTestProviderGrant } from './oauth-test-provider';
import { seedRolePermissions } from './permissions';
import { registerRebuildHook } from './rebuild-hook';
import { seedUsersPermissionsSettings } from './users-permissions-settings';

/**
 * Everything the product needs in the database, applied on every start and safe to repeat.
 *
 * @param strapi - the running Strapi instance, after the plugins' own bootstraps
 */
export const seed = async (strapi: Core.Strapi): Promise<void> => {
  const config = getStudyEaseConfig(strapi);
  addPlainTextToEmails(strapi);
  await seedRolePermissions(strapi);
  await seedUsersPermissionsSettings(strapi, config);
  await seedOAuthTestProviderGrant(strapi, config);
  await seedAdminAccount(strapi, config);
  await seedContent(strapi, config);
  registerRebuildHook(strapi);
};
