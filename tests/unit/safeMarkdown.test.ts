// Node, not jsdom: satteri (Astro's Markdown renderer, which these tests render with) checks its buffers with
// `instanceof Uint8Array`, which jsdom's globals break. The HTML is parsed with a JSDOM of its own instead.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { markdownToHtml } from 'satteri';
import { describe, expect, test } from 'vitest';
import { inlineScriptHashes } from '@/integrations/security-headers';
import { mathToMathml } from '@/lib/cms/markdownMath';
import { safeArticleMarkdown } from '@/lib/cms/safeMarkdown';
import { XSS_CORPUS } from '../support/xssCorpus';

/** The CMS's origin in these tests: article images may load from it. */
const CMS_ORIGIN = 'https://cms.studyease.test';
const SITE_ORIGIN = 'https://studyease.test';

/** Astro's renderer with this project's settings (GFM and SmartyPants on). */
const renderMarkdown = (markdown: string): string =>
  markdownToHtml(markdown, { features: { gfm: true, smartPunctuation: true } }).html;

/** An article body as the site builds it (src/lib/cms/collectionLoader.ts). */
const renderArticle = (source: string): string =>
  renderMarkdown(safeArticleMarkdown(source, { imageOrigins: [CMS_ORIGIN] }));

/** jsdom has no types installed (markdown.test.ts uses it through Vitest's environment): the part used here. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string, options: { url: string }) => { window: { document: Document } };
};
const { document } = new JSDOM('<!doctype html><body></body>', { url: `${SITE_ORIGIN}/blog/x` }).window;

function toDom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

/** What Markdown makes; anything else in an article body came from raw HTML. MathML is checked apart. */
const MARKDOWN_ELEMENTS = new Set(
  'p h1 h2 h3 h4 h5 h6 a img ul ol li blockquote pre code em strong del s table thead tbody tr th td hr br input sup section span div'.split(
    ' ',
  ),
);
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'background', 'data', 'srcset'];
const ALLOWED_PROTOCOLS = ['http:', 'https:', 'mailto:'];

/** Every way a rendered article body could run script, load from elsewhere or carry foreign markup. */
function findDangers(root: HTMLElement): string[] {
  const dangers: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.localName.toLowerCase();
    const math = element.namespaceURI === 'http://www.w3.org/1998/Math/MathML';
    if (!math && !MARKDOWN_ELEMENTS.has(tag)) dangers.push(`<${tag}> element`);
    if (tag === 'input' && element.getAttribute('type') !== 'checkbox') dangers.push('<input> that is no checkbox');
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) dangers.push(`${name} on <${tag}>`);
      if (name === 'style' && /url\(|expression|fixed|@import|javascript/i.test(attribute.value)) {
        dangers.push(`style="${attribute.value}" on <${tag}>`);
      }
      if (URL_ATTRIBUTES.includes(name) || (math && name === 'href')) {
        // An address a browser cannot parse goes nowhere; its scheme still counts.
        const url = URL.parse(attribute.value, `${SITE_ORIGIN}/blog/x`);
        const protocol = url?.protocol ?? /^\s*([a-z][\w+.-]*:)/i.exec(attribute.value)?.[1]?.toLowerCase() ?? 'https:';
        if (!ALLOWED_PROTOCOLS.includes(protocol) || math) dangers.push(`${name}="${attribute.value}" on <${tag}>`);
        if (tag === 'img' && url?.origin !== CMS_ORIGIN) {
          dangers.push(`<img src="${attribute.value}"> from a foreign origin`);
        }
      }
    }
  }
  return dangers;
}

describe('the check itself', () => {
  test('finds raw HTML and javascript: links in what Astro renders on its own (it can fail)', () => {
    const unsafe = renderMarkdown(
      mathToMathml('<script>alert(1)</script>\n\n[x](javascript:alert(1)) ![p](http://evil.test/p.png)'),
    );
    expect(findDangers(toDom(unsafe))).toEqual([
      '<script> element',
      'href="javascript:alert(1)" on <a>',
      '<img src="http://evil.test/p.png"> from a foreign origin',
    ]);
  });
});

