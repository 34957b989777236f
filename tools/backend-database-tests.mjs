// The backend suite without the tests that read only source files (the ReDoS scan): CI runs it a second time on
// PostgreSQL, where only what touches the database can differ. Run from backend/ (`npm run test:database`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

/** Tests whose result cannot depend on the database. */
const SOURCE_ONLY = new Set(['redos.test.ts']);

const files = readdirSync('tests')
  .filter((name) => name.endsWith('.test.ts') && !SOURCE_ONLY.has(name))
  .sort()
  .map((name) => `tests/${name}`);
const run = spawnSync(process.execPath, ['--test', '--test-global-setup=tests/support/global-setup.ts', ...files], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
