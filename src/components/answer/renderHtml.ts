import { isLeaf, type ViewChild } from './answerView';

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

/**
 * The answer view as HTML, for pages written at build time (WorkedAnswer.astro), which ship no script to draw it.
 * Every text is escaped, so a question or a model's words can never become markup; leaves show their plain text.
 * @param node the tree from answerView()
 */
export function toHtml(node: ViewChild): string {
  if (typeof node === 'string') return escape(node);
  if (isLeaf(node)) return escape(node.text);
  // Formulas need the app's maths renderer; slots hold the chat's own controls.
  if (node.typesetOnly || node.slot) return '';
  const attrs = Object.entries(node.attrs)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('');
  return `<${node.tag}${attrs}>${node.children.map(toHtml).join('')}</${node.tag}>`;
}
