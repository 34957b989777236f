#!/usr/bin/env node
// Solves one question in the terminal with the offline engines: answer, steps, checks and hints.
// Usage (from the repository root): npm run solve -- "x^2-5x+6=0"
//                                   npm run solve -- --tool chemistry-solver "H2 + O2 -> H2O"
// Needs the compiled package (`npm run solve` builds it first); loads it through its public entry, as the backend does.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** @type {typeof import('@studyease/tutor')} */
const { solveLocally } = require('@studyease/tutor');
/** @type {typeof import('@studyease/contract')} */
const { TOOL_IDS } = require('@studyease/contract');

/**
 * @param {string} id
 * @returns {id is import('@studyease/contract').ToolId}
 */
const isToolId = (id) => TOOL_IDS.some((tool) => tool === id);

const args = process.argv.slice(2);
let tool = 'math-solver';
const toolFlag = args.indexOf('--tool');
if (toolFlag !== -1) {
  tool = args[toolFlag + 1] ?? '';
  args.splice(toolFlag, 2);
}
const question = args.join(' ').trim();
if (!question || !isToolId(tool)) {
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
