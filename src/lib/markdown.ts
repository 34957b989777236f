import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import markdownIt, {
  type MarkdownIt,
  type StateBlock,
  type StateCore,
  type StateInline,
  type Token,
} from 'markdown-it';
import temml from 'temml';
import { findPlainMath } from './plainMath';

/*
 * The safe renderer for tutor messages: students' questions and answers from a model or the offline engine. None of
 * that text is trusted, so safety comes in three layers, each enough on its own for the common attacks:
 *   1. markdown-it with `html: false`, so raw HTML in a message is escaped as text, and links are checked as parsed;
 *   2. Temml with `trust: false`, so TeX can never make a link, a class or an attribute of its choosing;
 *   3. DOMPurify over the final HTML, with hooks that check every URL again and filter classes and inline styles.
 */

const MATHML_NAMESPACE = 'http://www.w3.org/1998/Math/MathML';

/** The URL schemes a link may use; anything else (javascript:, data:, vbscript:, file: …) is shown as text. */
const SAFE_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto']);

/** Attributes that hold a URL, checked on every element whatever the sanitiser's allow-list says. */
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'background', 'cite'];

/**
 * Inline-style properties Temml uses for colour, boxes, spacing and fonts. Styles exist only for math: they let
 * `\color`, `\boxed` and friends work, while `position: fixed`, `url()` and the like could overlay or fetch.
 */
const MATH_STYLE_PROPERTY =
  /^(?:color|background-color|border(?:-(?:top|right|bottom|left))?(?:-(?:width|style|color))?|padding(?:-(?:top|right|bottom|left))?|margin-(?:left|right)|width|height|min-width|font-(?:family|weight|style|size)|text-align|white-space|display|justify-content|vertical-align|math-depth|math-style|transform|position|top|right|bottom|left)$/;
