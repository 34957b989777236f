import type { Core, UID } from '@strapi/strapi';
import { z } from 'zod';
import { SEED_ARTICLES } from '../seed/articles';
import { seedLegalPages } from '../seed/legal-pages';
import { seedPlans } from '../seed/plans';
import type { StudyEaseConfig } from '../utils/studyease-config';

/** Where the bootstrap remembers which content types it has seeded (Strapi's key-value store). */
const SEEDED_STORE = { type: 'core', name: 'studyease', key: 'seeded-content' } as const;

const SeededSchema = z.array(z.string()).catch([]);

/**
 * Creates a content type's first entries once: when its table is empty and it was never seeded before. Editors
 * own the entries from then on; nothing is overwritten on later starts, and entries they delete (even all of them)
 * are not brought back. All the entries of a type are created in one transaction, so a failed start leaves none.
 *
 * @param strapi - the running Strapi instance
 * @param uid - the content type
 * @param create - creates its entries
 */
const seedOnce = async (strapi: Core.Strapi, uid: UID.ContentType, create: () => Promise<void>): Promise<void> => {
  const store = strapi.store({ type: SEEDED_STORE.type, name: SEEDED_STORE.name });
  const seeded = SeededSchema.parse(await store.get({ key: SEEDED_STORE.key }));
  if (seeded.includes(uid)) return;
  // Counting every row, drafts included: a table with anything in it is already the editors'.
  const empty = (await strapi.db.query(uid).count()) === 0;
  if (empty) await strapi.db.transaction(create);
  await store.set({ key: SEEDED_STORE.key, value: [...seeded, uid] });
  if (empty) strapi.log.info(`[studyease] seeded ${uid}`);
};

/**
 * The blog's first articles, pricing plans, and legal pages (src/seed/), created published on the first start.
 *
 * @param strapi - the running Strapi instance
 * @param config - the product settings (the support address named in the Plus plan and the legal pages)
 */
export const seedContent = async (strapi: Core.Strapi, config: StudyEaseConfig): Promise<void> => {
  await seedOnce(strapi, 'api::article.article', async () => {
    for (const { publishedAt, ...article } of SEED_ARTICLES) {
      const created = await strapi.documents('api::article.article').create({ data: article, status: 'published' });
      // Publishing stamps "now"; the articles keep the dates they were first published on the site with. (An
      // editor's next publish stamps its own date, as with any article.)
      await strapi.db.query('api::article.article').updateMany({
        where: { documentId: created.documentId, publishedAt: { $notNull: true } },
        data: { publishedAt },
      });
    }
  });
  await seedOnce(strapi, 'api::plan.plan', async () => {
    for (const plan of seedPlans(config.supportEmail)) {
      await strapi.documents('api::plan.plan').create({ data: plan });
    }
  });
  await seedOnce(strapi, 'api::legal-page.legal-page', async () => {
    for (const page of seedLegalPages(config.supportEmail)) {
      await strapi.documents('api::legal-page.legal-page').create({ data: page, status: 'published' });
    }
  });
};
