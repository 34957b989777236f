import { cut, cutWithLead } from './cut';
import type { Qualifiers } from './rephrased';

/**
 * What the student said about the answer's form, taken out of the question so that the maths is left: "to 2
 * decimal places", "to 3 significant figures", "over the complex numbers", "exactly", "in simplest form".
 * Single spaces (plainSymbols) throughout; each expression is anchored on a word, so it is tried once per word.
 */
// One phrase that leads into "to N places" ("give your answer ", "rounded ", "correct ", ", "): cutWithLead walks
// back over a few of them.
const LEAD =
  /(?:[,;] |and |(?:give|giving|write|writing|leave|leaving|express|expressing|state|stating) (?:your |the |all |each )?(?:answers?|solutions?|roots?|results?|values?) |rounded |round(?: off)?(?: your answers?| the answers?| it)? |answers? |correct(?:ly)? |accurate(?:ly)? )$/i;
const DECIMALS =
  /(?:to|with) (\d+|one|two|three|four) ?(?:decimal places?|decimals?|dp\b|d\.p\b\.?|places? of decimals|places?\b)/i;
const SIGNIFICANT =
  /(?:to|with) (\d+|one|two|three|four) ?(?:significant figures?|significant digits?|sig\.? ?figs?\b|s\.f\b\.?|sf\b)/i;
