import type { Percentage } from './rephrased';

/**
 * Percentage questions in words, read into their parts with the student's numbers: "what is 15% of 80", "12 is what
 * percent of 80", "increase 80 by 15%", "percentage change from 80 to 92", and reverse percentages ("after a 20%
 * discount it costs 48, what was the original price"). Built on the shape of each family (a rate, the amounts, a
 * direction word, what is asked), not on particular sentences; anything else is left for the engine as it was.
 * Single spaces (plainSymbols) throughout.
 */
const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const RATE = String.raw`${NUMBER} ?%`;
const ASK = String.raw`(?:(?:what is|what's|whats|what number is|which number is|find|calculate|compute|work out|how much is|determine|evaluate|get) )?(?:the )?`;

const OF = new RegExp(String.raw`^${ASK}${RATE} of (?:an? |the )?${NUMBER}(?: [a-z]+)?$`, 'i');
// "a 15% tip on a $40 bill", "8% tax on 250": the tip or tax itself is the rate of the amount.
const PART_ON = new RegExp(
  String.raw`^${ASK}(?:an? )?${RATE} (?:tip|tax|vat|commission|service charge|deposit) (?:on|of|for) (?:an? |the )?${NUMBER}(?: [a-z]+)?$`,
  'i',
);
// "20% off 85", "how much is 20 percent off a 85 dollar jacket": the price after the discount.
const OFF = new RegExp(String.raw`^${ASK}(?:an? )?${RATE} off (?:an? |the )?${NUMBER}(?: [a-z]+)?$`, 'i');
const WHAT_PERCENT: readonly RegExp[] = [
  new RegExp(String.raw`^${NUMBER} (?:is|are) what (?:percent|percentage|%)(?: of)? ${NUMBER}$`, 'i'),
  new RegExp(String.raw`^${ASK}${NUMBER} (?:out of|of) ${NUMBER} (?:is|as) (?:what|a) (?:percent|percentage)$`, 'i'),
  new RegExp(
    String.raw`^(?:express |write |convert )?${NUMBER} (?:as a|as an|in) (?:percent|percentage) of ${NUMBER}$`,
    'i',
  ),
];
// "what percentage of 80 is 12": the whole before the part.
const WHAT_PERCENT_WHOLE_FIRST = new RegExp(
  String.raw`^(?:what|which) (?:percent|percentage|%) of ${NUMBER} (?:is|are) ${NUMBER}$`,
  'i',
);
// "what percent is 12 of 80".
const WHAT_PERCENT_IS = new RegExp(
  String.raw`^(?:what|which) (?:percent|percentage|%) (?:is|are) ${NUMBER} (?:of|out of) ${NUMBER}$`,
  'i',
);

// "30 is 15% of what number", "15% of what number is 30", "15% of a number is 30".
const WHOLE: ReadonlyArray<{ pattern: RegExp; part: number; rate: number }> = [
  {
    pattern: new RegExp(
      String.raw`^${NUMBER} (?:is|are|was|equals|=) ${RATE} of (?:what|which|a|an|the) ?(?:number|amount|value|total|sum)?$`,
      'i',
    ),
    part: 1,
    rate: 2,
  },
  {
    pattern: new RegExp(
      String.raw`^(?:if )?${RATE} of (?:what|which|a|an|the|some) ?(?:number|amount|value|total|sum)? ?(?:is|are|was|equals|=) ${NUMBER}(?:[,.] (?:find|what is|what's) (?:the |that )?(?:number|amount|value|total|sum|it))?$`,
      'i',
    ),
    part: 2,
    rate: 1,
  },
];
// "3/4 as a percentage", "convert 0.35 to a percent", "what is 7/8 in percent".
const AS_PERCENT = new RegExp(
  String.raw`^(?:(?:express|write|convert|change|turn|what is|what's|whats) )?(\d+(?:\.\d+)?(?: ?/ ?\d+)?) (?:as|to|into|in) (?:a )?(?:percent|percentage|%)$`,
  'i',
);
// "80 + 15%" (wordsToMath wrote "plus" as +), "30% more than 50", "25% less than 80".
const SIGNED_RATE = new RegExp(String.raw`^${ASK}${NUMBER} ?([-+]) ?${RATE}$`, 'i');
const RATE_THAN = new RegExp(
  String.raw`^${ASK}${RATE} (more|greater|higher|bigger|larger|above|less|fewer|lower|smaller|below) than ${NUMBER}$`,
  'i',
);
const MORE_THAN = /^(?:more|greater|higher|bigger|larger|above)$/i;
// "what is the new price", "how much does it cost now": the amount after the change.
const NEW_ASKED =
  /\b(?:new|final|sale|selling|reduced|increased|resulting|discounted) (?:price|amount|value|cost|total|salary|wage|population|number)\b|\bhow much (?:is it|does it cost|will it cost|do (?:i|you|we) pay|is it worth)(?: now| after)?\b|\bwhat (?:is|does) it (?:now|cost now)\b/i;
