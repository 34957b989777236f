// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom 21 drops the first element DOMPurify returns and parses <math> into the HTML
// namespace, so a sanitiser test there would check its bugs rather than what a browser does.
import { describe, expect, test, vi } from 'vitest';
import { isSafeUrl, renderInlineMarkdown, renderMarkdown, renderMath } from '@/lib/markdown';
import { REQUIRED_CATEGORIES, XSS_CORPUS } from '../support/xssCorpus';
import { XSS_PAYLOADS } from './xssPayloads';

/** Parses rendered HTML the way the page will, into a detached element. */
function toDom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

function visibleText(root: HTMLElement): string {
  return root.textContent.replace(/\s+/g, ' ').trim();
}

const DANGEROUS_ELEMENTS = ['script', 'iframe', 'object', 'embed', 'style', 'img', 'svg', 'form', 'input'];
/** More that the renderer must never produce: they load, navigate, frame or take input. */
const LOADING_ELEMENTS = ['frame', 'frameset', 'link', 'meta', 'base', 'video', 'audio', 'source', 'portal', 'button'];
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'background', 'data'];
const ALLOWED_PROTOCOLS = ['http:', 'https:', 'mailto:'];

/** Every way the rendered DOM could run script or leave the allowed URL schemes, as readable strings. */
function findDangers(root: HTMLElement): string[] {
  const dangers: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.localName.toLowerCase();
    if (DANGEROUS_ELEMENTS.includes(tag) || LOADING_ELEMENTS.includes(tag)) dangers.push(`<${tag}> element`);
    // Custom elements, such as the corpus's <xss-marker>.
    if (tag.includes('-')) dangers.push(`<${tag}> custom element`);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) dangers.push(`${name} on <${tag}>`);
      if (name === 'style' && /url\(|expression|fixed|@import/i.test(attribute.value)) {
        dangers.push(`style="${attribute.value}" on <${tag}>`);
      }
      if (URL_ATTRIBUTES.includes(name)) {
        // Resolved as a browser would; a relative URL takes the page's https scheme.
        const protocol = new URL(attribute.value, 'https://studyease.test/app/').protocol;
        if (!ALLOWED_PROTOCOLS.includes(protocol)) dangers.push(`${name}="${attribute.value}" on <${tag}>`);
      }
    }
  }
  return dangers;
}

