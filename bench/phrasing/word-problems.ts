import { seeded, type Random } from './random.ts';

/**
 * Grade-school word problems (sharing, buying, rates, ages, areas, averages, change, two-step stories) with their
 * answers computed here. The engines are not expected to read most of them without a model: the probe asks only
 * that none is answered wrongly. A refusal is fine; a guess is not.
 */
export interface WordProblem {
  question: string;
  /** The number the story asks for. */
  answer: number;
  tool: 'math-solver' | 'physics-solver' | 'chemistry-solver';
}

const NAMES = ['Sam', 'Maria', 'Leo', 'Aisha', 'Tom', 'Priya', 'Noah', 'Emma', 'Kenji', 'Zoe'] as const;
const THINGS = ['apples', 'pencils', 'stickers', 'marbles', 'cookies', 'books', 'cards', 'balloons'] as const;

type Template = (random: Random) => WordProblem;

const math = (question: string, answer: number): WordProblem => ({ question, answer, tool: 'math-solver' });

const TEMPLATES: readonly Template[] = [
  (r) => {
    const [a, b] = [r.int(5, 60), r.int(2, 30)];
    const name = r.pick(NAMES);
    const thing = r.pick(THINGS);
    return math(
      `${name} has ${String(a)} ${thing} and buys ${String(b)} more. How many ${thing} does ${name} have now?`,
      a + b,
    );
  },
  (r) => {
    const b = r.int(2, 30);
    const a = b + r.int(1, 50);
    const thing = r.pick(THINGS);
    return math(`${r.pick(NAMES)} had ${String(a)} ${thing} and gave ${String(b)} away. How many are left?`, a - b);
  },
  (r) => {
    const [packs, each] = [r.int(2, 12), r.int(3, 24)];
    return math(
      `There are ${String(packs)} boxes with ${String(each)} ${r.pick(THINGS)} in each box. How many are there in total?`,
      packs * each,
    );
  },
  (r) => {
    const [people, each] = [r.int(2, 9), r.int(2, 15)];
    const thing = r.pick(THINGS);
    return math(
      `${String(people * each)} ${thing} are shared equally among ${String(people)} friends. How many ${thing} does each friend get?`,
      each,
    );
  },
  (r) => {
    const [speed, hours] = [r.int(3, 12) * 10, r.int(2, 6)];
    return math(
      `A car travels at ${String(speed)} km per hour for ${String(hours)} hours. How far does it go, in km?`,
      speed * hours,
    );
  },
  (r) => {
    const [price, count] = [r.int(2, 15), r.int(2, 9)];
    const paid = price * count + r.int(1, 20);
    return math(
      `${r.pick(NAMES)} buys ${String(count)} notebooks at $${String(price)} each and pays with $${String(paid)}. How much change does ${r.pick(['she', 'he'])} get?`,
      paid - price * count,
    );
  },
  (r) => {
    const [age, gap] = [r.int(6, 15), r.int(20, 35)];
    return math(
      `${r.pick(NAMES)} is ${String(age)} years old. Their mother is ${String(gap)} years older. How old is the mother?`,
      age + gap,
    );
  },
  (r) => {
    const [length, width] = [r.int(3, 20), r.int(2, 15)];
    return math(
      `A rectangular garden is ${String(length)} m long and ${String(width)} m wide. What is its area in square metres?`,
      length * width,
    );
  },
  (r) => {
    const [length, width] = [r.int(3, 20), r.int(2, 15)];
    return math(
      `What is the perimeter of a rectangle ${String(length)} cm long and ${String(width)} cm wide?`,
      2 * (length + width),
    );
  },
  (r) => {
    const scores = [r.int(50, 100), r.int(50, 100), r.int(50, 100)];
    const sum = scores.reduce((a, b) => a + b, 0);
    const fixed = sum - (sum % 3);
    const last = (scores[2] ?? 0) - (sum - fixed);
    return math(
      `${r.pick(NAMES)} scored ${String(scores[0])}, ${String(scores[1])} and ${String(last)} on three tests. What is the average score?`,
      fixed / 3,
    );
  },
  (r) => {
    const [whole, part] = [r.int(2, 12) * 4, r.pick([2, 4])];
    return math(
      `A class has ${String(whole)} students and 1/${String(part)} of them walk to school. How many students walk?`,
      whole / part,
    );
  },
  (r) => {
    const [price, off] = [r.int(2, 20) * 10, r.pick([10, 20, 25, 50])];
    return math(
      `A jacket costs $${String(price)}. It is on sale for ${String(off)}% off. What is the sale price?`,
      (price * (100 - off)) / 100,
    );
  },
  (r) => {
    const [a, b] = [r.int(10, 90), r.int(10, 90)];
    return math(
      `${r.pick(NAMES)} read ${String(a)} pages on Monday and ${String(b)} pages on Tuesday. How many pages did they read altogether?`,
      a + b,
    );
  },
  (r) => {
    const more = r.int(2, 30);
    const small = r.int(5, 40);
    const thing = r.pick(THINGS);
    return math(
      `${r.pick(NAMES)} has ${String(small + more)} ${thing} and ${r.pick(NAMES)} has ${String(small)}. How many more ${thing} does the first one have?`,
      more,
    );
  },
  (r) => {
    const [start, minutes] = [r.int(1, 10), r.int(2, 11) * 5];
    return math(
      `A film starts at ${String(start)}:00 and lasts ${String(60 + minutes)} minutes. How many minutes after ${String(start + 1)}:00 does it end?`,
      minutes,
    );
  },
  (r) => {
    const [cost, count] = [r.int(2, 9), r.int(3, 12)];
    return math(`${String(count)} tickets cost $${String(cost * count)}. How much does one ticket cost?`, cost);
  },
  (r) => {
    const [rows, seats] = [r.int(4, 20), r.int(5, 25)];
    return math(`A hall has ${String(rows)} rows of ${String(seats)} chairs. How many chairs are there?`, rows * seats);
  },
  (r) => {
    const [buses, seats] = [r.int(2, 6), r.int(30, 50)];
    const empty = r.int(0, 20);
    return math(
      `${String(buses)} buses each hold ${String(seats)} children. ${String(empty)} seats are empty. How many children are on the buses?`,
      buses * seats - empty,
    );
  },
  (r) => {
    const [daily, days] = [r.int(2, 12), r.pick([5, 7, 10, 14, 30])];
    return math(
      `${r.pick(NAMES)} saves $${String(daily)} every day for ${String(days)} days. How much money is saved?`,
      daily * days,
    );
  },
  (r) => {
    const [per, total] = [r.int(2, 8), r.int(3, 12)];
    return math(
      `Each bag holds ${String(per)} oranges. How many bags are needed for ${String(per * total)} oranges?`,
      total,
    );
  },
];