// "45 out of 60", "12 of 80": a part and its whole.
const OUT_OF = new RegExp(String.raw`\b${NUMBER} (?:out of|of) ${NUMBER}\b`, 'i');

const UP = String.raw`(?:increase|increased|increases|raise|raised|rise|rises|rose|grow|grew|grows|growth|gain|gained|up|more|higher|markup|marked up|tax|vat|interest|added|plus)`;
const DOWN = String.raw`(?:decrease|decreased|decreases|reduce|reduced|reduction|lower|lowered|discount|discounted|off|sale|drop|dropped|fall|fell|falls|cut|less|down|depreciated|depreciation|loss|lost|minus|shrank)`;
const UP_WORD = new RegExp(String.raw`\b${UP}\b`, 'i');
const DOWN_WORD = new RegExp(String.raw`\b${DOWN}\b`, 'i');

// "increase 80 by 15%", "80 increased by 15%", "what is 80 after a 15% increase", "80 plus 15%".
const CHANGE_BY: readonly RegExp[] = [
  new RegExp(
    String.raw`^${ASK}(?:increase|raise|decrease|reduce|lower|cut|discount|mark up|mark down) ${NUMBER} by ${RATE}$`,
    'i',
  ),
  new RegExp(
    String.raw`^${ASK}${NUMBER} (?:is |was )?(?:increased|raised|decreased|reduced|lowered|cut|discounted|marked up|marked down|plus|minus|less) (?:by )?${RATE}$`,
    'i',
  ),
  new RegExp(
    String.raw`^${ASK}${NUMBER} (?:after|with) (?:an? )?${RATE} (?:increase|rise|decrease|reduction|discount|markup|cut|drop|fall)$`,
    'i',
  ),
];

const CHANGE_ASKED = new RegExp(
  String.raw`(?:percentage|percent|%) (?:change|increase|decrease|rise|fall|drop|gain|loss|growth|reduction)|by (?:what|how much|which) (?:percent|percentage|%)|how many percent|what (?:percent|percentage) (?:change|increase|decrease|rise|fall)`,
  'i',
);
// The question asks for the size of a decrease, not for a signed change.
const ASKED_DECREASE =
  /(?:percentage|percent|%) (?:decrease|fall|drop|reduction|loss)\b|\bby (?:what|how much|which) (?:percent|percentage|%)(?: \w+){0,3} (?:decrease|decreased|fall|fell|drop|dropped|go down|went down|reduce|reduced|shrink|shrank|lose|lost)\b/i;
const FROM_TO = new RegExp(String.raw`\bfrom ${NUMBER} (?:to|up to|down to) ${NUMBER}\b`, 'i');

/**
 * The new amount named before the old one: "is now 340 but was 400", "costs 90, down from 120". Read from the words
 * before the first number and between the two, in code: one expression over both would be quadratic.
 */
const newThenOld = (text: string): boolean => {
  const found = [...text.matchAll(/(?<![\w.])\d+(?:\.\d+)?/g)];
  const [first, second] = [found[0], found[1]];
  if (!first || !second) return false;
  const before = text.slice(0, first.index);
  const between = text.slice(first.index + first[0].length, second.index);
  return (
    /^,? (?:up|down) from $/i.test(between) ||
    (/\b(?:now|new|currently|today)\b/i.test(before) &&
      /\b(?:was|were|used to be|from|before|old|originally)\b/i.test(between))
  );
};

const BEFORE_ASKED =
  /\b(?:original|originally|before|initial|initially|at first|to begin with|to start with|previous|previously|beforehand|at the start|used to cost|was it|full price|regular price|usual price)\b/i;

