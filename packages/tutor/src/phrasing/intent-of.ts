/**
 * The operation a student asks for, rewritten into the engine's phrasing (math/prepare.ts reads it): "what's the
 * derivative of P" is "derivative of P", "area under y = P from x = a to x = b" is "integral of P from a to b",
 * "lim x→a P" is "limit of P as x -> a", "combine into one fraction: P" is "simplify P", "zeros of f(x) = P" is
 * "P = 0", "find x if E" and "E, solve for x" are "solve for x: E". Rewrites only: a question it does not
 * recognise goes on as it was. Single spaces (plainSymbols) throughout, so every expression has at most one
 * unbounded part between fixed words, and none is tried more than once per word.
 */
import { derivativeOf } from './derivative-of';
import { integralNotation } from './integral-notation';

const ASK = String.raw`(?:what is|what's|whats|what are|find|calculate|compute|evaluate|work out|determine|give me|get|state|write down)`;
const CALCULUS = String.raw`(?:first )?(?:derivative|integral|definite integral|indefinite integral|antiderivative|limit|differentiate|integrate)\b`;

/** "f'(x) if f(x) = P", "dy/dx when y = P", "the derivative of f(x) = P". */
const DERIVATIVE_OF_DEFINITION = new RegExp(
  String.raw`^(?:${ASK} )?(?:the )?(?:[a-z]' ?\( ?([a-z]) ?\)|d([a-z]) ?/ ?d([a-z])|(?:first )?derivative) (?:of (?:the function )?)?(?:(?:if|when|for|given(?: that)?|where) )?(?:[a-z] ?\( ?[a-z] ?\)|y) ?= ?(.+)$`,
  'i',
);
/** "f(x) = P, find f'(x)", "y = P. what is dy/dx", "if f(x) = P, differentiate it". */
const DEFINITION_THEN_DERIVATIVE = new RegExp(
  String.raw`^(?:if |given |given that |let )?(?:[a-z] ?\( ?([a-z]) ?\)|y) ?= ?(.+?)[,.;]? (?:then )?(?:${ASK}|differentiate)(?: the)?(?: derivative| it|(?: [a-z]' ?\( ?[a-z] ?\))|(?: d[a-z] ?/ ?d([a-z])))(?: of it)?$`,
  'i',
);
const AREA = new RegExp(
  String.raw`^(?:${ASK} )?(?:the )?area (?:under|below|beneath) (?:the (?:curve|graph|line) )?(?:of )?(?:(?:y|f ?\( ?x ?\)) ?= ?)?(.+?) (?:from|between) (?:x ?= ?)?(\S+) (?:to|and) (?:x ?= ?)?(\S+)$`,
  'i',
);
const LIMIT =
  /^(?:limit|lim)_? ?\(? ?(?:as )?([a-z]) ?(?:->|approaches|goes to|tends to|tends towards|approaching) ?([^\s)]+) ?\)?,? (?:of )?(.+)$/i;
const LIMIT_FIRST = new RegExp(
  String.raw`^(?:as|when) ([a-z]) (?:->|approaches|goes to|tends to|tends towards) (\S+?),? (?:${ASK} )?(?:the )?(?:limit|lim)(?: of)? (.+)$`,
  'i',
);
const FRACTION_FIRST =
  /^(?:combine|write|express|add|put|rewrite|simplify|turn)(?: the fractions| the expression| this| it)?(?: into| as| to) (?:one|a single)(?: fraction| rational expression| term)? ?:? ?(.+)$/i;
const FRACTION_LAST =
  /^(?:combine|write|express|add|put|rewrite|simplify|turn)(?: the fractions)? (.+?) (?:into|as|to) (?:one|a single) (?:fraction|rational expression)$/i;
const FRACTION_ADD = /^(?:add|combine)(?: the fractions| the terms)? ?:? (.+)$/i;
const ROOTS = new RegExp(
  String.raw`^(?:${ASK} |solve for |list |give |what're )?(?:all )?(?:the )?(?:real )?(?:roots|zeros|zeroes|solutions|x-intercepts|root|zero|solution)(?: of| for| to)?:? (?:the )?(?:equation |polynomial |function |quadratic |quadratic equation |expression |cubic )?(.+)$`,
  'i',
);
// "quadratic x^2 + 5x + 6 = 0 roots", "x^2 - 4, find the zeros": the roots asked after the maths.
const ROOTS_AFTER =
  /^(?:(?:the )?(?:quadratic|equation|polynomial|function)(?: equation)? )?(.+?)[,.;:]? (?:(?:find|what are|give|list|determine) )?(?:the |its |all )?(?:real )?(?:roots|zeros|zeroes|solutions|x-intercepts)$/i;
