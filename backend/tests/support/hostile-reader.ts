// Worker thread for tests/redos.test.ts: feeds hostile texts to one reader of the app. A worker, so that the test
// can stop a reader stuck in a backtracking regex (a test's own timeout cannot interrupt synchronous code).
import assert from 'node:assert/strict';
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type * as MathEngine from '../../../packages/tutor/src/math/index.ts';
import type * as Physics from '../../../packages/tutor/src/physics/index.ts';
import type * as Chemistry from '../../../packages/tutor/src/chemistry/index.ts';
import type * as Stoichiometry from '../../../packages/tutor/src/chemistry/stoichiometry/read.ts';
import type * as MolarMass from '../../../packages/tutor/src/chemistry/molar-mass.ts';
import type * as ModelAnswer from '../../src/tutor/model/modelAnswer.ts';
import type * as HtmlToText from '../../src/utils/html-to-text.ts';
import { requireCompiled } from './compiled.ts';

/**
 * The engines' readers are internal modules of packages/tutor (the app uses only its public entry); this test
 * feeds each reader directly, so it loads them from the package's compiled dist/, which the global setup builds.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the module's type
const requireEngine = <T>(modulePath: string): T =>
  createRequire(import.meta.url)(`../../../packages/tutor/dist/${modulePath}.js`) as T;

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
    const { prepare, checkCandidate } = requireEngine<typeof MathEngine>('math/index');
    assert.equal(typeof prepare(text).body, 'string');
    checkCandidate(`solve ${text}`, text);
  },
  physics: (text) => {
    const { parseProblem } = requireEngine<typeof Physics>('physics/index');
    try {
      parseProblem(text);
    } catch (error) {
      assert.ok(error instanceof Error);
    }
  },
  chemistry: (text) => {
    const { readStoichiometry } = requireEngine<typeof Stoichiometry>('chemistry/stoichiometry/read');
    const { molarMassFormula, readMolarMassAnswer } = requireEngine<typeof MolarMass>('chemistry/molar-mass');
    const { chemistryEngine } = requireEngine<typeof Chemistry>('chemistry/index');
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