const NEAREST = /to the nearest (whole number|integer|tenth|hundredth|thousandth)\b/i;
const COMPLEX =
  /(?:[,;] )?(?:(?:over|in|on) (?:the )?(?:set of )?complex(?: numbers)?\b|over (?:C|ℂ)\b(?! ?[-+*/^=(]))/i;
const COMPLEX_UNKNOWN = /\bfor complex (?=[a-z]\b)/i;
const COMPLEX_ROOTS = /\b(?:all )?complex (?=(?:roots|solutions|zeros|zeroes|numbers? solutions?)\b)/i;
// "Real" before what is asked ("real roots of", "all real x") or after the maths ("over the reals", "in ℝ"). A bare
// "R" counts only when no maths follows it (it may be a letter in the equation).
const REAL =
  /(?:[,;] )?(?:(?:over|in|on|for) (?:the )?(?:set of )?(?:real numbers|reals)\b|(?:over|in) (?:R\b|ℝ)(?! ?[-+*/^=(])|where [a-z] is real\b|[a-z] ?∈ ?(?:R\b|ℝ)(?! ?[-+*/^=(]))/i;
const REAL_UNKNOWN = /\b(?:all )?real (?=[a-z]\b(?! ?[-+*/^=(]))/i;
const REAL_ROOTS =
  /\b(?:all )?real (?=(?:roots?|solutions?|zeros?|zeroes|values?(?: of [a-z])?|numbers? solutions?|numbers? [a-z]\b)\b)/i;
// "The general solution" is what the trig solver gives anyway (every solution, with k any integer).
const GENERAL =
  /(?:[,;] )?(?:(?:find|give|write|state|what is|what's) )?(?:the |a |all )?general solutions?\b(?: (?:of|for|to)\b)?:?/i;
// How to solve ("by factoring", "using the quadratic formula"): the engine's steps use its own method; the answer
// is the same.
const METHOD =
  /(?:[,;] )?(?:(?:solve|solving|find|work out) )?(?:it |this |them )?(?:by|using|use|with|via) (?:the )?(?:quadratic formula|formula|factoring|factori[sz]ing|factori[sz]ation|completing the square|substitution|elimination)\b(?: to (?:solve|find)\b)?:?/i;
// "Give the exact answer", "exact answers" as a whole phrase (a bare "exact" before "value of" stays EXACT's).
const EXACT_ANSWER =
  /(?:[,;] )?(?:(?:give|giving|write|state|find) )?(?:the |an |your )?exact (?:answers?|solutions?)\b(?: (?:of|to|for)\b)?:?/i;
// Which roots are asked for: "the positive solution of", "x > 0" after the equation.
const SIGN_WORD = /\b(positive|negative) (?=(?:roots?|solutions?|values? of [a-z]|values?|zeros?|zeroes|answers?)\b)/i;
const SIGN_CONDITION = /(?:[,;] (?:(?:where|with|for|given|if) )?| (?:where|with|for|given|if) )([a-z]) ?(>|<) ?0$/i;
const EXACT = new RegExp(
  String.raw`(?:[,;] )?(?:and )?(?:(?:give|giving|write|writing|leave|leaving|express|expressing) (?:your |the |it |them )?(?:answers? |solutions? |roots? |results? )?)?(?:in (?:its |their |the )?(?:simplest|lowest|exact|surd|radical) (?:form|terms)|as (?:an )?exact (?:values?|answers?|form))|(?:[,;] )?\bexactly\b|\bexact (?=(?:value|values|answer|answers|solution|solutions|roots|form)\b)`,
  'i',
);

const WORD_NUMBERS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4 };
const count = (text: string): number => WORD_NUMBERS[text.toLowerCase()] ?? Number(text);
const NEAREST_DECIMALS: Readonly<Record<string, number>> = {
  'whole number': 0,
  integer: 0,
  tenth: 1,
  hundredth: 2,
  thousandth: 3,
};

/**
 * @param text - the question with single spaces
 * @returns the question without its qualifiers, and the qualifiers
 */
export function qualifiersOf(text: string): [string, Qualifiers] {
  const qualifiers: Qualifiers = {};
  let rest = text;
  let match: RegExpExecArray | null;
  [rest, match] = cutWithLead(rest, DECIMALS, LEAD);
  if (match) qualifiers.decimals = count(match[1] ?? '');
  [rest, match] = cutWithLead(rest, NEAREST, LEAD);
  if (match) qualifiers.decimals = NEAREST_DECIMALS[(match[1] ?? '').toLowerCase()] ?? 0;
  [rest, match] = cutWithLead(rest, SIGNIFICANT, LEAD);
  if (match) qualifiers.significantFigures = count(match[1] ?? '');
  [rest, match] = cut(rest, COMPLEX);
  if (match) qualifiers.complex = true;
  [rest, match] = cut(rest, COMPLEX_UNKNOWN);
  if (match) qualifiers.complex = true;
  [rest, match] = cut(rest, COMPLEX_ROOTS);
  if (match) qualifiers.complex = true;
  for (const pattern of [REAL, REAL_UNKNOWN, REAL_ROOTS]) {
    [rest, match] = cut(rest, pattern);
    if (match) qualifiers.real = true;
  }
  // Both asked: the wider set wins, and "real" says nothing more.
  if (qualifiers.real && qualifiers.complex) delete qualifiers.real;
  [rest] = cut(rest, GENERAL);
  [rest] = cut(rest, METHOD);
  [rest, match] = cut(rest, EXACT_ANSWER);
  if (match) qualifiers.exact = true;
  [rest, match] = cut(rest, SIGN_WORD);
  if (match) qualifiers.sign = (match[1] ?? '').toLowerCase() === 'negative' ? 'negative' : 'positive';
  // Only after one equation: "x + y > 3, x > 0" is a system of inequalities, not a choice among roots.
  match = /=/.test(rest) && !/[<>]/.test(rest.replace(SIGN_CONDITION, '')) ? SIGN_CONDITION.exec(rest) : null;
  if (match) {
    rest = rest.slice(0, match.index).trim();
    qualifiers.sign = match[2] === '<' ? 'negative' : 'positive';
    if (match[1]) qualifiers.signOf = match[1];
  }
  [rest, match] = cut(rest, EXACT);
  if (match) qualifiers.exact = true;
  // "round 3.14159 to 2 dp", "round x^2 = 3 to 2 dp": the instruction stayed in front of the maths.
  if (qualifiers.decimals !== undefined || qualifiers.significantFigures !== undefined)
    rest = rest.replace(/^round(?: off)? /i, '');
  return [rest.replace(/[,;]$/, '').trim(), qualifiers];
}