const MATH_STYLE_VALUE = /^[-\w\s#%.,()+]*$/;
const UNSAFE_STYLE_VALUE = /url|expression|image|fixed|sticky|var\(|attr\(|env\(/i;

/**
 * How far a formula's closing delimiter is looked for. Without a bound, a message full of unclosed `\(` or `$$` lines
 * would be scanned to its end once per opener; no real formula is this long.
 */
const MAX_INLINE_MATH_CHARS = 2000;
const MAX_MATH_BLOCK_LINES = 100;

/** Tables are the one Markdown construct with an inline style (column alignment). */
const TABLE_ALIGN_STYLE = /^text-align:\s*(?:left|center|right);?$/;

/**
 * Temml settings. `trust: false` keeps `\href`, `\url`, `\htmlClass`, `\style` and `\includegraphics` inert; the size
 * caps ([em, pt]) keep `\rule{9999em}` or `\kern` from pushing the page around; `maxExpand` stops macro bombs.
 */
const TEMML_OPTIONS = { trust: false, throwOnError: true, strict: false, maxSize: [20, 200], maxExpand: 300 } as const;

const SANITIZE_CONFIG: Config = {
  USE_PROFILES: { html: true, mathMl: true },
  FORBID_TAGS: [
    'style',
    'script',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'img',
    'picture',
    'source',
    'video',
    'audio',
    'svg',
    'link',
    'meta',
    'base',
    'template',
  ],
  FORBID_ATTR: ['srcset', 'ping', 'action', 'formaction', 'poster', 'background'],
  // DOMPurify's own URL check, narrowed to our schemes; the hook below checks again with isSafeUrl.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

/**
 * Escapes text for use in HTML content or a quoted attribute.
 * @param text any text
 * @returns the text with `& < > " '` replaced by entities
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Whether a URL may become a link: http, https, mailto, or relative (path, query, fragment or `//host`). Control
 * characters and whitespace are dropped first, as browsers do (`java\tscript:`), and any scheme-like prefix counts
 * as a scheme, so an encoded one (`java%09script:`) is refused rather than read as a relative path.
 * @param url the URL as written or as parsed from an attribute
 * @returns true when the URL is safe to follow
 */
export function isSafeUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go.
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([^/?#]*?):/.exec(compact);
  return scheme === null || SAFE_SCHEMES.has((scheme[1] ?? '').toLowerCase());
}

/**
 * TeX to MathML with the settings above; invalid TeX becomes its escaped source in `<code class="math-error">`.
 * Not sanitised: the articles' Markdown (cms/markdownMath.ts) uses it before its own checks, the rest through
 * renderMath and renderMarkdown.
 * @param latex the formula, without delimiters
 * @param displayMode true for a centred block formula
 */
export function texToMathml(latex: string, displayMode: boolean): string {
  try {
    return temml.renderToString(rowsInEnvironment(latex), {
      ...TEMML_OPTIONS,
      maxSize: [...TEMML_OPTIONS.maxSize],
      displayMode,
    });
  } catch {
    // Temml throws a ParseError for bad TeX; anything else it throws is treated the same: show the source.
    return `<code class="math-error">${escapeHtml(latex)}</code>`;
  }
}
const mathToHtml = texToMathml;

/**
 * Rows written with `\\` outside any environment (a system's steps: "x + y = 5 \\ -2y = -4") as an environment's
 * rows: bare, Temml sets them on one line. `&` makes them aligned, otherwise each row is centred (gathered).
 */
function rowsInEnvironment(latex: string): string {
  let depth = 0;
  let environments = 0;
  let rows = false;
  let aligned = false;
  for (let index = 0; index < latex.length; index++) {
    const character = latex[index];
    if (character === '{') depth++;
    else if (character === '}') depth--;
    else if (character === '&' && depth === 0 && environments === 0) aligned = true;
    else if (character === '\\') {
      const rest = latex.slice(index + 1);
      if (rest.startsWith('begin{')) environments++;
      else if (rest.startsWith('end{')) environments--;
      else if (rest.startsWith('\\') && depth === 0 && environments === 0) rows = true;
      index++;
    }
  }
  if (!rows) return latex;
  const environment = aligned ? 'aligned' : 'gathered';
  return `\\begin{${environment}}${latex}\\end{${environment}}`;
}

/** The index of `close` in `src` from `from`, skipping backslash-escaped characters; -1 when absent. */
function findClosing(src: string, from: number, max: number, close: string): number {
  for (let i = from; i < max; i++) {
    if (src.startsWith(close, i) && i + close.length <= max) return i;
    if (src.charCodeAt(i) === 0x5c) i++;
  }
  return -1;
}

/**
 * Inline math: `$…$`, `\(…\)`, and display math inside a paragraph, `$$…$$` and `\[…\]`. A single `$` follows
 * Pandoc's rule (no space inside either dollar, no digit after the closing one) so that "$5 and $10" stays text.
 */
function mathInline(state: StateInline, silent: boolean): boolean {
  const { src, pos: start, posMax } = state;
  let open: string;
  let close: string;
  if (src.startsWith('\\(', start)) [open, close] = ['\\(', '\\)'];
  else if (src.startsWith('\\[', start)) [open, close] = ['\\[', '\\]'];
  else if (src.startsWith('$$', start)) [open, close] = ['$$', '$$'];
  else if (src.charCodeAt(start) === 0x24) [open, close] = ['$', '$'];
  else return false;

  const from = start + open.length;
  const end = findClosing(src, from, Math.min(posMax, from + MAX_INLINE_MATH_CHARS), close);
  if (end <= from) return false;
  const content = src.slice(from, end);
  if (open === '$' && (/^\s|\s$/.test(content) || /\d/.test(src.charAt(end + 1)))) return false;

  if (!silent) {
    const token = state.push(open === '$' || open === '\\(' ? 'math_inline' : 'math_inline_display', 'math', 0);
    token.content = content;
    token.markup = open;
  }
  state.pos = end + close.length;
  return true;
}

/** Display math on lines of its own: `$$ … $$` or `\[ … \]`, ending at the closer or failing at a blank line. */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if ((state.sCount[startLine] ?? 0) - state.blkIndent >= 4) return false;
  const lineText = (line: number) =>
    state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line] ?? 0).trimEnd();

  const first = lineText(startLine);
  const open = first.slice(0, 2);
  const close = open === '$$' ? '$$' : open === '\\[' ? '\\]' : null;
  if (close === null) return false;

  const lines: string[] = [];
  let rest = first.slice(2);
  let line = startLine;
  // TeX allows no blank line inside display math, so a blank line (or the end) means this was not math after all.
  for (;;) {
    if (rest.endsWith(close)) {
      const body = rest.slice(0, -close.length);
      // `$$a$$ and $$b$$` on one line is two inline formulas, not one block.
      if (line === startLine && body.includes(close)) return false;
      lines.push(body);
      break;
    }
    lines.push(rest);
    line++;
    if (line >= endLine || line - startLine >= MAX_MATH_BLOCK_LINES || state.isEmpty(line)) return false;
    rest = lineText(line);
  }
  if (silent) return true;

  state.line = line + 1;
  const token = state.push('math_block', 'math', 0);
  token.block = true;
  token.content = lines.join('\n').trim();
  token.markup = open;
  token.map = [startLine, state.line];
  return true;
}

/**
 * A `*` between two characters of a formula ("2*c", "(3/2)*c") is a product, not emphasis: calculator syntax in a
 * step or a hint would otherwise turn half a sentence into italics. `**` and a `*` beside a space keep their meaning.
 */
function calculatorStar(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x2a) return false;
  const before = src.charAt(pos - 1);
  const after = src.charAt(pos + 1);
  if (!/[\w)\]]/.test(before) || !/[\w(]/.test(after)) return false;
  if (!silent) state.push('text', '', 0).content = '*';
  state.pos = pos + 1;
  return true;
}

/**
 * Plain-text maths in the text of a message ("x^2 - 5x + 6 = 0", "C3H8 + O2 -> CO2") becomes inline formulas, so
 * hints, practice questions and steps typeset it like the formulas beside them. Only text tokens are read: code
 * spans, `$…$` and link targets stay as written. The rule of what counts as maths is in plainMath.ts.
 */
function plainMathRule(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const children: Token[] = [];
    let linkDepth = 0;
    for (const token of block.children) {
      if (token.type === 'link_open') linkDepth++;
      else if (token.type === 'link_close') linkDepth--;
      const runs = token.type === 'text' && linkDepth === 0 ? findPlainMath(token.content) : [];
      if (runs.length === 0) {
        children.push(token);
        continue;
      }
      let at = 0;
      const text = (content: string) => {
        if (!content) return;
        const piece = new state.Token('text', '', 0);
        piece.content = content;
        children.push(piece);
      };
      for (const run of runs) {
        text(token.content.slice(at, run.start));
        const math = new state.Token('math_inline', 'math', 0);
        math.content = run.tex;
        math.markup = 'plain';
        children.push(math);
        at = run.end;
      }
      text(token.content.slice(at));
    }
    block.children = children;
  }
}

