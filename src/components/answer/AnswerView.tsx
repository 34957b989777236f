import { createElement, type HTMLAttributes, type ReactNode } from 'react';
import { isLeaf, type ViewChild, type ViewElement, type ViewLeaf } from './answerView';

/** The attributes as React props (`class` is `className` there). */
function propsOf(attrs: Readonly<Record<string, string>>): Record<string, string> {
  const props: Record<string, string> = {};
  for (const [name, value] of Object.entries(attrs)) props[name === 'class' ? 'className' : name] = value;
  return props;
}

/** What the place draws: how leaves look, and what goes into the view's slots. */
interface Drawing {
  leaf: (leaf: ViewLeaf) => ReactNode;
  slots: Partial<Record<NonNullable<ViewElement['slot']>, ReactNode>>;
}

function childOf(node: ViewChild, key: number, drawing: Drawing): ReactNode {
  if (typeof node === 'string') return node;
  if (isLeaf(node)) return drawing.leaf(node);
  return element(node, key, drawing);
}

function element(node: ViewElement, key: number | undefined, drawing: Drawing): ReactNode {
  // A slot the place leaves empty is not drawn at all (no empty element in the layout).
  if (node.slot) {
    const filler = drawing.slots[node.slot];
    return filler ? createElement(node.tag, { key, ...propsOf(node.attrs) }, filler) : null;
  }
  return createElement(
    node.tag,
    { key, ...propsOf(node.attrs) },
    ...node.children.map((child, index) => childOf(child, index, drawing)),
  );
}

interface AnswerViewProps {
  /** The tree from answerView(). */
  view: ViewElement;
  /** How a leaf is drawn: the chat typesets maths and Markdown (RichText); by default its plain text. */
  leaf?: (leaf: ViewLeaf) => ReactNode;
  /** Props of the card's root besides the view's own (the chat's label, status and busy state). */
  rootProps?: HTMLAttributes<HTMLElement> & Record<`data-${string}`, string>;
  /** What the place puts into the view's slots (the chat's Edit beside the reading). */
  slots?: Drawing['slots'];
  /** What the place puts in the card before the answer (the chat's toolbar). */
  before?: ReactNode;
  /** What the place puts in the card after the answer (the chat's hints, practice and retry). */
  children?: ReactNode;
}

/**
 * The answer view in React, for the chat. Renders the same tree as the content pages and the try box; a formula
 * with no plain form (`typesetOnly`) is drawn here too, since the app has the maths renderer.
 */
export default function AnswerView({
  view,
  leaf = (node) => node.text,
  rootProps,
  slots = {},
  before,
  children,
}: AnswerViewProps) {
  const drawing: Drawing = { leaf, slots };
  return createElement(
    view.tag,
    { ...propsOf(view.attrs), ...rootProps },
    before,
    ...view.children.map((child, index) => childOf(child, index, drawing)),
    children,
  );
}
