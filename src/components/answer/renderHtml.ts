import { JSDOM } from 'jsdom';
import { useSanitizerWindow } from '@/lib/markdown';
import { isLeaf, type ViewChild } from './answerView';
import { leafMarkup } from './leafMarkup';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and for quoted attribute values. */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

let sanitizerReady = false;

/**
 * The build has no browser: DOMPurify, the renderer's last safety layer, runs on a jsdom window there (a dev
 * dependency, used only while the pages are written). In a browser or a test's DOM, that DOM is used.
 */
function readySanitizer(): void {
  if (sanitizerReady) return;
  sanitizerReady = true;
  if (typeof window === 'undefined') useSanitizerWindow(new JSDOM('').window);
}

/**
 * The answer view as HTML, for pages written at build time (WorkedAnswer.astro), which ship no script to draw it.
 * Texts are escaped; leaves are typeset to MathML by the app's own renderer (src/lib/markdown.ts, sanitised), so a
 * question or a model's words can never become markup of their choosing.
 * @param node the tree from answerView()
 */
export function toHtml(node: ViewChild): string {
  if (typeof node === 'string') return escape(node);
  if (isLeaf(node)) {
    readySanitizer();
    const { tag, className, html, scrolls } = leafMarkup(node);
    return `<${tag} class="${className}"${scrolls ? ' tabindex="0"' : ''}>${html}</${tag}>`;
  }
  // The reading is the chat's (beside its Edit); slots hold the chat's own controls.
  if (node.typesetOnly || node.slot) return '';
  const attrs = Object.entries(node.attrs)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('');
  return `<${node.tag}${attrs}>${node.children.map(toHtml).join('')}</${node.tag}>`;
}
