// Worker thread for tests/redos.test.ts: feeds hostile texts to one reader of the app. A worker, so that the test
// can stop a reader stuck in a backtracking regex (a test's own timeout cannot interrupt synchronous code).
import assert from 'node:assert/strict';
import { parentPort, workerData } from 'node:worker_threads';
import type * as MathEngine from '../../src/tutor/math/index.ts';
import type * as Physics from '../../src/tutor/physics/index.ts';
import type * as Chemistry from '../../src/tutor/chemistry/index.ts';
import type * as Stoichiometry from '../../src/tutor/chemistry/stoichiometry.ts';
import type * as MolarMass from '../../src/tutor/chemistry/molar-mass.ts';
import type * as ModelAnswer from '../../src/tutor/model/modelAnswer.ts';
import type * as HtmlToText from '../../src/utils/html-to-text.ts';
import { requireCompiled } from './compiled.ts';

/** What the worker is asked to read; `timings` prints the milliseconds per text (for a person looking into one). */
export interface HostileJob {
  reader: 'math' | 'physics' | 'chemistry' | 'model' | 'mail';
  timings?: boolean;
}

/** Hostile shapes: long runs that make a backtracking matcher try every split of a run. */
const LONG = 20_000;
const run = (text: string): string => text.repeat(Math.ceil(LONG / text.length)).slice(0, LONG);
export const HOSTILE: readonly string[] = [
  `x${run(' ')}= y`,
  `2${run(' ')}g`,
  `x${run('\t')}for`,
  `${run(' ')}for x!`,
  `integral of x${run(' ')}from 1${run(' ')}to`,
  `limit of x as${run(' ')}x${run(' ')}->`,
  `${run('1')}x`,
  `${run('a')}=`,
  `${run('(')}x`,
  `${run('for ')}x,`,
  `${run('2 is what percent of ')}!`,
  `5 increased by${run(' by')}%!`,
  `${run('12 % of ')}?`,
  `${run('?')}!`,
  `${run('0')}.0!`,
  `${run('-')}=`,
  `${run('->')}.`,
  `${run(' and ')}x`,
  `${run('find the ')}.`,
  `${run('in ')}!`,
  `${run('coefficient ')}.`,
  `M(${run(' ')}M(${run(' ')}\n)`,
  `${run('<a href="')}x`,
  `${run('<li')}x`,
];

const readers: Record<HostileJob['reader'], (text: string) => void> = {
  math: (text) => {
    const { prepare, checkCandidate } = requireCompiled<typeof MathEngine>('src/tutor/math/index');
    assert.equal(typeof prepare(text).body, 'string');
    checkCandidate(`solve ${text}`, text);
  },
  physics: (text) => {
    const { parseProblem } = requireCompiled<typeof Physics>('src/tutor/physics/index');
    try {
      parseProblem(text);
    } catch (error) {
      assert.ok(error instanceof Error);
    }
  },
  chemistry: (text) => {
    const { readStoichiometry } = requireCompiled<typeof Stoichiometry>('src/tutor/chemistry/stoichiometry');
    const { molarMassFormula, readMolarMassAnswer } = requireCompiled<typeof MolarMass>(
      'src/tutor/chemistry/molar-mass',
    );
    const { chemistryEngine } = requireCompiled<typeof Chemistry>('src/tutor/chemistry/index');
    readStoichiometry(text);
    molarMassFormula(text);
    readMolarMassAnswer(text);
    assert.ok(chemistryEngine.solve(text).status);
  },
  model: (text) => {
    const { modelAnswer } = requireCompiled<typeof ModelAnswer>('src/tutor/model/modelAnswer');
    assert.equal(modelAnswer('math-solver', 'q', text).status, 'solved');
  },
  mail: (text) => {
    const { htmlToText } = requireCompiled<typeof HtmlToText>('src/utils/html-to-text');
    assert.equal(typeof htmlToText(text), 'string');
  },
};

if (parentPort) {
  const job = workerData as HostileJob;
  for (const [index, text] of HOSTILE.entries()) {
    const started = performance.now();
    readers[job.reader](text);
    if (job.timings) console.log(`${job.reader} #${index}: ${Math.round(performance.now() - started)} ms`);
  }
  parentPort.postMessage('done');
}
