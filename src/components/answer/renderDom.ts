import { isLeaf, type ViewChild, type ViewElement } from './answerView';
import { leafMarkup } from './leafMarkup';

function toNode(doc: Document, node: ViewChild): Node | null {
  if (typeof node === 'string') return doc.createTextNode(node);
  if (isLeaf(node)) {
    const { tag, className, html, scrolls } = leafMarkup(node);
    const element = doc.createElement(tag);
    element.className = className;
    if (scrolls) element.tabIndex = 0;
    // Sanitised by src/lib/markdown.ts (DOMPurify in this browser): the one HTML the try box inserts.
    element.innerHTML = html;
    return element;
  }
  // The reading is the chat's (beside its Edit); slots hold the chat's own controls.
  if (node.typesetOnly || node.slot) return null;
  return toDom(doc, node);
}

/**
 * The answer view as DOM, for the try box, which draws an answer in the browser without a framework. Texts are
 * text nodes; leaves are typeset by the app's renderer (src/lib/markdown.ts), loaded with this chunk on first use.
 * @param doc the document to build in
 * @param node the tree from answerView()
 */
export function toDom(doc: Document, node: ViewElement): HTMLElement {
  const element = doc.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attrs)) element.setAttribute(name, value);
  for (const child of node.children) {
    const built = toNode(doc, child);
    if (built) element.append(built);
  }
  return element;
}