// "when does 2x + 3 equal 11", "when is x^2 equal to 9" (wordsToMath wrote "equal to" as =): see whenDoes.
const WHEN_DOES = /^(?:when|where) (?:does|do|will|is) /i;
const FOR_WHICH = /^for (?:which|what) (?:value|values )?(?:of )?([a-z]) (?:is|does|do|will) (.+)$/i;
const WHAT_VALUE_MAKES =
  /^(?:what|which|find the|find a|give the) (?:value|values|number) (?:of ([a-z]) )?(?:makes|satisfies|solves|will make|would make) (.+?)(?: true| hold| work)?$/i;
const FIND_X_IF = new RegExp(
  String.raw`^(?:${ASK}|solve for|list|give) (?:the value of |the values of |all values of |all the values of |the unknown |all |every )?([a-z])(?: values| value)? ?(?::|,|if|when|given(?: that)?|such that|where|so that|for which|with|satisfying|that satisfy|in) ?(.+)$`,
  'i',
);
const E_THEN_FIND_X = new RegExp(
  String.raw`^(.+?)[,.;:]? (?:(?:now |then |and )?(?:solve|find|what is|what's|calculate|determine|work out|get)(?: for)?(?: the value of| the values of)?) ([a-z])$`,
  'i',
);
const SYSTEM =
  /^(?:solve )?(?:the )?(?:system(?: of(?: linear)? equations)?|simultaneous equations|simultaneously|equations)[:,]? ?/i;
const FIND_X_AND_Y =
  /^(?:find|solve for|what are|determine|calculate|work out|give)(?: the values? of| the)? [a-z] and [a-z] ?(?::|,|if|when|given(?: that)?|such that|where)? ?/i;
// "x + y = 10 and x - y = 2, find x and y": the instruction after the system.
const THEN_FIND_X_AND_Y =
  /[,.;]? (?:(?:now |then |and )?(?:find|solve for|solve|what are|determine|calculate|work out|give)(?: the values? of)?) [a-z] and [a-z]$/i;
const LEAD = new RegExp(
  String.raw`^(?:solve|${ASK}|how much is)(?: the| this)?(?: quadratic| linear| cubic)?(?: equation| expression| sum)?(?: for me)? ?[:,]? ?`,
  'i',
);

/**
 * "when does E equal F": E and F either side of the first " equal " or " = " after the question words, both on one
 * line. Found by a search, not one pattern: `(.+?) (?:equal|=) (.+)$` was quadratic on "E = D = D = …" with a
 * line break at its end (ReDoS rule, issue #11).
 * @returns E and F, or undefined when the text is not asked that way
 */
function whenDoes(s: string): [string, string] | undefined {
  const head = WHEN_DOES.exec(s);
  if (!head || /[\n\r\u2028\u2029]/.test(s)) return undefined;
  const equal = / (?:equal|=) /gi;
  equal.lastIndex = head[0].length + 1;
  const m = equal.exec(s);
  if (!m || m.index + m[0].length >= s.length) return undefined;
  return [s.slice(head[0].length, m.index), s.slice(m.index + m[0].length)];
}

/**
 * @param text - the question with plain symbols, single spaces, no filler, qualifiers or interval
 * @returns the question in the engine's phrasing
 */
