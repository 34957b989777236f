/** The part of Koa's context this middleware uses (Strapi parses and re-serialises `query` with qs). */
interface QueryContext {
  query: Record<string, unknown>;
}

/**
 * Route middleware for the read routes of draft-and-publish content: answers with published versions only,
 * whatever the caller asks. Strapi 5's core controllers pass `?status=draft` through to the document service, so
 * anyone allowed to `find` an article could otherwise read unpublished drafts. (Drafts are previewed in the admin.)
 */
export default () =>
  async (ctx: QueryContext, next: () => Promise<void>): Promise<void> => {
    ctx.query = { ...ctx.query, status: 'published' };
    await next();
  };
