import type { APIRoute } from 'astro';
import { SITE_DESCRIPTION, SITE_NAME } from '@/config';
import { publishedArticles } from '@/lib/publishedArticles';

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (character) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[character]};`,
  );

/** RSS 2.0 feed of the published articles, newest first (linked from /blog's head). */
export const GET: APIRoute = async ({ site }) => {
  const origin = (site ?? new URL('http://localhost:4321')).origin;
  const items = (await publishedArticles()).map(
    (article) => `    <item>
      <title>${escapeXml(article.data.title)}</title>
      <link>${origin}/blog/${article.id}</link>
      <guid isPermaLink="true">${origin}/blog/${article.id}</guid>
      <description>${escapeXml(article.data.description)}</description>
      <author>${escapeXml(article.data.author)}</author>
      <pubDate>${article.data.publishedAt.toUTCString()}</pubDate>
${article.data.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`).join('\n')}
    </item>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>${escapeXml(`${SITE_NAME} blog`)}</title>
    <link>${origin}/blog</link>
    <description>${escapeXml(SITE_DESCRIPTION)}</description>
    <language>en</language>
${items.join('\n')}
  </channel>
</rss>
`;
  return new Response(xml, { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
};