/**
 * The probe: `count` word problems, the same on every run.
 * @param count - how many (1,000 in the probe)
 */
export function wordProblems(count = 1000, seed = 20261125): WordProblem[] {
  const random = seeded(seed);
  const problems: WordProblem[] = [];
  for (let index = 0; index < count; index += 1) {
    const template = TEMPLATES[index % TEMPLATES.length];
    if (template) problems.push(template(random));
  }
  return problems;
}

/** The first number an answer states ("x = 42", "42 apples", "$3.50"), or null when it states none. */
export function statedNumber(text: string): number | null {
  const match = /-?\d+(?:\.\d+)?(?:[eE]-?\d+)?/.exec(text.replace(/[−–]/g, '-').replace(/(\d),(\d{3})/g, '$1$2'));
  return match ? Number(match[0]) : null;
}

export type WordVerdict = 'right' | 'refused' | 'wrong';

/** Right when the answer states the story's number; refused when the engine did not answer; wrong otherwise. */
export function gradeWordProblem(
  problem: WordProblem,
  answer: { status: string; answer: { text: string } | null },
): WordVerdict {
  if (answer.status !== 'solved' || !answer.answer) return 'refused';
  const stated = statedNumber(answer.answer.text);
  return stated !== null && Math.abs(stated - problem.answer) <= 1e-9 * Math.max(1, Math.abs(problem.answer))
    ? 'right'
    : 'wrong';
}