describe('renderMarkdown', () => {
  test('renders emphasis, strong and strikethrough', () => {
    const html = renderMarkdown('*slanted* **bold** ~~gone~~');
    expect(html).toContain('<em>slanted</em>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<s>gone</s>');
  });

  test('renders bulleted and numbered lists', () => {
    const root = toDom(renderMarkdown('- one\n- two\n\n3. three\n4. four'));
    expect(Array.from(root.querySelectorAll('ul > li'), (li) => li.textContent)).toEqual(['one', 'two']);
    expect(Array.from(root.querySelectorAll('ol > li'), (li) => li.textContent)).toEqual(['three', 'four']);
    expect(root.querySelector('ol')?.getAttribute('start')).toBe('3');
  });

  test('renders inline code and fenced code with its language, escaped', () => {
    const root = toDom(renderMarkdown('Use `a < b`.\n\n```js\nif (a < b) alert(1);\n```'));
    expect(root.querySelector('p > code')?.textContent).toBe('a < b');
    const block = root.querySelector('pre > code');
    expect(block?.className).toBe('language-js');
    expect(block?.textContent).toBe('if (a < b) alert(1);\n');
  });

  test('renders tables with column alignment', () => {
    const root = toDom(renderMarkdown('| x | f(x) |\n|:--|--:|\n| 1 | 2 |\n| 2 | 4 |'));
    expect(Array.from(root.querySelectorAll('th'), (th) => th.textContent)).toEqual(['x', 'f(x)']);
    expect(root.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(root.querySelector('td:last-child')?.getAttribute('style')).toBe('text-align:right');
  });

  test('keeps single line breaks, as chat messages are written', () => {
    expect(renderMarkdown('first\nsecond')).toContain('<br>');
  });

  test('opens links in a new tab without referrer or opener', () => {
    const link = toDom(renderMarkdown('[docs](https://example.com/a?b=1)')).querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  test('links bare URLs and keeps mailto and relative links', () => {
    const root = toDom(
      renderMarkdown('See https://example.com, [mail](mailto:help@example.com) and [pricing](/pricing).'),
    );
    expect(Array.from(root.querySelectorAll('a'), (a) => a.getAttribute('href'))).toEqual([
      'https://example.com',
      'mailto:help@example.com',
      '/pricing',
    ]);
  });

  test('turns an image into a link instead of loading it', () => {
    const root = toDom(renderMarkdown('![a graph](https://example.com/graph.png)'));
    expect(root.querySelector('img')).toBeNull();
    const link = root.querySelector('a');
    expect(link?.textContent).toBe('a graph');
    expect(link?.getAttribute('href')).toBe('https://example.com/graph.png');
  });

  test('renders inline math as MathML', () => {
    for (const source of ['The area is $\\pi r^2$.', 'The area is \\(\\pi r^2\\).']) {
      const math = toDom(renderMarkdown(source)).querySelector('p > math');
      expect(math, source).not.toBeNull();
      expect(math?.getAttribute('display')).not.toBe('block');
      expect(math?.querySelector('msup')).not.toBeNull();
    }
  });

  test('renders display math as block MathML', () => {
    for (const source of [
      '$$\n\\frac{a}{b}\n$$',
      '\\[\n\\frac{a}{b}\n\\]',
      '$$\\frac{a}{b}$$',
      'So $$\\frac{a}{b}$$ holds',
    ]) {
      const math = toDom(renderMarkdown(source)).querySelector('math');
      expect(math?.getAttribute('display'), source).toBe('block');
      expect(math?.querySelector('mfrac'), source).not.toBeNull();
    }
  });

  test('keeps display math inside a list item', () => {
    const root = toDom(renderMarkdown('1. Solve:\n   $$\n   x^2 = 4\n   $$\n2. Check'));
    expect(root.querySelector('li .math-display math')).not.toBeNull();
  });

  test('leaves prices, escaped dollars and code spans as text', () => {
    expect(renderMarkdown('It costs $5 and $10.')).not.toContain('<math');
    expect(renderMarkdown('A \\$ sign and $x$')).toMatch(/A \$ sign and <math/);
    expect(visibleText(toDom(renderMarkdown('Type `$x$` for math')))).toBe('Type $x$ for math');
  });

  test('leaves unclosed delimiters as text', () => {
    // Not `x^2` inside: plain-text maths is typeset on its own now (the test below).
    const root = toDom(renderMarkdown(`$$\ntwo\n\nThen \\(y and ${'\\('.repeat(3000)}`));
    expect(root.querySelector('math')).toBeNull();
    expect(visibleText(root)).toMatch(/^\$\$ two Then \(y and \(\(\(/);
  });

  test('typesets plain-text maths and chemical formulas in the text, not in code', () => {
    const root = toDom(renderMarkdown('Solve x^2 - 5x + 6 = 0, then balance C3H8 + O2 -> CO2. Keep `x^2` as code.'));
    const formulas = [...root.querySelectorAll('math')];
    expect(formulas).toHaveLength(2);
    expect(formulas[0]?.querySelector('msup')?.textContent).toBe('x2');
    // Counts as subscripts on the whole, upright symbol (one <mi>, not an italic C beside an italic O).
    expect(formulas[1]?.querySelectorAll('msub')).toHaveLength(4);
    expect([...(formulas[1]?.querySelectorAll('mi') ?? [])].map((mi) => mi.textContent)).toEqual(['C', 'H', 'O', 'CO']);
    expect(root.querySelector('code')?.textContent).toBe('x^2');
  });

  test('a * between terms is a product, not emphasis', () => {
    const root = toDom(renderMarkdown('In terms of c: a = 2*c, b = (3/2)*c. **Bold** stays bold.'));
    expect(root.querySelector('em')).toBeNull();
    expect(root.querySelector('strong')?.textContent).toBe('Bold');
    expect(root.querySelectorAll('math')).toHaveLength(2);
  });

  test('shows invalid TeX as its source instead of failing', () => {
    const code = toDom(renderMarkdown('Broken: $\\frac{a<b$')).querySelector('code.math-error');
    expect(code?.textContent).toBe('\\frac{a<b');
  });

  test('keeps colours from \\color in math', () => {
    const html = renderMarkdown('$\\color{red}{x}$');
    expect(html).toContain('color:#ff0000');
  });
});

describe('renderMarkdown without a DOM', () => {
  test('fails closed, escaping the source instead of returning unsanitised HTML', async () => {
    vi.resetModules();
    vi.stubGlobal('window', undefined);
    try {
      const { renderMarkdown: renderWithoutDom } = await import('@/lib/markdown');
      expect(renderWithoutDom('**a** <b>b</b>')).toBe('**a** &lt;b&gt;b&lt;/b&gt;');
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});

describe('renderInlineMarkdown', () => {
  test('renders without a paragraph', () => {
    expect(renderInlineMarkdown('**Quadratic** $x^2$')).toMatch(/^<strong>Quadratic<\/strong> <math/);
  });
});

describe('renderMath', () => {
  test('renders inline and display formulas', () => {
    expect(renderMath('\\sqrt{2}', false)).toMatch(/^<math><msqrt>/);
    expect(renderMath('\\sum_{i=1}^n i', true)).toMatch(/^<math display="block"/);
  });

  test('escapes the source of invalid TeX and never throws', () => {
    const html = renderMath('\\frac{<img src=x onerror=alert(1)>', true);
    expect(html).toBe('<code class="math-error">\\frac{&lt;img src=x onerror=alert(1)&gt;</code>');
  });

  test('makes no link from \\href or \\url', () => {
    const root = toDom(renderMath('\\href{https://example.com}{x} + \\url{https://example.com}', false));
    expect(root.querySelector('[href]')).toBeNull();
  });
});

describe('isSafeUrl', () => {
  test('accepts http, https, mailto and relative URLs', () => {
    for (const url of ['https://a.test', 'HTTP://a.test', 'mailto:a@b.test', '/app', 'notes/1', '#top', '?q=1']) {
      expect(isSafeUrl(url), url).toBe(true);
    }
  });

  test('refuses other schemes, however disguised', () => {
    for (const url of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:x', 'java%09script:x', 'data:,x']) {
      expect(isSafeUrl(url), url).toBe(false);
    }
  });
});

describe('renderMarkdown with hostile input', () => {
  test.each(XSS_PAYLOADS)('neutralises $name', ({ source, visibleText: expected }) => {
    const root = toDom(renderMarkdown(source));
    expect(findDangers(root)).toEqual([]);
    if (expected !== undefined) expect(visibleText(root)).toContain(expected);
  });

  test('makes no link at all from a disguised javascript: URL', () => {
    for (const source of ['[x](java&#x09;script:alert(1))', '[x][a]\n\n[a]: javascript:alert(1)']) {
      expect(toDom(renderMarkdown(source)).querySelector('a'), source).toBeNull();
    }
  });
});

describe('the XSS corpus', () => {
  test('has at least 300 distinct payloads covering every category the issue names', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(XSS_CORPUS.map((entry) => entry.source)).size).toBe(XSS_CORPUS.length);
    expect(new Set(XSS_CORPUS.map((entry) => entry.name)).size).toBe(XSS_CORPUS.length);
    for (const category of REQUIRED_CATEGORIES) {
      expect(XSS_CORPUS.filter((entry) => entry.category === category).length, category).toBeGreaterThan(0);
    }
    for (const payload of XSS_PAYLOADS) expect(XSS_CORPUS.map((entry) => entry.source)).toContain(payload.source);
  });

  test('the danger check finds what it looks for (it can fail)', () => {
    expect(findDangers(toDom('<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>'))).toEqual([
      '<img> element',
      'onerror on <img>',
      'href="javascript:alert(1)" on <a>',
    ]);
    expect(findDangers(toDom('<xss-marker></xss-marker><b style="background:url(http://evil.test)">x</b>'))).toEqual([
      '<xss-marker> custom element',
      'style="background:url(http://evil.test)" on <b>',
    ]);
  });

  test.each(XSS_CORPUS)('renderMarkdown neutralises $category: $name', ({ source }) => {
    expect(findDangers(toDom(renderMarkdown(source)))).toEqual([]);
  });

  test.each(XSS_CORPUS)('renderInlineMarkdown neutralises $category: $name', ({ source }) => {
    expect(findDangers(toDom(renderInlineMarkdown(source)))).toEqual([]);
  });
});
