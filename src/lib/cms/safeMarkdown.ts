import { markdownToMdast } from 'satteri';
import { isSafeUrl } from '../markdown';
import { mathToMathml } from './markdownMath';

/*
 * Why this exists (issue #7, XSS): Astro renders Markdown with raw HTML passed through verbatim and links left as
 * written, and src/integrations/security-headers.ts allows every inline script the build wrote by its hash. So a
 * `<script>` in an article body from the CMS would have run on the site, CSP and all, and `<iframe>`, `<form>`,
 * `<meta http-equiv=refresh>` or a `javascript:` link would have been published as written. Editors' text is not
 * trusted more than students': before Astro renders a body, every piece of raw HTML and every link or image with a
 * scheme other than http, https or mailto is turned back into the text that was written (each ASCII punctuation
 * character backslash-escaped), as the chat renderer does with a refused link. Images load only from the CMS (the
 * CSP blocks other origins anyway); any other image becomes a link to it. The only HTML left is the MathML the
 * build makes from `$…$` (src/lib/cms/markdownMath.ts, Temml without trust).
 *
 * The Markdown is read by satteri, the parser Astro's renderer runs, with the same features, so what is escaped here
 * is exactly what Astro would have turned into HTML.
 */

/** The parser features of Astro's Markdown renderer with this project's (default) settings: GFM and SmartyPants. */
const FEATURES = { gfm: true, smartPunctuation: true } as const;

/** Marks around the build's own MathML while the result is checked; removed from the input first. */
const MATH_OPEN = '\uE000';
const MATH_CLOSE = '\uE001';

/** Astro's front-matter pattern (@astrojs/internal-helpers): a body that matches would lose its start to it. */
const FRONTMATTER = /(?:^\uFEFF?|^\s*\n)(?:---|\+\+\+)([\s\S]*?\n)(?:---|\+\+\+)/;
const FRONTMATTER_START = /^(?:\uFEFF?|\s*\n)(?=---|\+\+\+)/;

/** Rounds of escaping before giving up on structure (escaping can make a new construct appear; see neutralize). */
const MAX_ROUNDS = 10;

interface MdNode {
  type: string;
  url?: string;
  identifier?: string;
  children?: MdNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

interface Span {
  start: number;
  end: number;
}

/** What to do to a piece of Markdown: show it as the text it is, or (an image from elsewhere) make it a link. */
interface Finding extends Span {
  fix: 'escape' | 'link';
}

export interface SafeMarkdownOptions {
  /** Origins images may load from besides the site itself (the CMS's). */
  imageOrigins: readonly string[];
}

/**
 * Backslash-escapes every ASCII punctuation character, so CommonMark reads the text as literal characters. One
 * escaped already stays as it is (escaping it again would show the backslash).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\\?[!-/:-@[-`{-~]/g, (match) => (match.length === 2 ? match : `\\${match}`));
}

/**
 * Whether an image may load: an absolute http(s) URL on an allowed origin (the CMS's uploads). A relative one would
 * point at the site, which has no such files, and Astro reads `x.png` as a local file and renders the whole body
 * empty when there is none.
 */
function imageAllowed(url: string, origins: readonly string[]): boolean {
  const parsed = URL.parse(url);
  return parsed !== null && isSafeUrl(url) && origins.includes(parsed.origin);
}

/**
 * The raw HTML, unsafe links and foreign images in `markdown`, outermost first. HTML inside `trusted` spans (the
 * build's MathML) is allowed; everything else is checked. Null when the parser gave no positions (fail closed).
 */
function findDangers(markdown: string, options: SafeMarkdownOptions, trusted: readonly Span[] = []): Finding[] | null {
  const root = markdownToMdast(markdown, { features: FEATURES }) as unknown as MdNode;
  const definitions = new Map<string, string>();
  const collect = (node: MdNode): void => {
    if (node.type === 'definition' && node.identifier !== undefined && !definitions.has(node.identifier)) {
      definitions.set(node.identifier, node.url ?? '');
    }
    node.children?.forEach(collect);
  };
  collect(root);

  const found: Finding[] = [];
  const positionless: MdNode[] = [];
  const visit = (node: MdNode): void => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    let fix: Finding['fix'] | null = null;
    const url = node.url ?? '';
    if (node.type === 'html') {
      const inTrusted = trusted.some(
        (span) => start !== undefined && end !== undefined && start >= span.start && end <= span.end,
      );
      if (!inTrusted) fix = 'escape';
    } else if (node.type === 'link' || node.type === 'definition') {
      if (!isSafeUrl(url)) fix = 'escape';
    } else if (node.type === 'image') {
      if (!isSafeUrl(url)) fix = 'escape';
      else if (!imageAllowed(url, options.imageOrigins)) fix = 'link';
    } else if (node.type === 'imageReference') {
      const target = definitions.get(node.identifier ?? '');
      // An unsafe definition is escaped itself, which leaves this reference as text.
      if (target !== undefined && isSafeUrl(target) && !imageAllowed(target, options.imageOrigins)) fix = 'link';
    }
    if (fix !== null) {
      if (start === undefined || end === undefined || end < start) positionless.push(node);
      else found.push({ start, end, fix });
      if (fix === 'escape') return;
    }
    node.children?.forEach(visit);
  };
  visit(root);
  return positionless.length > 0 ? null : found;
}

