// `node bench/phrasing/run.ts [--family <part of a name>] [--per-family N] [--show] [--word-problems]`: the student-phrased corpus
// through the engines in this process (packages/tutor's built dist: run `npx tsc -b packages/tutor` first), one
// row per wording family; `--word-problems` adds the 1,000 grade-school word problems probe. `--show` lists every wrong and unsupported question under its family.
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { buildCorpus } from './corpus.ts';
import { type Answered, formatTable, runCorpus } from './table.ts';
import { gradeWordProblem, wordProblems } from './word-problems.ts';

const { values } = parseArgs({
  options: {
    family: { type: 'string' },
    'per-family': { type: 'string', default: '30' },
    show: { type: 'boolean', default: false },
    'word-problems': { type: 'boolean', default: false },
  },
});

const tutor = createRequire(import.meta.url)('../../packages/tutor/dist/solve.js') as {
  solveLocally(tool: string, question: string): Answered;
};

const filter = values.family?.toLowerCase();
const corpus = buildCorpus(Number(values['per-family'])).filter(
  (problem) => filter === undefined || problem.family.toLowerCase().includes(filter),
);
const rows = await runCorpus(corpus, (tool, question) => tutor.solveLocally(tool, question));
console.log(formatTable(rows));
if (values.show) {
  for (const row of rows) {
    if (row.wrong.length + row.unsupported.length === 0) continue;
    console.log(`\n## ${row.family}`);
    for (const miss of row.wrong) console.log(`  WRONG ${miss}`);
    for (const miss of row.unsupported) console.log(`  UNSUPPORTED ${miss}`);
  }
}

if (values['word-problems']) {
  const verdicts = { right: 0, refused: 0, wrong: [] as string[] };
  for (const problem of wordProblems()) {
    const answer = tutor.solveLocally(problem.tool, problem.question);
    const verdict = gradeWordProblem(problem, answer);
    if (verdict === 'wrong')
      verdicts.wrong.push(`${problem.question} → ${answer.answer?.text ?? ''} (${String(problem.answer)})`);
    else verdicts[verdict] += 1;
  }
  console.log(
    `\nGrade-school word problems: 1000 asked, ${String(verdicts.right)} right, ${String(verdicts.refused)} refused, ${String(verdicts.wrong.length)} wrong (goal 0)`,
  );
  for (const miss of verdicts.wrong) console.log(`  WRONG ${miss}`);
}
