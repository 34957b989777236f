/**
 * The engine's own expression tree. Parsing and printing are ours (not a CAS's) so that the answer text is
 * exactly the plain calculator syntax the contract asks for, and so that parsing is fast and bounded.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { type Q, q, ONE } from '../rational';

export type RelOp = '=' | '<' | '>' | '<=' | '>=';

export type Node =
  | { k: 'num'; v: Q }
  | { k: 'sym'; name: string }
  | { k: 'add'; args: Node[] }
  | { k: 'mul'; args: Node[] }
  | { k: 'neg'; arg: Node }
  | { k: 'div'; a: Node; b: Node }
  | { k: 'pow'; a: Node; b: Node }
  | { k: 'call'; fn: string; args: Node[] }
  | { k: 'rel'; op: RelOp; a: Node; b: Node };

/** Raised for input that is wrong in itself: the answer is `invalid` with this message as the reason. */
export class InvalidInput extends Error {}
/** Raised for a problem beyond the engine: the answer is `unsupported` with this message as the reason. */
export class Unsupported extends Error {}

export const num = (v: Q | number | bigint): Node => ({ k: 'num', v: typeof v === 'object' ? v : q(v) });
export const sym = (name: string): Node => ({ k: 'sym', name });
export const add = (...args: Node[]): Node => (args.length === 1 ? args[0]! : { k: 'add', args });
export const mul = (...args: Node[]): Node => (args.length === 1 ? args[0]! : { k: 'mul', args });
export const neg = (arg: Node): Node => ({ k: 'neg', arg });
export const div = (a: Node, b: Node): Node => ({ k: 'div', a, b });
export const pow = (a: Node, b: Node): Node => ({ k: 'pow', a, b });
export const call = (fn: string, ...args: Node[]): Node => ({ k: 'call', fn, args });
export const one = (): Node => num(ONE);

/** Constants the parser knows; every other letter is a variable. */
export const CONSTANTS = new Set(['pi', 'e', 'i']);

/** @returns the variables of a tree (constants excluded), in order of first appearance */
export const variables = (node: Node, out: string[] = []): string[] => {
  switch (node.k) {
    case 'num':
      break;
    case 'sym':
      if (!CONSTANTS.has(node.name) && !out.includes(node.name)) out.push(node.name);
      break;
    case 'add':
    case 'mul':
    case 'call':
      for (const a of node.args) variables(a, out);
      break;
    case 'neg':
      variables(node.arg, out);
      break;
    default:
      variables(node.a, out);
      variables(node.b, out);
  }
  return out;
};

/** Node count and depth: the size guard that keeps pathological input away from the CAS. */
export const size = (node: Node): { count: number; depth: number } => {
  let count = 0;
  let depth = 0;
  const walk = (n: Node, d: number): void => {
    count++;
    if (d > depth) depth = d;
    switch (n.k) {
      case 'num':
      case 'sym':
        return;
      case 'add':
      case 'mul':
      case 'call':
        for (const a of n.args) walk(a, d + 1);
        return;
      case 'neg':
        walk(n.arg, d + 1);
        return;
      default:
        walk(n.a, d + 1);
        walk(n.b, d + 1);
    }
  };
  walk(node, 1);
  return { count, depth };
};

/** Replaces a variable by a tree (used to substitute roots and bounds). */
export const substitute = (node: Node, name: string, value: Node): Node => {
  switch (node.k) {
    case 'num':
      return node;
    case 'sym':
      return node.name === name ? value : node;
    case 'add':
    case 'mul':
      return { k: node.k, args: node.args.map((a) => substitute(a, name, value)) };
    case 'call':
      return { k: 'call', fn: node.fn, args: node.args.map((a) => substitute(a, name, value)) };
    case 'neg':
      return neg(substitute(node.arg, name, value));
    case 'rel':
      return { k: 'rel', op: node.op, a: substitute(node.a, name, value), b: substitute(node.b, name, value) };
    default:
      return { k: node.k, a: substitute(node.a, name, value), b: substitute(node.b, name, value) };
  }
};

export const contains = (node: Node, name: string): boolean => variables(node).includes(name);
