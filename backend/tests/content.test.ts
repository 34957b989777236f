import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { AuthResponseSchema, call, ErrorResponseSchema, newAccount } from './support/api.ts';
import { startBackend, TEST_ADMIN, type Backend } from '../../tools/test-backend/backend.ts';

// The CMS content the site pre-renders (blog, pricing, legal pages): the first-start seed, the public reads, and
// the rules editors' writes must follow. One backend at a time: a first start on an empty database, then a restart
// on the same database for everything after the restart test.

let backend: Backend;

const SUPPORT_EMAIL = 'help@studyease.test';
const ENV = { SUPPORT_EMAIL, FREE_DAILY_QUESTIONS: '7', MODEL_DAILY_ANSWERS: '12', PUBLIC_MODEL_DAILY_ANSWERS: '3' };

const ArticleSchema = z.strictObject({
  id: z.number(),
  documentId: z.string(),
  title: z.string().min(1),
  slug: z.string().min(1),
  description: z.string().min(1).max(200),
  body: z.string().min(1),
  coverAlt: z.string().nullable(),
  author: z.string().min(1),
  tags: z.array(z.string()).nullable(),
  seoTitle: z.string().max(70).nullable(),
  seoDescription: z.string().max(160).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  publishedAt: z.iso.datetime(),
});
const PlanSchema = z.strictObject({
  id: z.number(),
  documentId: z.string(),
  name: z.string(),
  slug: z.string(),
  price: z.number().min(0),
  currency: z.string(),
  period: z.enum(['month', 'year', 'forever']),
  features: z.array(z.string()),
  highlighted: z.boolean(),
  ctaLabel: z.string(),
  ctaNote: z.string().nullable(),
  order: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  publishedAt: z.iso.datetime(),
});
const LegalPageSchema = z.strictObject({
  id: z.number(),
  documentId: z.string(),
  title: z.string(),
  slug: z.string(),
  body: z.string().min(1),
  effectiveDate: z.iso.date(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  publishedAt: z.iso.datetime(),
});
const listOf = <S extends z.ZodType>(item: S) =>
  z.object({
    data: z.array(item),
    meta: z.object({ pagination: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }) }),
  });

/**
 * @param path - a public GET route
 * @param schema - the answer's schema
 * @param token - a user's jwt, to read as Authenticated
 * @returns the answer, checked
 */
const getOk = async <S extends z.ZodType>(path: string, schema: S, token?: string): Promise<z.output<S>> => {
  const res = await call(backend.url, 'GET', path, token === undefined ? {} : { token });
  assert.equal(res.status, 200, `GET ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return schema.parse(res.body);
};

const slugsOf = (items: { slug: string }[]): string[] => items.map(({ slug }) => slug).sort();

const SEEDED_ARTICLES = [
  'balancing-chemical-equations-step-by-step',
  'check-your-answer-to-a-linear-equation',
  'hints-before-answers',
];
const SEEDED_LEGAL_PAGES = ['privacy-policy', 'terms-of-service'];

before(async () => {
  backend = await startBackend(ENV, { emptyDatabase: true });
});
after(async () => {
  await backend.stop();
});

describe('the first start', () => {
  test('publishes the three seeded articles, with the dates they were first published on', async () => {
    const { data, meta } = await getOk('/api/articles?sort=publishedAt:desc', listOf(ArticleSchema));
    assert.equal(meta.pagination.total, 3);
    assert.deepEqual(
      data.map(({ slug, publishedAt }) => [slug, publishedAt]),
      [
        ['check-your-answer-to-a-linear-equation', '2026-11-02T08:00:00.000Z'],
        ['balancing-chemical-equations-step-by-step', '2026-10-20T08:00:00.000Z'],
        ['hints-before-answers', '2026-09-28T08:00:00.000Z'],
      ],
    );
    for (const article of data) {
      assert.equal(article.author, 'StudyEase Team');
      assert.ok((article.tags ?? []).length > 0, `${article.slug} has tags`);
      assert.match(article.body, /^## /m, `${article.slug}'s body is Markdown with headings`);
    }
  });

  test('creates the Free and Plus plans, Plus naming SUPPORT_EMAIL', async () => {
    const { data } = await getOk('/api/plans?sort=order', listOf(PlanSchema));
    const [free, plus] = data;
    assert.equal(data.length, 2);
    assert.ok(free && plus);
    assert.deepEqual(
      { name: free.name, price: free.price, period: free.period, highlighted: free.highlighted, cta: free.ctaLabel },
      { name: 'Free', price: 0, period: 'forever', highlighted: false, cta: 'Start for free' },
    );
    assert.ok(free.features.includes('{freeDailyQuestions} questions a day with every tool'));
    assert.equal(free.ctaNote, null);
    assert.deepEqual(
      {
        name: plus.name,
        price: plus.price,
        currency: plus.currency,
        period: plus.period,
        highlighted: plus.highlighted,
      },
      { name: 'Plus', price: 6, currency: 'USD', period: 'month', highlighted: true },
    );
    assert.equal(plus.ctaLabel, 'Get Plus');
    assert.match(plus.ctaNote ?? '', new RegExp(`not on sale online yet.*${SUPPORT_EMAIL.replace('.', '\\.')}`));
  });

  test('publishes the privacy policy and the terms of service, naming SUPPORT_EMAIL as the contact', async () => {
    const { data } = await getOk('/api/legal-pages', listOf(LegalPageSchema));
    assert.deepEqual(slugsOf(data), SEEDED_LEGAL_PAGES);
    for (const page of data) {
      assert.ok(page.body.includes(SUPPORT_EMAIL), `${page.slug} names the support address`);
      assert.doesNotMatch(page.body, /\$\{|lorem/i);
    }
    const privacy = data.find(({ slug }) => slug === 'privacy-policy');
    for (const topic of [
      /bcrypt/,
      /fingerprint/i,
      /AI model/,
      /studyease_jwt/,
      /13 and over/,
      /deletes all its messages/,
    ]) {
      assert.match(privacy?.body ?? '', topic);
    }
  });
});

