/**
 * Derivatives asked the ways students ask them beyond "derivative of P": at a point ("f'(2) if f(x) = x^3 - x",
 * "derivative of x^2 at x = 3", "slope of y = x^2 + 1 at x = 2", "gradient of the tangent to y = 3x^2 at x = 1",
 * "rate of change of P when x = 4"), of a higher order ("d²y/dx² of x^4", "second derivative of sin x",
 * "f''(x) if f(x) = x^3", "find y'' for y = e^(2x)") and the tangent line ("equation of the tangent to y = x^2 at
 * x = 1"). Rewritten into the engine's phrasing, "second derivative of P at x = 2 with respect to x" and
 * "tangent line to P at x = 1 with respect to x", which math/prepare.ts reads.
 *
 * Read in pieces, never with one pattern over the whole question: the point comes off the end, the request (what
 * is asked: f'(2), d²y/dx², slope, second derivative) is matched whole against a short fixed grammar, and the
 * function is what is left. Every expression has at most one unbounded part, anchored at one end (linear).
 */

const ORDINALS: Readonly<Record<string, number>> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
};
const ORDINAL_NAMES = ['', '', 'second ', 'third ', 'fourth ', 'fifth '];
const ORDINAL = String.raw`(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th)`;

/** A point a student names: 3, -2, 1.5, 1/2, pi, pi/2, 2pi, e. */
const POINT = String.raw`(-? ?(?:\d+(?:\.\d+)?(?: ?/ ?\d+)?|(?:\d+ ?\*? ?)?pi(?: ?/ ?\d+)?|e))`;
// ", at x = 3", " when x = 4", " at the point x = 2", " at 3", " where x is 2": the point, at the end.
const POINT_TAIL = new RegExp(
  String.raw`[,;]? (?:at|when|where|for|if|with) (?:the point )?(?:([a-z]) ?(?:=|is|equals) ?)?${POINT}$`,
  'i',
);
// "at the point (1, 1)": the x of the point.
const POINT_PAIR_TAIL = new RegExp(
  String.raw`[,;]? (?:at|through) (?:the point )?\( ?${POINT} ?, ?(-? ?[\d.]+(?: ?/ ?\d+)?) ?\)$`,
  'i',
);

/** What is asked, with its order, variable and point when it names them. */
interface Request {
  order: number;
  variable?: string | undefined;
  point?: string | undefined;
  /** The function's name in f'(2): its definition must be f(x) = …. */
  name?: string | undefined;
  tangent?: boolean;
  /** Slope, gradient and rate of change are derivatives only at a point. */
  needsPoint?: boolean;
}

