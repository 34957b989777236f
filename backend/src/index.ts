import type { Core } from '@strapi/strapi';
import { seed } from './bootstrap';

export default {
  /** Runs before the application is initialised: nothing to extend yet. */
  register(): void {},

  /** Runs after the plugins' bootstraps, before the server listens. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }): Promise<void> {
    await seed(strapi);
  },
};