describe('a restart on the same database', () => {
  before(async () => {
    // What an editor might do between two deployments: delete an article, rename a plan.
    const { data: articles } = await getOk(
      '/api/articles?filters[slug][$eq]=hints-before-answers',
      listOf(ArticleSchema),
    );
    const { data: plans } = await getOk('/api/plans?filters[slug][$eq]=plus', listOf(PlanSchema));
    await backend.strapi.documents('api::article.article').delete({ documentId: articles[0]?.documentId ?? '' });
    await backend.strapi
      .documents('api::plan.plan')
      .update({ documentId: plans[0]?.documentId ?? '', data: { name: 'Plus (early access)' } });

    await backend.stop({ keepDatabase: true });
    backend = await startBackend(ENV, { sameDatabaseAs: backend });
  });

  test('seeds nothing again: no duplicates, deleted entries stay deleted, edits are kept', async () => {
    const articles = await getOk('/api/articles', listOf(ArticleSchema));
    assert.deepEqual(
      slugsOf(articles.data),
      SEEDED_ARTICLES.filter((slug) => slug !== 'hints-before-answers'),
    );
    // A draft and a published row per article, nothing more.
    assert.equal(await backend.strapi.db.query('api::article.article').count(), 4);

    const plans = await getOk('/api/plans?sort=order', listOf(PlanSchema));
    assert.deepEqual(
      plans.data.map(({ name }) => name),
      ['Free', 'Plus (early access)'],
    );
    assert.equal(await backend.strapi.db.query('api::plan.plan').count(), 2);
    const pages = await getOk('/api/legal-pages', listOf(LegalPageSchema));
    assert.deepEqual(slugsOf(pages.data), SEEDED_LEGAL_PAGES);
    assert.equal(await backend.strapi.db.query('api::legal-page.legal-page').count(), 4);
  });
});

describe('an anonymous visitor', () => {
  test('reads an article by its slug, and by its documentId', async () => {
    const slug = 'check-your-answer-to-a-linear-equation';
    const { data } = await getOk(`/api/articles?filters[slug][$eq]=${slug}`, listOf(ArticleSchema));
    assert.equal(data.length, 1);
    const [article] = data;
    assert.equal(article?.title, 'How to check your answer to a linear equation in under a minute');
    const one = await getOk(`/api/articles/${article.documentId}`, z.object({ data: ArticleSchema }));
    assert.equal(one.data.slug, slug);
  });

  test('reads a legal page by its slug', async () => {
    const { data } = await getOk('/api/legal-pages?filters[slug][$eq]=terms-of-service', listOf(LegalPageSchema));
    assert.equal(data[0]?.title, 'Terms of Service');
    assert.match(data[0].body, /graded exam/);
  });

  test('gets the plans in their order, either way', async () => {
    const ascending = await getOk('/api/plans?sort=order:asc', listOf(PlanSchema));
    const descending = await getOk('/api/plans?sort=order:desc', listOf(PlanSchema));
    assert.deepEqual(
      ascending.data.map(({ slug }) => slug),
      ['free', 'plus'],
    );
    assert.deepEqual(
      descending.data.map(({ slug }) => slug),
      ['plus', 'free'],
    );
  });

  test('reads the chat limits: FREE_DAILY_QUESTIONS, MODEL_DAILY_ANSWERS, PUBLIC_MODEL_DAILY_ANSWERS', async () => {
    const res = await call(backend.url, 'GET', '/api/chat-limits');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { freeDailyQuestions: 7, modelDailyAnswers: 12, publicModelDailyAnswers: 3 });
  });
});

