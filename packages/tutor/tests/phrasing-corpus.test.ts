// Issue #13's goal as a test: the student-phrased corpus (bench/phrasing, 30 questions in each of 22 wording
// families, graded against the generator's own values with mathjs) is at least 95% solved in every family, and
// no answer is wrong. `npm run bench:tutor` prints the same table with timings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type * as Solve from '../src/solve.ts';
import { buildCorpus } from '../../../bench/phrasing/corpus.ts';
import { runCorpus } from '../../../bench/phrasing/table.ts';
import { requireCompiled } from './support/compiled.ts';

const { solveLocally } = requireCompiled<typeof Solve>('solve');

test('every wording family is at least 95% solved, and none is answered wrongly', async () => {
  const rows = await runCorpus(buildCorpus(30), (tool, question) => solveLocally(tool, question));
  assert.equal(rows.length, 22, 'every family of the corpus ran');
  assert.deepEqual(
    rows.flatMap((row) => row.wrong),
    [],
  );
  for (const row of rows) {
    const total = row.solved + row.wrong.length + row.unsupported.length;
    assert.ok(
      row.solved >= 0.95 * total,
      `${row.family}: ${String(row.solved)}/${String(total)}\n${row.unsupported.join('\n')}`,
    );
  }
});