describe('safeArticleMarkdown', () => {
  test.each(XSS_CORPUS)('neutralises $category: $name', ({ source }) => {
    expect(findDangers(toDom(renderArticle(source)))).toEqual([]);
  });

  test('keeps ordinary Markdown, links, CMS images and maths as they were', () => {
    const source = [
      '# Title',
      '',
      `Some **bold** and \`<code>\`, a [link](https://example.com), ![graph](${CMS_ORIGIN}/uploads/graph.png) and $x^2$.`,
      '',
      '- [x] done',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '```html',
      '<b>code</b>',
      '```',
      '',
      '$$',
      '\\frac{a}{b}',
      '$$',
    ].join('\n');
    expect(safeArticleMarkdown(source, { imageOrigins: [CMS_ORIGIN] })).toBe(mathToMathml(source));
    const root = toDom(renderArticle(source));
    expect(root.querySelector('h1')?.textContent).toBe('Title');
    expect(root.querySelector('p code')?.textContent).toBe('<code>');
    expect(root.querySelector('pre code')?.textContent).toBe('<b>code</b>\n');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('https://example.com');
    expect(root.querySelector('img')?.getAttribute('src')).toBe(`${CMS_ORIGIN}/uploads/graph.png`);
    expect(root.querySelectorAll('math')).toHaveLength(2);
    expect(root.querySelector('table')).not.toBeNull();
    expect(findDangers(root)).toEqual([]);
  });

  test('shows raw HTML and refused links as the text that was written', () => {
    for (const source of [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[x](javascript:alert(1))',
      'a <b onclick=alert(1)>b</b> c',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    ]) {
      const root = toDom(renderArticle(source));
      expect(root.textContent.trim(), source).toBe(source);
      expect(root.querySelector('script, img, a, b, iframe'), source).toBeNull();
    }
  });

  test('turns an image from anywhere but the CMS into a link to it', () => {
    const root = toDom(
      renderArticle('![pixel](http://evil.test/p.png), ![local](x.png) and ![ref][r]\n\n[r]: http://evil.test/r.png'),
    );
    expect(root.querySelector('img')).toBeNull();
    expect(Array.from(root.querySelectorAll('a'), (a) => a.getAttribute('href'))).toEqual([
      'http://evil.test/p.png',
      'x.png',
      'http://evil.test/r.png',
    ]);
  });

  test('escapes again when escaping one link lets another form', () => {
    const root = toDom(renderArticle('[a [b](javascript:alert(1)) c](javascript:alert(2))'));
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent.trim()).toBe('[a [b](javascript:alert(1)) c](javascript:alert(2))');
  });

  test('keeps maths as TeX when its MathML would let a link or markup through', () => {
    for (const source of ['$\\text{[x](javascript:alert(1))}$', '<a title="$\\mathrm{x}$ onclick=alert(1)>y</a>']) {
      const root = toDom(renderArticle(source));
      expect(findDangers(root), source).toEqual([]);
      expect(root.querySelector('a'), source).toBeNull();
    }
  });

  test('keeps a leading front-matter block as text instead of letting Astro cut it', () => {
    const markdown = safeArticleMarkdown('---\ntitle: x\n---\nBody', { imageOrigins: [] });
    expect(markdown.startsWith('\\---')).toBe(true);
    expect(toDom(renderMarkdown(markdown)).textContent).toContain('title: x');
  });
});

describe('inlineScriptHashes (the CSP allows these inline scripts on every page)', () => {
  test('hashes the inline scripts the page has, not text that only looks like one', () => {
    const html = [
      '<!doctype html><html><head>',
      // Astro leaves `<` as it is in attributes: a CMS title there must not add a hash to the policy.
      '<meta name="description" content="<script>alert(1)</script>">',
      '<script>theme()</script>',
      '<script type="application/ld+json">{"headline":"\\u003cscript>alert(2)\\u003c/script>"}</script>',
      '<script type="module" src="/_astro/site.js"></script>',
      '</head><body><p>&lt;script&gt;alert(3)&lt;/script&gt;</p><template><script>later()</script></template></body></html>',
    ].join('');
    const hashOf = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([hashOf('theme()'), hashOf('later()')]);
  });
});
