import type { Core } from '@strapi/strapi';
import { installOffThreadPasswordHashing } from './auth/password-hashing';
import { closePasswordPool } from './auth/password-pool';
import { seed } from './bootstrap';
import { ensureCountersTable } from './limits/counter-store';
import { registerOAuthTestProvider } from './bootstrap/oauth-test-provider';
import { registerContentRules } from './content/rules';
import { closePool } from './tutor/pool';
import { stopOcrWorker } from './tutor/read-image/ocr-reader';
import { leaveUploadsUnparsed } from './tutor/read-image/unparsed-upload';
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
    leaveUploadsUnparsed(strapi);
    // New passwords are hashed in the password worker, not on the main thread (issue #11; see the module).
    installOffThreadPasswordHashing(strapi);
  },

  /** Runs after the plugins' bootstraps, before the server listens. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }): Promise<void> {
    // The shared counters (rate limits, daily quota) live in a table of their own; made here rather than on the
    // first request, so that a database that refuses it fails the start, not a student's question.
    await ensureCountersTable(strapi.db.connection);
    await seed(strapi);
  },

  /** Stops the tutor's, the password check's and the photo reader's worker threads with the server. */
  async destroy(): Promise<void> {
    await Promise.all([closePool(), closePasswordPool(), stopOcrWorker()]);
  },
};
