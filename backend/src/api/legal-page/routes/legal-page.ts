import { factories } from '@strapi/strapi';

/**
 * The core routes; who may call them is decided by src/bootstrap/permissions.ts (Public and Authenticated: find
 * and findOne). Reads are pinned to published pages: Strapi 5 would otherwise hand drafts to `?status=draft`.
 */
export default factories.createCoreRouter('api::legal-page.legal-page', {
  config: {
    find: { middlewares: ['global::published-only'] },
    findOne: { middlewares: ['global::published-only'] },
  },
});