/** The numbers of a text, each marked when a `%` follows it (the rate). */
const numbersIn = (text: string): Array<{ value: string; rate: boolean }> =>
  [...text.matchAll(/(?<![\w.])(\d+(?:\.\d+)?)( ?%)?/g)].map((m) => ({ value: m[1] ?? '', rate: m[2] !== undefined }));

/** Currency signs, money words and thousands separators go, "percent" is `%`: what is left is plain numbers. */
const plainNumbers = (text: string): string =>
  text
    .replace(/(?<=\d),(?=\d{3}\b)/g, '')
    .replace(/[$£€¥]/g, '')
    .replace(/(?<=\d) ?(?:percent|per cent|pct)\b/gi, '%')
    .replace(/ (?:dollars|euros|pounds|usd|eur|gbp)\b/gi, '');

/** "up" or "down" from the words of the text, undefined when it says both or neither. */
const directionOf = (text: string): 'up' | 'down' | undefined => {
  const up = UP_WORD.test(text);
  const down = DOWN_WORD.test(text);
  if (up === down) return undefined;
  return up ? 'up' : 'down';
};

// A direction word just after a rate: "a 20% increase", "15% off", "a 10% discount".
const DIRECTION_AFTER = new RegExp(String.raw`^ (?:${UP}|${DOWN})\b`, 'i');
// "overall percentage change", "by what percent overall", "single equivalent change": the overall change asked.
const OVERALL_ASKED =
  /\b(?:overall|total|net|combined|single|equivalent|altogether|in total)\b|(?:percentage|percent|%) (?:change|increase|decrease|rise|fall|gain|loss)\b|\bby (?:what|how much|which) (?:percent|percentage|%)/i;
// The amount at the end asked: "final price", "what does it cost now", "new value".
const FINAL_ASKED =
  /\b(?:final|new|end|resulting|sale|now|after|finally|result|becomes?|end up|left|remaining)\b|^(?:increase|decrease|reduce|raise|discount|lower)\b/i;

// Verb forms the single-change lists leave out, for chains only ("loses 15%", "gains 5%").
const MORE_UP = new Set(['gains', 'climbs', 'climbed', 'jumps', 'jumped', 'appreciates', 'appreciated']);
const MORE_DOWN = new Set(['loses', 'lose', 'drops', 'declines', 'declined', 'slumps', 'slumped', 'depreciates']);

/** The last direction word of some words ("a price rises", "and then falls"), or undefined when there is none. */
const lastDirection = (words: string): 'up' | 'down' | undefined => {
  let found: 'up' | 'down' | undefined;
  for (const word of words.toLowerCase().split(/[^a-z]+/)) {
    if (!word) continue;
    if (UP_WORD.test(word) || MORE_UP.has(word)) found = 'up';
    else if (DOWN_WORD.test(word) || MORE_DOWN.has(word)) found = 'down';
  }
  return found;
};

/**
 * Two or more percentage changes one after another. Each rate's direction is the word just after it ("a 20%
 * increase") or else the last direction word before it since the previous rate ("rises 15% then falls 10%"); a
 * rate with neither repeats the previous direction ("increase 200 by 10% and then by 20%", "20% and then a further
 * 10%"). One amount at most; when the question asks neither the overall change nor the amount at the end, or a
 * direction cannot be told, it is not read.
 */
const chainOf = (s: string): Percentage | undefined => {
  const found = [...s.matchAll(/(?<![\w.])(\d+(?:\.\d+)?)( ?%)?/g)];
  const amounts = found.filter((m) => m[2] === undefined);
  if (amounts.length > 1 || found.length > 6) return undefined;
  const changes: Array<{ rate: string; direction: 'up' | 'down' }> = [];
  let from = 0;
  for (const m of found) {
    const end = m.index + m[0].length;
    if (m[2] === undefined) continue;
    const after = DIRECTION_AFTER.exec(s.slice(end));
    const direction =
      (after ? lastDirection(after[0]) : undefined) ??
      lastDirection(s.slice(from, m.index)) ??
      changes[changes.length - 1]?.direction;
    if (!direction) return undefined;
    changes.push({ rate: m[1] ?? '', direction });
    from = end + (after?.[0].length ?? 0);
  }
  const amount = amounts[0]?.[1];
  const overall = OVERALL_ASKED.test(s);
  if (!overall && (amount === undefined || !FINAL_ASKED.test(s))) return undefined;
  const asked = overall ? ('overall' as const) : ('final' as const);
  const decrease = overall && ASKED_DECREASE.test(s) ? { decrease: true } : {};
  return { kind: 'chain', ...(amount === undefined ? {} : { amount }), changes, asked, ...decrease };
};

