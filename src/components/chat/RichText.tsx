import { useMemo } from 'react';
import { renderInlineMarkdown, renderMarkdown, renderMath } from '@/lib/markdown';
// Imported here and by WorkedAnswer.astro rather than in global.css: only pages with an answer load it.
import '@/styles/rich-text.css';

interface SafeHtmlProps {
  /** Output of src/lib/markdown.ts, and nothing else. */
  html: string;
  inline: boolean;
  className: string;
}

/**
 * The one element of the app that inserts HTML. It is safe because `html` only ever comes from src/lib/markdown.ts:
 * markdown-it with raw HTML off, Temml without trust, then DOMPurify with hooks that re-check every URL, class and
 * style (see tests/unit/markdown.test.ts and its XSS list). Not exported, so no other HTML can reach it.
 */
function SafeHtml({ html, inline, className }: SafeHtmlProps) {
  const Tag = inline ? 'span' : 'div';
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

interface RichTextProps {
  /** Untrusted message text: Markdown with `$…$`, `\(…\)`, `$$…$$` and `\[…\]` math. */
  text: string;
  /** Render inside a line (a `<span>` without paragraphs), e.g. in a label or a hint. */
  inline?: boolean;
  className?: string;
}

/** A chat message or part of one, with Markdown and math, rendered safely. */
export function RichText({ text, inline = false, className }: RichTextProps) {
  const html = useMemo(() => (inline ? renderInlineMarkdown(text) : renderMarkdown(text)), [text, inline]);
  return <SafeHtml html={html} inline={inline} className={className ? `rich-text ${className}` : 'rich-text'} />;
}

interface MathBlockProps {
  /** One TeX formula, without `$` delimiters. */
  latex: string;
  /** A centred formula on its own line rather than one inside the text. */
  display?: boolean;
  className?: string;
}

/** One formula; invalid TeX shows as its source rather than breaking the message. */
export function MathBlock({ latex, display = false, className }: MathBlockProps) {
  const html = useMemo(() => renderMath(latex, display), [latex, display]);
  const classes = ['rich-text', display ? 'math-display' : '', className ?? ''].filter(Boolean).join(' ');
  return <SafeHtml html={html} inline={!display} className={classes} />;
}
