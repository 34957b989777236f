import { expect, type Page, test } from '@playwright/test';
import { e2eEnv } from './support';

/** The JSON-LD blocks of a page, parsed (a block that is not valid JSON fails the test). */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as Record<string, unknown>);
}

test.describe('content from the CMS', () => {
  test('the blog lists the published articles newest first and opens one, with reading time and related articles', async ({
    page,
  }) => {
    const response = await fetch(
      `${e2eEnv('E2E_BACKEND_URL')}/api/articles?sort=publishedAt:desc&fields[0]=slug&fields[1]=title`,
    );
    const { data } = (await response.json()) as { data: { slug: string; title: string }[] };
    expect(data.length).toBeGreaterThanOrEqual(3);

    await page.goto('/blog');
    const titles = page.locator('[data-article-list] h2');
    await expect(titles).toHaveText(data.map((article) => article.title));
    const blog = (await structuredData(page)).find((item) => item['@type'] === 'Blog');
    expect(blog?.['blogPost']).toHaveLength(data.length);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');

    const first = data[0];
    if (!first) throw new Error('no article');
    await page.getByRole('link', { name: first.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${first.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    await expect(page.getByText(/\d+ min read/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Related articles' })).toBeVisible();
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/og-default\.png$/);
    const posting = (await structuredData(page)).find((item) => item['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({ headline: first.title, '@context': 'https://schema.org' });
    expect(Date.parse(String(posting?.['datePublished']))).not.toBeNaN();
  });

  test('an article renders its headings and maths (MathML, no script)', async ({ page }) => {
    await page.goto('/blog/check-your-answer-to-a-linear-equation');
    await expect(page.getByRole('heading', { level: 2, name: 'Equations with fractions' })).toBeVisible();
    // Every equation of the worked example is typeset, not set in a code font (issue #14).
    await expect(page.locator('.prose-page code')).toHaveCount(0);
    expect(await page.locator('.prose-page math').count()).toBeGreaterThan(10);
    await expect(page.locator('.prose-page math mfrac').first()).toBeAttached();
    await expect(page.locator('.prose-page')).not.toContainText('\\frac');
  });

  test('an unknown article is the 404 page', async ({ page }) => {
    const response = await page.goto('/blog/no-such-article');
    expect(response?.status()).toBe(404);
  });

  test('RSS and the sitemap list every article, the sitemap with lastmod', async ({ request }) => {
    const response = await fetch(`${e2eEnv('E2E_BACKEND_URL')}/api/articles?fields[0]=slug&fields[1]=updatedAt`);
    const { data } = (await response.json()) as { data: { slug: string; updatedAt: string }[] };
    const rss = await (await request.get('/rss.xml')).text();
    const sitemapIndex = await (await request.get('/sitemap.xml')).text();
    const sitemapFile = /<loc>[^<]*\/(sitemap-\d+\.xml)<\/loc>/.exec(sitemapIndex)?.[1];
    const sitemap = await (await request.get(`/${sitemapFile ?? 'sitemap-0.xml'}`)).text();
    for (const article of data) {
      expect(rss).toContain(`/blog/${article.slug}</link>`);
      const entry = new RegExp(`<url><loc>[^<]*/blog/${article.slug}</loc><lastmod>([^<]+)</lastmod>`).exec(sitemap);
      expect(entry?.[1]).toBe(new Date(article.updatedAt).toISOString());
    }
    expect(sitemap).toMatch(/<url><loc>[^<]*\/pricing<\/loc><lastmod>/);
  });

  test('pricing shows the seeded plans with the configured daily limit; the paid plan says how to get it', async ({
    page,
  }) => {
    const limits = (await (await fetch(`${e2eEnv('E2E_BACKEND_URL')}/api/chat-limits`)).json()) as {
      freeDailyQuestions: number;
    };
    await page.goto('/pricing');
    const free = page.getByRole('region', { name: 'Free plan' });
    await expect(free).toContainText(`${limits.freeDailyQuestions} questions a day`);
    await expect(free.getByRole('link', { name: 'Start for free' })).toHaveAttribute('href', '/auth/register');
    const plus = page.getByRole('region', { name: 'Plus plan' });
    await expect(plus).toContainText('not on sale online yet');
    const product = (await structuredData(page)).find((item) => item['@type'] === 'Product');
    expect((product?.['offers'] as unknown[]).length).toBe(2);
  });

  test('the legal pages come from the CMS', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText(/In effect from/)).toBeVisible();
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  });
});