/** Applies the findings, from the end backwards so earlier offsets stay valid. */
function apply(markdown: string, findings: readonly Finding[]): string {
  let result = markdown;
  for (const { start, end, fix } of [...findings].sort((a, b) => b.start - a.start)) {
    if (fix === 'link') {
      // `![alt](url)` → `[alt](url)`: the image becomes a link to itself, as in the chat.
      if (result.charAt(start) === '!') result = result.slice(0, start) + result.slice(start + 1);
    } else {
      result = result.slice(0, start) + escapeMarkdown(result.slice(start, end)) + result.slice(end);
    }
  }
  return result;
}

/** Makes sure Astro's front-matter step leaves the body alone (a leading `---…---` would be cut, or break the build). */
function defuseFrontmatter(markdown: string): string {
  let result = markdown;
  for (let round = 0; FRONTMATTER.test(result) && round < MAX_ROUNDS; round++) {
    const at = FRONTMATTER_START.exec(result)?.[0].length ?? 0;
    result = `${result.slice(0, at)}\\${result.slice(at)}`;
  }
  return FRONTMATTER.test(result) ? escapeMarkdown(result) : result;
}

/**
 * Escapes until the parser finds nothing left to escape. Usually one round; more when escaping one construct lets
 * another form (an unsafe link inside another link's text hides the outer one until it is escaped).
 */
function neutralize(markdown: string, options: SafeMarkdownOptions): string {
  let text = markdown;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    text = defuseFrontmatter(text);
    const findings = findDangers(text, options);
    if (findings === null) break;
    if (findings.length === 0) return text;
    text = apply(text, findings);
  }
  // Could not be made safe construct by construct: every punctuation character becomes text, so nothing is markup.
  return escapeMarkdown(markdown);
}

/** Removes the math marks and returns where each marked formula ended up. */
function unmark(marked: string): { markdown: string; spans: Span[] } {
  const spans: Span[] = [];
  let markdown = '';
  let open = -1;
  for (const character of marked) {
    if (character === MATH_OPEN) open = markdown.length;
    else if (character === MATH_CLOSE) spans.push({ start: open, end: markdown.length });
    else markdown += character;
  }
  return { markdown, spans };
}

/**
 * An article's (or legal page's) Markdown from the CMS, made safe to render with Astro: no raw HTML but the build's
 * MathML, no link or image with an unsafe scheme, no image from a foreign origin, `$…$` maths as MathML.
 * @param body the Markdown as the editor wrote it
 * @returns Markdown for `renderMarkdown`
 */
export function safeArticleMarkdown(body: string, options: SafeMarkdownOptions): string {
  const neutral = neutralize(body.replace(/[\uE000\uE001]/g, '\uFFFD'), options);
  const { markdown, spans } = unmark(mathToMathml(neutral, (mathml) => `${MATH_OPEN}${mathml}${MATH_CLOSE}`));
  // The formulas' HTML changes how the text around it reads; if that lets anything through, keep the TeX as text.
  const findings = FRONTMATTER.test(markdown) ? null : findDangers(markdown, options, spans);
  return findings?.length === 0 ? markdown : neutral;
}