const LEAD =
  /^(?:(?:what is|what's|whats|find|calculate|compute|evaluate|determine|work out|give|get|state|write down|show|then|now|and|so) )+/i;
const THE = /^(?:the )?(?:value of (?:the )?|exact value of (?:the )?)?/i;

// f'(2), f''(x), y'', y', g'(-1): primes count the order.
const PRIME = new RegExp(String.raw`^([a-z])('{1,5})(?: ?\( ?(?:([a-z])|${POINT}) ?\))?$`, 'i');
// dy/dx, d^2y/dx^2, d2y/dx2, d^2/dx^2, d²y/dx² (plainSymbols writes ² as ^2).
const LEIBNIZ = /^d ?(?:\^ ?)?([2-5])? ?([a-z])? ?\/ ?d ?([a-z]) ?(?:\^ ?)?([2-5])?$/i;
const ORDINAL_DERIVATIVE = new RegExp(
  String.raw`^(?:${ORDINAL} )?(?:order )?(?:derivative|derivative function)(?: of order ([2-5]))?$`,
  'i',
);
const SLOPE =
  /^(?:(?:instantaneous )?(?:slope|gradient|rate of change)(?: of the (?:tangent|tangent line|curve|graph|function))?|(?:instantaneous )?rate of change)$/i;
const TANGENT = /^(?:(?:the )?equation of )?(?:the )?(?:tangent|tangent line|line tangent)$/i;

/** The request, read whole, or undefined when these words are not one. */
const requestOf = (words: string): Request | undefined => {
  let s = words.replace(LEAD, '').replace(THE, '').trim();
  let point: string | undefined;
  let variable: string | undefined;
  const at = POINT_TAIL.exec(s);
  if (at) {
    variable = at[1];
    point = at[2];
    s = s.slice(0, at.index).trim();
  }
  let m = PRIME.exec(s);
  if (m) {
    const order = (m[2] ?? '').length;
    return { order, name: m[1], variable: m[3] ?? variable, point: m[4] ?? point };
  }
  m = LEIBNIZ.exec(s);
  if (m) {
    const top = Number(m[1] ?? 1);
    const bottom = Number(m[4] ?? 1);
    if (top !== bottom) return undefined;
    return { order: top, variable: m[3], point };
  }
  m = ORDINAL_DERIVATIVE.exec(s);
  if (m) {
    const order = m[1] ? (ORDINALS[m[1].toLowerCase()] ?? 1) : Number(m[2] ?? 1);
    return { order, variable, point };
  }
  if (SLOPE.test(s)) return { order: 1, variable, point, needsPoint: true };
  if (TANGENT.test(s)) return { order: 1, variable, point, tangent: true, needsPoint: true };
  return undefined;
};

// "f(x) = ", "y = ", "the curve y = ", "the function g(t) = ": the start of a definition.
const DEFINITION = /^(?:the (?:curve|graph|function|line|graph of) )?(?:([a-z]) ?\( ?([a-z]) ?\)|(y)) ?= ?/i;
// What joins the request to the function after it: "of", "if", "for", "to the curve", "given that".
const JOIN =
  / (?:of|if|for|given|given that|where|when|with|to|on|at|of the curve|to the curve|to the graph of|of the graph of|of the function|to the function)(?: the (?:curve|graph|function))? /gi;

const EVALUATE_AFTER =
  /[,;]? (?:and |then |and then )?(?:evaluate|find its value|find the value|substitute|work it out)(?: it| the result| the derivative| this)?$/i;
// "differentiate P", "differentiate P twice" (the order word comes off first).
const DIFFERENTIATE = /^(?:(?:please |now |then )?differentiate )(?:(twice|three times) )?/i;
const ASKED_AFTER = /^(?:find|what|then|now|and|calculate|compute|evaluate|determine|work|get|give|state)\b/i;

/** The function and the name/variable its definition gives, from text that may begin with "f(x) = ". */
const functionOf = (text: string): { body: string; name?: string | undefined; variable?: string | undefined } => {
  const d = DEFINITION.exec(text);
  if (!d) return { body: text.trim() };
  return { body: text.slice(d[0].length).trim(), name: d[1] ?? d[3], variable: d[2] };
};

const engineText = (
  request: Request,
  fn: { body: string; name?: string | undefined; variable?: string | undefined },
  point: { variable?: string | undefined; value?: string | undefined },
): string | undefined => {
  const variable = request.variable ?? fn.variable ?? point.variable ?? 'x';
  const at = request.point ?? point.value;
  if (!fn.body || /=/.test(fn.body)) return undefined;
  // f'(2) asks about f: a definition of another function does not answer it.
  if (request.name && fn.name && request.name.toLowerCase() !== fn.name.toLowerCase()) return undefined;
  if (point.variable && point.variable !== variable) return undefined;
  if (request.variable && fn.variable && request.variable !== fn.variable) return undefined;
  if (request.needsPoint && at === undefined) return undefined;
  // Only what the plain "derivative of P" reading misses: a point, an order above one, a tangent.
  if (!request.tangent && request.order === 1 && at === undefined) return undefined;
  if (request.order > 5) return undefined;
  const where = at === undefined ? '' : ` at ${variable} = ${at.replace(/ /g, '')}`;
  const what = request.tangent ? 'tangent line to' : `${ORDINAL_NAMES[request.order] ?? ''}derivative of`;
  return `${what} ${fn.body}${where} with respect to ${variable}`;
};

/**
 * @param text - the question with plain symbols, single spaces, no filler
 * @returns the question in the engine's phrasing, or undefined when it is not a derivative at a point, of a
 *   higher order or a tangent line
 */
export function derivativeOf(text: string): string | undefined {
  let s = text.replace(/[′’ʹ]/g, "'").replace(/[″]/g, "''").trim();
  // A question is a line or two: longer text is not one of these (and each split below is tried once per word).
  if (s.length > 400) return undefined;
  if (!/'|\bd ?\^? ?[2-5]? ?[a-z]? ?\/ ?d|derivative|differentiate|slope|gradient|rate of change|tangent/i.test(s))
    return undefined;
  // The point at the end, when there is one.
  let point: { variable?: string | undefined; value?: string | undefined } = {};
  const pair = POINT_PAIR_TAIL.exec(s);
  const tail = pair ?? POINT_TAIL.exec(s);
  if (tail) {
    point = pair ? { value: pair[1] } : { variable: tail[1], value: tail[2] };
    s = s.slice(0, tail.index).trim();
  }
  // "differentiate P (twice) and evaluate at x = 2": the evaluation words go, the point was taken above.
  s = s.replace(EVALUATE_AFTER, '');
  const differentiate = DIFFERENTIATE.exec(s);
  if (differentiate) {
    let body = s.slice(differentiate[0].length);
    const after = / (twice|three times)$/i.exec(body);
    if (after) body = body.slice(0, after.index);
    const times = (differentiate[1] ?? after?.[1] ?? '').toLowerCase();
    const order = times === 'twice' ? 2 : times === 'three times' ? 3 : 1;
    return engineText({ order }, functionOf(body), point);
  }
  // The request first: "f'(2) if f(x) = P", "second derivative of P", "slope of y = P".
  for (const join of s.matchAll(JOIN)) {
    const request = requestOf(s.slice(0, join.index));
    const out = request && engineText(request, functionOf(s.slice(join.index + join[0].length)), point);
    if (out) return out;
  }
  // The function first: "f(x) = P, find f'(2)", "if y = P, what is d^2y/dx^2", "given f(x) = P. f''(x)".
  const lead = /^(?:if |given |given that |let |suppose |for )?/i.exec(s);
  const rest = s.slice(lead?.[0].length ?? 0);
  if (!DEFINITION.test(rest)) return undefined;
  for (const separator of rest.matchAll(/[,.;:]? /g)) {
    // Without a comma the request starts with an instruction word: "y = x^3 find dy/dx".
    const after = rest.slice(separator.index + separator[0].length);
    if (separator[0] === ' ' && !ASKED_AFTER.test(after)) continue;
    const request = requestOf(after);
    const out = request && engineText(request, functionOf(rest.slice(0, separator.index)), point);
    if (out) return out;
  }
  return undefined;
}
