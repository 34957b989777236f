import { factories } from '@strapi/strapi';

/** The core routes; who may call them is decided by src/bootstrap/permissions.ts (Public and Authenticated: find). */
export default factories.createCoreRouter('api::plan.plan');
