import { trimTrailing } from '../trim-trailing';

/**
 * Politeness and filler around the maths ("hey can you please help me solve …", "… thanks!"): the engine reads
 * maths, and a word left in would be read as a product of variables. Single spaces (plainSymbols) throughout.
 */
const LEADING: readonly RegExp[] = [
  /^(?:(?:please|pls|plz|hey|hi|hello|ok|okay|so|um|uh)[,!.]? )+/i,
  /^(?:can|could|would|will) (?:you|u) (?:please |pls |plz )?(?:help me |help )?(?:to )?/i,
  /^(?:help me (?:to )?|i need (?:help )?(?:to )?|i want to |i have to |i must |how do (?:i|you|we) |how (?:can|would) i |how to |let's |lets )/i,
  /^(?:please |pls |plz )/i,
];

const TRAILING = /[,.]? (?:for me(?: please| pls| thanks)?|please|pls|plz|thanks|thank you|thank u|thx|ty)$/i;

/**
 * @param text - the question with single spaces
 * @returns the question without greetings, requests and thanks around it, and without its end punctuation
 */
export function withoutFiller(text: string): string {
  let out = trimTrailing(text, /[?!.\s]/);
  for (const pattern of LEADING) out = out.replace(pattern, '');
  out = out.replace(TRAILING, '');
  return trimTrailing(out, /[?!.,\s]/).trim();
}