describe('drafts', () => {
  let user: z.output<typeof AuthResponseSchema>;
  const draftIds: Record<'article' | 'legalPage', string> = { article: '', legalPage: '' };

  before(async () => {
    user = AuthResponseSchema.parse(
      (await call(backend.url, 'POST', '/api/auth/local/register', { body: newAccount('reader') })).body,
    );
    const article = z.object({ documentId: z.string() }).parse(
      await backend.strapi.documents('api::article.article').create({
        data: {
          title: 'Unpublished draft',
          slug: 'unpublished-draft',
          description: 'Not ready yet.',
          body: 'Secret draft body.',
          author: 'Editor',
          tags: [],
        },
      }),
    );
    const page = z.object({ documentId: z.string() }).parse(
      await backend.strapi.documents('api::legal-page.legal-page').create({
        data: {
          title: 'Cookie policy draft',
          slug: 'cookie-policy',
          body: 'Secret draft body.',
          effectiveDate: '2027-01-01',
        },
      }),
    );
    draftIds.article = article.documentId;
    draftIds.legalPage = page.documentId;

    // A published article whose draft has unpublished changes.
    const { data } = await getOk(
      '/api/articles?filters[slug][$eq]=check-your-answer-to-a-linear-equation',
      listOf(ArticleSchema),
    );
    await backend.strapi.documents('api::article.article').update({
      documentId: data[0]?.documentId ?? '',
      data: { title: 'Unpublished new title', body: 'Secret draft body.' },
    });
  });

  for (const reader of ['Public', 'Authenticated'] as const) {
    test(`stay invisible to ${reader} on every read route, whatever the query asks`, async () => {
      const token = reader === 'Public' ? undefined : user.jwt;
      const articleQueries = [
        '',
        '?status=draft',
        '?status=draft&filters[slug][$eq]=unpublished-draft',
        '?filters[slug][$eq]=unpublished-draft',
        '?status=draft&publicationFilter=never-published',
        '?status=draft&hasPublishedVersion=false',
        '?filters[publishedAt][$null]=true',
        '?status=draft&filters[title][$eq]=Unpublished%20new%20title',
      ];
      for (const query of articleQueries) {
        const path = `/api/articles${query}`;
        const res = await call(backend.url, 'GET', path, token === undefined ? {} : { token });
        assert.equal(res.status, 200, `${path}: ${res.status}`);
        const { data } = listOf(ArticleSchema).parse(res.body);
        assert.ok(!data.some(({ slug }) => slug === 'unpublished-draft'), `${path} lists the draft`);
        assert.ok(!JSON.stringify(data).includes('Secret draft'), `${path} shows a draft's body`);
        assert.ok(!JSON.stringify(data).includes('Unpublished new title'), `${path} shows an unpublished change`);
      }
      const pageQueries: [query: string, slugs: string[]][] = [
        ['', SEEDED_LEGAL_PAGES],
        ['?status=draft', SEEDED_LEGAL_PAGES],
        ['?status=draft&filters[slug][$eq]=cookie-policy', []],
      ];
      for (const [query, slugs] of pageQueries) {
        const { data } = await getOk(`/api/legal-pages${query}`, listOf(LegalPageSchema), token);
        assert.deepEqual(slugsOf(data), slugs, `/api/legal-pages${query}`);
      }
      for (const path of [
        `/api/articles/${draftIds.article}`,
        `/api/articles/${draftIds.article}?status=draft`,
        `/api/legal-pages/${draftIds.legalPage}`,
        `/api/legal-pages/${draftIds.legalPage}?status=draft`,
      ]) {
        const res = await call(backend.url, 'GET', path, token === undefined ? {} : { token });
        assert.equal(res.status, 404, `${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
    });
  }
});

describe('writes through the API', () => {
  let token: string;
  before(async () => {
    token = AuthResponseSchema.parse(
      (await call(backend.url, 'POST', '/api/auth/local/register', { body: newAccount('writer') })).body,
    ).jwt;
  });

  for (const reader of ['Public', 'Authenticated'] as const) {
    test(`are refused to ${reader} (403), and so are plans' single reads`, async () => {
      const { data } = await getOk('/api/articles', listOf(ArticleSchema));
      const plans = await getOk('/api/plans', listOf(PlanSchema));
      const pages = await getOk('/api/legal-pages', listOf(LegalPageSchema));
      const article = data[0]?.documentId ?? '';
      const plan = plans.data[0]?.documentId ?? '';
      const page = pages.data[0]?.documentId ?? '';
      const body = { data: { title: 'Defaced' } };
      const routes: [string, string, unknown?][] = [
        ['POST', '/api/articles', body],
        ['PUT', `/api/articles/${article}`, body],
        ['DELETE', `/api/articles/${article}`],
        ['POST', '/api/plans', { data: { name: 'Defaced' } }],
        ['PUT', `/api/plans/${plan}`, { data: { name: 'Defaced' } }],
        ['DELETE', `/api/plans/${plan}`],
        ['GET', `/api/plans/${plan}`],
        ['POST', '/api/legal-pages', body],
        ['PUT', `/api/legal-pages/${page}`, body],
        ['DELETE', `/api/legal-pages/${page}`],
      ];
      for (const [method, path, requestBody] of routes) {
        const res = await call(backend.url, method, path, {
          body: requestBody,
          ...(reader === 'Authenticated' ? { token } : {}),
        });
        assert.equal(res.status, 403, `${method} ${path} answered ${res.status}`);
      }
      const afterwards = await getOk('/api/articles', listOf(ArticleSchema));
      assert.equal(afterwards.data.length, data.length);
      assert.ok(!JSON.stringify(afterwards.data).includes('Defaced'));
    });
  }
});

describe('content rules', () => {
  const article = (slug: string, extra: Record<string, unknown> = {}) => ({
    title: `Article ${slug}`,
    slug,
    description: 'A test article.',
    body: 'Some **Markdown**.',
    author: 'Editor',
    tags: ['test'],
    ...extra,
  });
  const ValidationErrorSchema = z.object({ name: z.literal('ValidationError'), message: z.string() });
  let cover: number;

  before(async () => {
    const file = z.object({ id: z.number() }).parse(
      await backend.strapi.db.query('plugin::upload.file').create({
        data: {
          name: 'cover.png',
          hash: 'cover_test',
          ext: '.png',
          mime: 'image/png',
          size: 1.2,
          width: 1200,
          height: 630,
          url: '/uploads/cover_test.png',
          provider: 'local',
        },
      }),
    );
    cover = file.id;
  });

  test('an article with a cover needs coverAlt', async () => {
    const documents = backend.strapi.documents('api::article.article');
    await assert.rejects(documents.create({ data: article('no-alt', { cover }), status: 'published' }), (error) => {
      assert.match(ValidationErrorSchema.parse(error).message, /coverAlt/);
      return true;
    });
    await assert.rejects(documents.create({ data: article('blank-alt', { cover, coverAlt: '  ' }) }), /coverAlt/);

    const created = z.object({ documentId: z.string() }).parse(
      await documents.create({
        data: article('with-alt', { cover, coverAlt: 'A balance scale' }),
        status: 'published',
      }),
    );
    // A partial update that empties the alternative but keeps the cover is refused; removing both is fine.
    await assert.rejects(documents.update({ documentId: created.documentId, data: { coverAlt: '' } }), /coverAlt/);
    await documents.update({ documentId: created.documentId, data: { title: 'Still with its alt' } });
    await documents.update({ documentId: created.documentId, data: { cover: null, coverAlt: null } });
    await documents.update({
      documentId: created.documentId,
      data: { cover, coverAlt: 'A new cover' },
      status: 'published',
    });

    const { data } = await getOk(
      '/api/articles?filters[slug][$eq]=with-alt&populate=cover',
      listOf(ArticleSchema.extend({ cover: z.object({ url: z.string(), mime: z.string() }).loose().nullable() })),
    );
    assert.equal(data[0]?.coverAlt, 'A new cover');
    assert.equal(data[0].cover?.url, '/uploads/cover_test.png');
  });

  test('the admin panel gets the same answer (400 ValidationError naming coverAlt)', async () => {
    const login = await call(backend.url, 'POST', '/admin/login', { body: TEST_ADMIN });
    const adminToken = z.object({ data: z.object({ token: z.string() }) }).parse(login.body).data.token;
    const res = await call(backend.url, 'POST', '/content-manager/collection-types/api::article.article', {
      token: adminToken,
      body: article('admin-no-alt', { cover }),
    });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.match(ErrorResponseSchema.parse(res.body).error.message, /coverAlt/);
  });

  test('tags and plan features are lists of strings', async () => {
    await assert.rejects(
      backend.strapi.documents('api::article.article').create({ data: article('bad-tags', { tags: ['ok', 3] }) }),
      /tags must be a JSON array of short, non-empty strings \(item 1\)/,
    );
    await assert.rejects(
      backend.strapi.documents('api::article.article').create({ data: article('tag-object', { tags: { a: 1 } }) }),
      /tags must be a JSON array/,
    );
    await assert.rejects(
      backend.strapi.documents('api::plan.plan').create({
        data: {
          name: 'Team',
          slug: 'team',
          price: 10,
          period: 'month',
          features: 'All of it',
          ctaLabel: 'Ask us',
          order: 3,
        },
      }),
      /features must be a JSON array/,
    );
  });
});
