import { isLeaf, type ViewChild, type ViewElement } from './answerView';

function toNode(doc: Document, node: ViewChild): Node | null {
  if (typeof node === 'string') return doc.createTextNode(node);
  if (isLeaf(node)) return doc.createTextNode(node.text);
  // Formulas need the app's maths renderer; slots hold the chat's own controls.
  if (node.typesetOnly || node.slot) return null;
  return toDom(doc, node);
}

/**
 * The answer view as DOM, for the try box, which draws an answer in the browser without a framework. Texts are
 * only ever text nodes, never parsed as HTML; leaves show their plain text.
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