/** Whether the token at `idx` sits inside a link, where an image must not add a second, nested link. */
function insideLink(tokens: Token[], idx: number): boolean {
  let depth = 0;
  for (let i = 0; i < idx; i++) {
    const type = tokens[i]?.type;
    if (type === 'link_open') depth++;
    else if (type === 'link_close') depth--;
  }
  return depth > 0;
}

function createMarkdown(): MarkdownIt {
  const md = markdownIt({ html: false, linkify: true, typographer: false, breaks: true });
  // Replaces markdown-it's deny-list (which lets some data: images through) with an allow-list. A refused link stays
  // as the text that was written, so a reader sees `[x](javascript:…)` rather than a dead link.
  md.validateLink = isSafeUrl;

  md.inline.ruler.before('escape', 'math_inline', mathInline);
  md.inline.ruler.before('emphasis', 'calculator_star', calculatorStar);
  md.core.ruler.after('text_join', 'plain_math', plainMathRule);
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules['math_inline'] = (tokens, idx) => mathToHtml(tokens[idx]?.content ?? '', false);
  md.renderer.rules['math_inline_display'] = (tokens, idx) => mathToHtml(tokens[idx]?.content ?? '', true);
  md.renderer.rules['math_block'] = (tokens, idx) =>
    // Focusable, so that a formula wider than a phone can be scrolled with the keyboard (scrollable-region-focusable).
    `<div class="math-display" tabindex="0">${mathToHtml(tokens[idx]?.content ?? '', true)}</div>\n`;

  md.renderer.rules['link_open'] = (tokens, idx, options, _env, renderer) => {
    tokens[idx]?.attrSet('target', '_blank');
    tokens[idx]?.attrSet('rel', 'noopener noreferrer nofollow');
    return renderer.renderToken(tokens, idx, options);
  };
  // Images are never loaded: a model's answer could otherwise make the browser fetch any URL with the conversation
  // in its query (a tracking pixel, or data exfiltration after a prompt injection). The image becomes a link instead.
  md.renderer.rules['image'] = (tokens, idx, options, env, renderer) => {
    const token = tokens[idx];
    if (!token) return '';
    const alt = escapeHtml(renderer.renderInlineAsText(token.children ?? [], options, env));
    const src = String(token.attrGet('src') ?? '');
    if (!src || insideLink(tokens, idx)) return alt;
    return `<a href="${escapeHtml(src)}" target="_blank" rel="noopener noreferrer nofollow">${alt || 'image'}</a>`;
  };
  return md;
}

