// `node bench/phrasing/run.ts [--family <part of a name>] [--per-family N] [--show]`: the student-phrased corpus
// through the engines in this process (packages/tutor's built dist: run `npx tsc -b packages/tutor` first), one
// row per wording family. `--show` lists every wrong and unsupported question under its family.
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { buildCorpus } from './corpus.ts';
import { type Answered, formatTable, runCorpus } from './table.ts';

const { values } = parseArgs({
  options: {
    family: { type: 'string' },
    'per-family': { type: 'string', default: '30' },
    show: { type: 'boolean', default: false },
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
