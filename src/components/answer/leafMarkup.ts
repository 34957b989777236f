import { renderInlineMarkdown, renderMarkdown, renderMath } from '@/lib/markdown';
import type { ViewLeaf } from './answerView';

/** A leaf of the answer view as markup: the element that holds it, its classes, and its sanitised HTML. */
export interface LeafMarkup {
  tag: 'div' | 'span';
  className: string;
  /** From src/lib/markdown.ts (markdown-it without HTML, Temml without trust, DOMPurify), and nothing else. */
  html: string;
  /**
   * A formula on a line of its own, which scrolls sideways when wider than a phone: it takes the keyboard's focus
   * (tabindex 0), so that it can be scrolled without a mouse (axe: scrollable-region-focusable).
   */
  scrolls: boolean;
}

/**
 * How every place draws a leaf, with the one maths renderer: the content pages at build time (renderHtml.ts), the
 * try box (renderDom.ts) and the chat (RichText and MathBlock write the same elements and classes).
 * @param leaf text to typeset: Markdown with maths, or one TeX formula
 */
export function leafMarkup(leaf: ViewLeaf): LeafMarkup {
  if (leaf.leaf === 'math' && leaf.latex) {
    // The reading sits in a line beside its Edit; a step's formula or a result stands on its own.
    return leaf.inline
      ? { tag: 'span', className: 'rich-text text-lg', html: renderMath(leaf.latex, false), scrolls: false }
      : { tag: 'div', className: 'rich-text math-display', html: renderMath(leaf.latex, true), scrolls: true };
  }
  return leaf.inline
    ? { tag: 'span', className: 'rich-text', html: renderInlineMarkdown(leaf.text), scrolls: false }
    : { tag: 'div', className: 'rich-text', html: renderMarkdown(leaf.text), scrolls: false };
}
