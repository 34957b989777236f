// `npm run bench:tutor`: the tutor's quality and speed on our own problem set (bench/problems.json), over HTTP
// against a real backend (temporary database, rate limit off). Prints per topic: solved correctly / unsupported /
// wrong, and the median and p99 time of POST /api/tutor/solve after warm-up. Wrong is the number that matters.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startBackend } from '../tools/test-backend/backend.ts';
import { buildCorpus } from './phrasing/corpus.ts';
import { type Answered, formatTable, runCorpus } from './phrasing/table.ts';
import { formatPracticeTable, practiceTable } from './practice.ts';
import { gradeWordProblem, wordProblems } from './phrasing/word-problems.ts';

interface Problem {
  tool: string;
  topic: string;
  question: string;
  /** The answer we derived and double-checked by hand, in the contract's answer syntax. */
  expected: string;
}

interface Answer {
  status: string;
  answer: { text: string } | null;
  verified: boolean;
}

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const problems = JSON.parse(readFileSync(new URL('problems.json', import.meta.url), 'utf8')) as Problem[];

const backend = await startBackend({ TUTOR_RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'error' });
const post = async (route: string, body: unknown): Promise<{ ms: number; body: unknown }> => {
  const started = performance.now();
  const res = await fetch(`${backend.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json();
  return { ms: performance.now() - started, body: json };
};

const normalise = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/** Right when the text matches ours, or when the engine's own check says the expected answer is equivalent. */
async function isRight(problem: Problem, answer: Answer): Promise<boolean> {
  if (!answer.answer) return false;
  if (normalise(answer.answer.text) === normalise(problem.expected)) return true;
  const check = await post('/api/tutor/check', {
    tool: problem.tool,
    question: problem.question,
    answer: problem.expected,
  });
  const result = check.body as { correct?: boolean };
  return result.correct === true;
}

try {
  // Warm-up: load every engine once in every worker thread.
  for (let round = 0; round < 2; round += 1) {
    for (const problem of problems) await post('/api/tutor/solve', { tool: problem.tool, question: problem.question });
  }

  const byTopic = new Map<string, { right: number; unsupported: number; wrong: string[]; times: number[] }>();
  for (const problem of problems) {
    const key = `${problem.tool} / ${problem.topic}`;
    const row = byTopic.get(key) ?? { right: 0, unsupported: 0, wrong: [], times: [] };
    byTopic.set(key, row);
    let answer: Answer | null = null;
    for (let run = 0; run < RUNS; run += 1) {
      const { ms, body } = await post('/api/tutor/solve', { tool: problem.tool, question: problem.question });
      row.times.push(ms);
      answer = body as Answer;
    }
    if (!answer || answer.status !== 'solved') row.unsupported += 1;
    else if (await isRight(problem, answer)) row.right += 1;
    else row.wrong.push(`${problem.question} → ${answer.answer?.text ?? ''} (expected ${problem.expected})`);
  }

  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  };
  const header = ['topic', 'problems', 'right', 'unsupported', 'wrong', 'median ms', 'p99 ms'];
  const rows = [...byTopic.entries()].map(([topic, row]) => [
    topic,
    String(row.right + row.unsupported + row.wrong.length),
    String(row.right),
    String(row.unsupported),
    String(row.wrong.length),
    quantile(row.times, 0.5).toFixed(1),
    quantile(row.times, 0.99).toFixed(1),
  ]);
  const all = [...byTopic.values()];
  const times = all.flatMap((row) => row.times);
  const total = problems.length;
  const right = all.reduce((sum, row) => sum + row.right, 0);
  const wrong = all.reduce((sum, row) => sum + row.wrong.length, 0);
  rows.push([
    'all',
    String(total),
    String(right),
    String(all.reduce((sum, row) => sum + row.unsupported, 0)),
    String(wrong),
    quantile(times, 0.5).toFixed(1),
    quantile(times, 0.99).toFixed(1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log(
    `\n${right}/${total} right (${((100 * right) / Math.max(total, 1)).toFixed(1)}%, goal ≥ 95%), ${wrong} wrong (goal 0); ` +
      `median ${quantile(times, 0.5).toFixed(1)} ms (goal ≤ 20), p99 ${quantile(times, 0.99).toFixed(1)} ms (goal ≤ 200), ${RUNS} runs each after warm-up`,
  );
  for (const row of all) for (const miss of row.wrong) console.log(`WRONG: ${miss}`);

  // The student-phrased corpus (bench/phrasing): 30 questions per wording family, each answer graded against the
  // generator's own value. Solved in this process by the same engines the workers run, so the figures are the
  // engines' reading, not the transport's.
  const tutor = createRequire(import.meta.url)('../packages/tutor/dist/solve.js') as {
    solveLocally(tool: string, question: string): Answered;
    practiceForSkill: Parameters<typeof practiceTable>[1];
  };
  const families = await runCorpus(buildCorpus(30), (tool, question) => tutor.solveLocally(tool, question));
  console.log(`\nStudent-phrased corpus, per wording family (bench/phrasing):\n${formatTable(families)}`);

  // The word-problem probe: without a model a refusal is fine, a wrong number is not.
  const probe = { right: 0, refused: 0, wrong: 0 };
  for (const problem of wordProblems()) {
    probe[gradeWordProblem(problem, tutor.solveLocally(problem.tool, problem.question))] += 1;
  }
  console.log(
    `\nGrade-school word problems: 1000 asked, ${String(probe.right)} right, ${String(probe.refused)} refused, ` +
      `${String(probe.wrong)} wrong (goal 0)`,
  );

  // Practice generation (issue #16): per skill, 100 questions drawn one at a time with a new seed each and the
  // earlier ones avoided, as a student's sessions over a week draw them. Goal: 100 verified, 0 repeated.
  const { SKILL_IDS } = createRequire(import.meta.url)('@studyease/contract') as { SKILL_IDS: readonly string[] };
  const practiceRows = practiceTable(SKILL_IDS, tutor.practiceForSkill, 100);
  console.log(
    `\nPractice generation, 100 questions per skill (bench/practice.ts):\n${formatPracticeTable(practiceRows)}`,
  );
} finally {
  await backend.stop();
}