export function intentOf(text: string): string {
  let s = text;
  // A derivative at a point, of a higher order, or a tangent line (derivative-of.ts).
  const derivative = derivativeOf(s);
  if (derivative) return derivative;
  let m = DERIVATIVE_OF_DEFINITION.exec(s);
  if (m) return `derivative of ${m[4] ?? ''} with respect to ${m[1] ?? m[3] ?? 'x'}`;
  m = DEFINITION_THEN_DERIVATIVE.exec(s);
  if (m) return `derivative of ${m[2] ?? ''} with respect to ${m[1] ?? m[3] ?? 'x'}`;
  // "what's the derivative of", "calculate the integral of": the instruction word goes, the operation stays.
  s = s.replace(new RegExp(String.raw`^${ASK} (?:the )?(?=${CALCULUS}|d ?/ ?d[a-z]\b)`, 'i'), '');
  s = s.replace(/^first derivative\b/i, 'derivative');
  s = s.replace(/^d ?\/ ?d([a-z]) of /i, 'd/d$1 ');
  m = AREA.exec(s);
  if (m) return `integral of ${m[1] ?? ''} from ${m[2] ?? ''} to ${m[3] ?? ''}`;
  // Every way of writing an integral's bounds, into "integral of E from a to b" (integral-notation.ts).
  const integral = integralNotation(s);
  if (integral) return integral;
  if (/^antiderivative\b/i.test(s)) return s;
  // Infinity in words or signs: "negative infinity", "-∞", "+inf" are the engine's '-inf' and 'inf'.
  if (/^(?:limit|lim)\b|\b[a-z] ?(?:->|approaches|goes to|tends to|tends towards|approaching) /i.test(s))
    s = s
      .replace(/(?:\b(?:negative|minus) |- ?)(?:infinity|inf)\b/gi, '-inf')
      .replace(/(?:\b(?:positive|plus) |\+)?\b(?:infinity|inf)\b/gi, 'inf')
      .replace(/--inf\b/g, '-inf');
  // "as x tends to infinity, what is the limit of E": the approach before the limit.
  m = LIMIT_FIRST.exec(s);
  if (m) return `limit of ${m[3] ?? ''} as ${m[1] ?? 'x'} -> ${m[2] ?? ''}`;
  m = LIMIT.exec(s);
  if (m) return `limit of ${m[3] ?? ''} as ${m[1] ?? 'x'} -> ${m[2] ?? ''}`;
  if (/^limit\b/i.test(s))
    return s.replace(
      / (?:as|when|where|while) ([a-z]) (?:goes to|tends to|tends towards|approaches|->) /i,
      ' as $1 -> ',
    );
  if (/^(?:derivative|differentiate|d ?\/ ?d)/i.test(s)) return s;
  m = FRACTION_FIRST.exec(s) ?? FRACTION_LAST.exec(s) ?? FRACTION_ADD.exec(s);
  if (m) return `simplify ${m[1] ?? ''}`;
  // "factor completely", "factorise fully", "expand and simplify", "multiply out and simplify": the engine's factor
  // and expand already go all the way and simplify.
  s = s
    .replace(/^(factor|factorise|factorize)(?: (?:completely|fully))? ?: ?/i, '$1 ')
    .replace(/^(factor|factorise|factorize) (?:completely|fully) /i, '$1 ')
    .replace(/^(?:expand|multiply out) (?:and|&) simplify\b ?:? ?/i, 'expand ');
  if (/^(?:factor|factorise|factorize) /i.test(s)) s = s.replace(/ (?:completely|fully)$/i, '');
  s = s.replace(/^(simplify|factor|factorise|factorize|expand) ?: ?/i, '$1 ');
  m = ROOTS_AFTER.exec(s);
  if (m?.[1]) return m[1].includes('=') ? m[1] : `${m[1]} = 0`;
  m = ROOTS.exec(s);
  if (m) {
    const body = (m[1] ?? '').replace(/^(?:[a-z] ?\( ?[a-z] ?\)|y) ?= ?/i, '');
    return body.includes('=') ? body : `${body} = 0`;
  }
  const when = whenDoes(s);
  if (when) return `${when[0]} = ${when[1]}`;
  m = FOR_WHICH.exec(s);
  if (m) return `solve for ${m[1] ?? 'x'}: ${m[2] ?? ''}`;
  m = WHAT_VALUE_MAKES.exec(s);
  if (m?.[2]?.includes('=')) return m[1] ? `solve for ${m[1]}: ${m[2]}` : m[2];
  m = FIND_X_IF.exec(s);
  if (m?.[2]?.includes('=')) return `solve for ${m[1] ?? 'x'}: ${m[2]}`;
  m = E_THEN_FIND_X.exec(s);
  if (m?.[1]?.includes('=')) return `solve for ${m[2] ?? 'x'}: ${m[1]}`;
  s = s.replace(SYSTEM, '').replace(FIND_X_AND_Y, '').replace(THEN_FIND_X_AND_Y, '');
  if (!/^solve for [a-z]\b/i.test(s) && !/^(?:simplify|factor|factorise|factorize|expand)\b/i.test(s)) {
    s = s.replace(LEAD, '');
  }
  return s;
}