/** Keeps the declarations of a MathML inline style that are on the allow-list; '' when none is. */
function filterMathStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return '';
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      const safe =
        MATH_STYLE_PROPERTY.test(property) && MATH_STYLE_VALUE.test(value) && !UNSAFE_STYLE_VALUE.test(value);
      return safe ? `${property}:${value}` : '';
    })
    .filter(Boolean)
    .join(';');
}

/** The checks DOMPurify's allow-lists cannot express, run on every element it keeps. */
function afterSanitizeAttributes(node: Element): void {
  for (const name of URL_ATTRIBUTES) {
    const value = node.getAttribute(name);
    if (value !== null && !isSafeUrl(value)) node.removeAttribute(name);
  }

  const isMath = node.namespaceURI === MATHML_NAMESPACE;
  const tag = node.localName.toLowerCase();
  if (!isMath && tag === 'a' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  } else {
    node.removeAttribute('target');
  }

  // Site CSS (Tailwind's `fixed`, `inset-0` …) must not be reachable from a message: HTML elements keep only the
  // classes this renderer writes. MathML classes come from Temml alone, since `\htmlClass` is untrusted.
  const className = node.getAttribute('class');
  if (className !== null && !isMath && !/^(?:language-[\w-]+|math-display|math-error)$/.test(className)) {
    node.removeAttribute('class');
  }

  const style = node.getAttribute('style');
  if (style !== null) {
    const kept = isMath ? filterMathStyle(style) : TABLE_ALIGN_STYLE.test(style.trim()) ? style.trim() : '';
    if (kept) node.setAttribute('style', kept);
    else node.removeAttribute('style');
  }
}

let purifier: DOMPurify | null | undefined;
type PurifierWindow = Parameters<typeof createDOMPurify>[0];
let serverWindow: PurifierWindow | undefined;

/**
 * The DOM to sanitise in where there is no browser: the build, which writes the content pages' worked examples
 * with this renderer (components/answer/renderHtml.ts gives it a jsdom window). Without one it fails closed.
 * @param window a window-like object with a document
 */
export function useSanitizerWindow(window: PurifierWindow): void {
  serverWindow = window;
  purifier = undefined;
}

/** A DOMPurify instance of our own (hooks on the shared default one would leak into other callers), or null. */
function getPurifier(): DOMPurify | null {
  if (purifier === undefined) {
    const host = typeof window === 'undefined' ? serverWindow : window;
    const instance = host === undefined ? null : createDOMPurify(host);
    if (instance?.isSupported) {
      instance.addHook('afterSanitizeAttributes', afterSanitizeAttributes);
      purifier = instance;
    } else {
      purifier = null;
    }
  }
  return purifier;
}

/**
 * Sanitises HTML with the shared config. Without a DOM (server-side rendering) it fails closed: the input is
 * escaped and shown as text rather than passed through unsanitised.
 */
function sanitize(html: string, source: string): string {
  const instance = getPurifier();
  return instance ? instance.sanitize(html, SANITIZE_CONFIG) : escapeHtml(source);
}

let markdown: MarkdownIt | undefined;

/**
 * Renders an untrusted chat message (Markdown with TeX math) to sanitised HTML.
 * @param source the message text: Markdown, `$…$` / `\(…\)` inline math, `$$…$$` / `\[…\]` display math
 * @returns HTML that is safe to insert into the page
 */
export function renderMarkdown(source: string): string {
  markdown ??= createMarkdown();
  return sanitize(markdown.render(source), source);
}

/**
 * Like renderMarkdown, without block elements (no `<p>` around the text): for a title or a one-line preview.
 * @param source the message text
 * @returns HTML that is safe to insert into the page
 */
export function renderInlineMarkdown(source: string): string {
  markdown ??= createMarkdown();
  return sanitize(markdown.renderInline(source), source);
}

/**
 * Renders one TeX formula to sanitised MathML; invalid TeX shows as its source in `<code class="math-error">`.
 * @param latex the formula, without delimiters
 * @param displayMode true for a centred block formula, false for one in a line of text
 * @returns HTML that is safe to insert into the page; it never throws
 */
export function renderMath(latex: string, displayMode: boolean): string {
  return sanitize(mathToHtml(latex, displayMode), latex);
}
