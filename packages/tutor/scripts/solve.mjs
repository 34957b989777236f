#!/usr/bin/env node
// Solves one question in the terminal with the offline engines: answer, steps, checks and hints.
// Usage (from the repository root): npm run solve -- "x^2-5x+6=0"
//                                   npm run solve -- --tool chemistry-solver "H2 + O2 -> H2O"
// Needs the compiled backend (`npm run solve` compiles first).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const backendRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(backendRoot, 'package.json'));
/** @type {{ solveLocally: (tool: string, question: string) => import('@studyease/contract').TutorAnswer }} */
const { solveLocally } = require(path.join(backendRoot, 'dist', 'src', 'tutor', 'solve.js'));
/** @type {{ TOOL_IDS: readonly string[] }} */
const { TOOL_IDS } = require('@studyease/contract');

const args = process.argv.slice(2);
let tool = 'math-solver';
const toolFlag = args.indexOf('--tool');
if (toolFlag !== -1) {
  tool = args[toolFlag + 1] ?? '';
  args.splice(toolFlag, 2);
}
const question = args.join(' ').trim();
if (!question || !TOOL_IDS.includes(tool)) {
  console.error(`usage: npm run solve -- [--tool ${TOOL_IDS.join('|')}] "question"`);
  process.exit(2);
}

const started = performance.now();
const answer = solveLocally(tool, question);
const ms = (performance.now() - started).toFixed(1);

console.log(
  `${answer.tool} · ${answer.kind} · ${answer.status}${answer.verified ? ' · checked' : ' · not checked'} · ${ms} ms`,
);
if (answer.reason) console.log(`\n${answer.reason}`);
if (answer.answer) console.log(`\nAnswer: ${answer.answer.text}`);
for (const [index, step] of answer.steps.entries()) {
  console.log(`\n${index + 1}. ${step.title}\n   ${step.explanation}${step.latex ? `\n   ${step.latex}` : ''}`);
}
if (answer.checks.length > 0) {
  console.log('\nChecks:');
  for (const check of answer.checks) console.log(`  ${check.passed ? '✓' : '✗'} ${check.kind}: ${check.detail}`);
}
if (answer.hints.length > 0) {
  console.log('\nHints:');
  for (const hint of answer.hints) console.log(`  - ${hint}`);
}
process.exit(answer.status === 'solved' ? 0 : 1);
