import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { latexToText, markdownToText } from '@/lib/readableMath';
import { $renderer, rendererSettled } from '@/stores/renderer';
// Imported here and by WorkedAnswer.astro rather than in global.css: only pages with an answer load it.
import '@/styles/rich-text.css';

interface SafeHtmlProps {
  /** Output of src/lib/markdown.ts, and nothing else. */
  html: string;
  inline: boolean;
  className: string;
  /** A display formula, which may scroll sideways on a phone: focusable so the keyboard can scroll it (leafMarkup). */
  scrolls?: boolean;
}

/**
 * The one element of the app that inserts HTML. It is safe because `html` only ever comes from src/lib/markdown.ts:
 * markdown-it with raw HTML off, Temml without trust, then DOMPurify with hooks that re-check every URL, class and
 * style (see tests/unit/markdown.test.ts and its XSS list). Not exported, so no other HTML can reach it.
 */
function SafeHtml({ html, inline, className, scrolls = false }: SafeHtmlProps) {
  const Tag = inline ? 'span' : 'div';
  return <Tag className={className} tabIndex={scrolls ? 0 : undefined} dangerouslySetInnerHTML={{ __html: html }} />;
}

// The renderer is not part of the app's first load (issue #15): it starts loading as soon as the chat does.
void rendererSettled();

/**
 * The text as readable plain text (x², √2, C₃H₈), for the moment before the renderer has loaded or if it cannot
 * load. React escapes it, so it needs no sanitising.
 */
function PlainText({ text, inline, className }: { text: string; inline: boolean; className: string }) {
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag className={inline ? className : `${className} whitespace-pre-line`} data-typeset="pending">
      {text}
    </Tag>
  );
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
  const renderer = useStore($renderer);
  const html = useMemo(
    () => renderer && (inline ? renderer.renderInlineMarkdown(text) : renderer.renderMarkdown(text)),
    [renderer, text, inline],
  );
  const classes = className ? `rich-text ${className}` : 'rich-text';
  if (html === null)
    return <PlainText text={markdownToText(text, { markdown: true })} inline={inline} className={classes} />;
  return <SafeHtml html={html} inline={inline} className={classes} />;
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
  const renderer = useStore($renderer);
  const html = useMemo(() => renderer && renderer.renderMath(latex, display), [renderer, latex, display]);
  const classes = ['rich-text', display ? 'math-display' : '', className ?? ''].filter(Boolean).join(' ');
  if (html === null) return <PlainText text={latexToText(latex)} inline={!display} className={classes} />;
  return <SafeHtml html={html} inline={!display} className={classes} scrolls={display} />;
}
