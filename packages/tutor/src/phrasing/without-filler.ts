import { trimTrailing } from '../trim-trailing';

/**
 * Politeness and filler around the maths ("hey can you please help me solve …", "… thanks!"): the engine reads
 * maths, and a word left in would be read as a product of variables. Single spaces (plainSymbols) throughout.
 */
const LEADING: readonly RegExp[] = [
  /^(?:(?:please|pls|plz|hey|hi|hello|ok|okay|so|um|uh)[,!.]? )+/i,
  /^(?:can|could|would|will) (?:you|u) (?:please |pls |plz )?(?:help me |help )?(?:to )?/i,
  /^(?:help me (?:to |with |on )?|i need (?:help )?(?:to )?|i want to |i have to |i must |how do (?:i|you|we) |how (?:can|would) i |how to |let's |lets )/i,
  /^(?:please |pls |plz )/i,
  /^(?:quick question|question|homework|hw|help)[:,!.-]* /i,
  /^(?:i'm|im|i am) (?:stuck|lost|confused) (?:on|with) (?:this:? )?/i,
  /^(?:for|in) (?:my|our|a) (?:homework|hw|assignment|class|test|exam|worksheet)[,:]? /i,
  /^(?:help|helps) (?:me )?(?:with |to |on |solving |solve(?= ))?/i,
  /^(?:how (?:to|do (?:i|you|we)|can i|would i|should i) )?(?:do|solve|work out|figure out) (?:this:? )?(?=\S*\d)/i,
];

const TRAILING =
  /[,.;]? (?:for me(?: please| pls| thanks)?|please|pls|plz|thanks|thank you|thank u|thx|ty|(?:for|in) (?:my|our) (?:homework|hw|assignment|class)|(?:step by step|step-by-step)|(?:and |with |pls |please )?show(?: your| all| the| me the| all the)? (?:working|workings|work|steps)|with (?:steps|working|workings)|(?:now |then |and )?solve(?: it| this| that)?|(?:pls |please )?help(?: me)?(?: pls| please)?)$/i;

/**
 * @param text - the question with single spaces
 * @returns the question without greetings, requests and thanks around it, and without its end punctuation
 */
export function withoutFiller(text: string): string {
  let out = trimTrailing(text, /[?!.\s]/);
  // Filler comes in runs ("hey, quick question: pls help me solve …", "… step by step, thanks"): a few passes.
  for (let pass = 0; pass < 3; pass++) {
    for (const pattern of LEADING) out = out.replace(pattern, '');
    out = trimTrailing(out.replace(TRAILING, ''), /[?!.,\s]/);
  }
  return trimTrailing(out, /[?!.,\s]/).trim();
}
