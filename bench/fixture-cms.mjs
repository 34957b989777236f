// A fixture CMS for the article-scale benchmark of `npm run bench` (issue #6): a local HTTP server that answers
// `GET /api/articles` with N generated articles in Strapi 5's REST shape, and passes every other request (plans,
// legal pages, chat limits, the tutor's worked examples) to a real backend. The site is built against it through
// the same loader as in production (src/lib/cms/loaders.ts); no article has a cover, so all share the default
// Open Graph image.
import { createServer, request } from 'node:http';
import { prng } from '../tools/prng.ts';

/** Strapi's default and maximum page size (`api.rest.defaultLimit` / `maxLimit` in a stock Strapi 5). */
const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

const SUBJECTS = [
  ['math', 'algebra', 'Linear equations', 'solve for x'],
  ['math', 'geometry', 'Similar triangles', 'find the missing side'],
  ['math', 'calculus', 'Derivatives of products', 'differentiate'],
  ['physics', 'mechanics', 'Projectile motion', 'find the range'],
  ['physics', 'electricity', "Ohm's law circuits", 'find the current'],
  ['chemistry', 'stoichiometry', 'Limiting reagents', 'find the yield'],
  ['chemistry', 'equilibrium', 'Le Chatelier shifts', 'predict the shift'],
  ['languages', 'translation', 'False friends', 'translate the sentence'],
  ['study-skills', 'checking', 'Estimating first', 'check the answer'],
  ['study-skills', 'exams', 'Timed practice', 'plan the paper'],
];
const AUTHORS = ['StudyEase Team', 'Maya Chen', 'Tomás Ortega', 'Priya Nair', 'Jonas Weber'];
const WORDS =
  'answer check step method value unit sign side equation result estimate example question practice mistake rule ' +
  'number term factor ratio graph table reason pattern model quantity measure balance compare guess test';

/**
 * @param {() => number} next
 * @param {number} count
 */
function sentence(next, count) {
  const words = WORDS.split(' ');
  const picked = Array.from({ length: count }, () => words[Math.floor(next() * words.length)] ?? 'step');
  const text = picked.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * @param {() => number} next
 * @param {number} sentences
 */
function paragraph(next, sentences) {
  return Array.from({ length: sentences }, () => sentence(next, 8 + Math.floor(next() * 10))).join(' ');
}

/**
 * A Markdown body of about 600 to 900 words: an intro, four or five sections with paragraphs, a numbered method,
 * a bullet list, inline code, a fenced code block, a quote and a closing section.
 * @param {number} index
 * @param {string} topic
 */
function body(index, topic) {
  // Seeded per article, so article N is the same in every build.
  const next = prng(index + 1);
  const target = 600 + Math.floor(next() * 300);
  const parts = [
    paragraph(next, 4),
    `Here is the ${topic.toLowerCase()} case written as \`f(x) = ${(index % 9) + 2}x - 3\`.`,
  ];
  let section = 0;
  const count = () => parts.join(' ').split(/\s+/).filter(Boolean).length;
  while (count() < target - 60) {
    section += 1;
    parts.push(
      `## ${sentence(next, 3 + Math.floor(next() * 3)).slice(0, -1)}`,
      paragraph(next, 3 + Math.floor(next() * 3)),
    );
    if (section % 4 === 1) {
      parts.push(
        Array.from({ length: 4 }, (_, step) => `${step + 1}. ${sentence(next, 6 + Math.floor(next() * 6))}`).join('\n'),
      );
    } else if (section % 4 === 2) {
      parts.push(
        Array.from({ length: 4 }, () => `- **${sentence(next, 2).slice(0, -1)}**: ${sentence(next, 7)}`).join('\n'),
      );
    } else if (section % 4 === 3) {
      parts.push(
        [
          '```python',
          `def check(x):`,
          `    left = 3 * (x - ${index % 7})`,
          `    right = 2 * x + ${index % 11}`,
          '    return left == right',
          '',
          `print(check(${index % 13}))`,
          '```',
        ].join('\n'),
      );
    } else {
      parts.push(`> ${sentence(next, 12)}`, `### ${sentence(next, 3).slice(0, -1)}`, paragraph(next, 2));
    }
  }
  parts.push('## Summary', paragraph(next, 3));
  return parts.join('\n\n');
}

/**
 * The fixture's articles, newest first, dated one per day back from 2026-11-01.
 * @param {number} count
 * @returns {Record<string, unknown>[]}
 */
export function generateArticles(count) {
  return Array.from({ length: count }, (_, index) => {
    const [subject, area, topic, task] = SUBJECTS[index % SUBJECTS.length] ?? [];
    const number = String(index + 1).padStart(4, '0');
    const published = new Date(Date.UTC(2026, 10, 1) - index * 86_400_000).toISOString();
    const title = `${topic}: how to ${task} and check it (${number})`;
    return {
      id: index + 1,
      documentId: `fixture${number}`,
      slug: `${String(topic)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')}-${number}`,
      title,
      description: `A worked method for ${String(topic).toLowerCase()}: ${task} step by step, then check the answer with an estimate and a substitution.`,
      body: body(index, String(topic)),
      author: AUTHORS[index % AUTHORS.length],
      tags: [subject, area, index % 3 === 0 ? 'checking' : 'practice'],
      seoTitle: title.slice(0, 70),
      seoDescription: `${topic}: ${task}, step by step, with a check of the answer.`.slice(0, 160),
      coverAlt: null,
      cover: null,
      publishedAt: published,
      updatedAt: published,
      createdAt: published,
    };
  });
}

/**
 * `fields[0]=slug&fields[1]=updatedAt` as Strapi reads it: those fields plus id and documentId.
 * @param {URLSearchParams} search
 * @returns {string[] | null}
 */
function fieldsOf(search) {
  const fields = [...search.entries()].filter(([key]) => /^fields(\[\d*\])?$/.test(key)).map(([, value]) => value);
  return fields.length ? ['id', 'documentId', ...fields.flatMap((value) => value.split(','))] : null;
}

/**
 * Starts the fixture on a free port.
 * @param {{ count: number, backendUrl: string }} options the number of articles; the backend everything else goes to
 * @returns {Promise<{ url: string, requests: Map<string, number>, stop(): Promise<void> }>}
 */
export async function startFixtureCms({ count, backendUrl }) {
  const articles = generateArticles(count);
  const backend = new URL(backendUrl);
  /** @type {Map<string, number>} requests per path, for the report */
  const requests = new Map();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture.local');
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    if (req.method === 'GET' && url.pathname === '/api/articles') {
      const page = Math.max(1, Number(url.searchParams.get('pagination[page]')) || 1);
      const pageSize = Math.min(
        MAX_PAGE_SIZE,
        Math.max(1, Number(url.searchParams.get('pagination[pageSize]')) || DEFAULT_PAGE_SIZE),
      );
      const fields = fieldsOf(url.searchParams);
      const data = articles
        .slice((page - 1) * pageSize, page * pageSize)
        .map((article) => (fields ? Object.fromEntries(fields.map((field) => [field, article[field]])) : article));
      const pagination = { page, pageSize, pageCount: Math.ceil(articles.length / pageSize), total: articles.length };
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ data, meta: { pagination } }));
      return;
    }
    const upstream = request(
      {
        hostname: backend.hostname,
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: backend.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`fixture CMS: the backend did not answer (${error.message})`);
    });
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