/**
 * @param text - the question with plain symbols, single spaces, no filler
 * @returns the percentage question read into its parts, or undefined when the text is not one
 */
export function percentageOf(text: string): Percentage | undefined {
  if (!/%|\bper ?cent|\bpercentage\b|\bpct\b/i.test(text)) return undefined;
  const s = plainNumbers(text);
  let m = OF.exec(s) ?? PART_ON.exec(s);
  if (m) return { kind: 'of', rate: m[1] ?? '', amount: m[2] ?? '' };
  m = OFF.exec(s);
  if (m) return { kind: 'change-by', amount: m[2] ?? '', rate: m[1] ?? '', direction: 'down' };
  for (const pattern of WHAT_PERCENT) {
    m = pattern.exec(s);
    if (m) return { kind: 'what-percent', part: m[1] ?? '', whole: m[2] ?? '' };
  }
  m = WHAT_PERCENT_WHOLE_FIRST.exec(s);
  if (m) return { kind: 'what-percent', part: m[2] ?? '', whole: m[1] ?? '' };
  m = WHAT_PERCENT_IS.exec(s);
  if (m) return { kind: 'what-percent', part: m[1] ?? '', whole: m[2] ?? '' };
  for (const { pattern, part, rate } of WHOLE) {
    m = pattern.exec(s);
    if (m) return { kind: 'whole', part: m[part] ?? '', rate: m[rate] ?? '' };
  }
  m = AS_PERCENT.exec(s);
  if (m) return { kind: 'as-percent', value: (m[1] ?? '').replace(/ /g, '') };
  m = SIGNED_RATE.exec(s);
  if (m) return { kind: 'change-by', amount: m[1] ?? '', rate: m[3] ?? '', direction: m[2] === '-' ? 'down' : 'up' };
  m = RATE_THAN.exec(s);
  if (m)
    return {
      kind: 'change-by',
      amount: m[3] ?? '',
      rate: m[1] ?? '',
      direction: MORE_THAN.test(m[2] ?? '') ? 'up' : 'down',
    };
  for (const pattern of CHANGE_BY) {
    m = pattern.exec(s);
    const direction = directionOf(s);
    if (m && direction) return { kind: 'change-by', amount: m[1] ?? '', rate: m[2] ?? '', direction };
  }
  const numbers = numbersIn(s);
  const rates = numbers.filter((n) => n.rate);
  if (rates.length >= 2) return chainOf(s);
  if (CHANGE_ASKED.test(s) && rates.length === 0) {
    if (numbers.length !== 2) return undefined;
    const asked = ASKED_DECREASE.test(s) ? { asked: 'decrease' as const } : {};
    m = FROM_TO.exec(s);
    if (m) return { kind: 'percent-change', from: m[1] ?? '', to: m[2] ?? '', ...asked };
    // "was 400 and is now 340", "when 120 becomes 90": the old amount first, unless the new one is named first
    // ("it is now 340; it was 400").
    const [first, second] = [numbers[0]?.value ?? '', numbers[1]?.value ?? ''];
    const newFirst = newThenOld(s);
    return { kind: 'percent-change', from: newFirst ? second : first, to: newFirst ? first : second, ...asked };
  }
  // "I scored 45 out of 60, what percentage is that": a part and its whole, a percentage asked.
  m = OUT_OF.exec(s);
  if (m && rates.length === 0 && numbers.length === 2 && /\bpercent(?:age)?\b|%/i.test(s))
    return { kind: 'what-percent', part: m[1] ?? '', whole: m[2] ?? '' };
  // One rate, one other amount and a direction: the amount before the change is asked (reverse), or after it.
  const amount = numbers.find((n) => !n.rate);
  const rate = rates[0];
  const direction = directionOf(s);
  if (!rate || !amount || numbers.length !== 2 || !direction) return undefined;
  if (BEFORE_ASKED.test(s)) return { kind: 'reverse', result: amount.value, rate: rate.value, direction };
  if (NEW_ASKED.test(s)) return { kind: 'change-by', amount: amount.value, rate: rate.value, direction };
  return undefined;
}
