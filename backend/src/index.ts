import type { Core } from '@strapi/strapi';
import { seed } from './bootstrap';
import { registerOAuthTestProvider } from './bootstrap/oauth-test-provider';
import { registerContentRules } from './content/rules';
import { closePool } from './tutor/pool';
import { installRequestGuard } from './utils/request-guard';
import { getStudyEaseConfig } from './utils/studyease-config';

export default {
  /**
   * Runs before the plugins' bootstraps: providers must be registered before users-permissions stores them, and
   * the content rules before anything (the seed included) writes.
   */
  register({ strapi }: { strapi: Core.Strapi }): void {
    registerOAuthTestProvider(strapi, getStudyEaseConfig(strapi));
    registerContentRules(strapi);
    // Hostile input answers 4xx with the JSON envelope, never 500 (issue #7; see the module).
    installRequestGuard(strapi);
  },

  /** Runs after the plugins' bootstraps, before the server listens. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }): Promise<void> {
    await seed(strapi);
  },

  /** Stops the tutor's worker threads with the server. */
  async destroy(): Promise<void> {
    await closePool();
  },
};
