// Issue #14: chemical formulas are typeset with upright element symbols and real subscripts (\mathrm{C_{3}H_{8}}),
// never as italic letters (F·e, "H:" read as a variable H). Every LaTeX the chemistry engine emits for the answers
// of the benchmark, the phrasing corpus and a set of every kind (the reading, the answer, each step) is read: once
// the upright groups and the commands are taken out, no element symbol may be left.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type * as Solve from '../src/solve.ts';
import { buildCorpus } from '../../../bench/phrasing/corpus.ts';
import { requireCompiled } from './support/compiled.ts';

const { solveLocally } = requireCompiled<typeof Solve>('solve');

const KINDS = [
  'Fe + O2 -> Fe2O3',
  'MnO4^- + Fe^2+ + H^+ -> Mn^2+ + Fe^3+ + H2O',
  'C3H8 + O2 -> CO2 + H2O',
  'molar mass of Ca(OH)2',
  'How many grams of CO2 form when 10 g of C3H8 burns?',
  '10.0 g of H2 react with 64.0 g of O2. Which is the limiting reagent?',
  'How many moles are in 50 g of CaCO3?',
  'How many molecules are in 0.5 mol of C6H12O6?',
  'What is the molarity of 5.85 g of NaCl in 500 mL of solution?',
  'The theoretical yield is 20 g and 15 g is obtained. What is the percent yield?',
  'P1 = 1.5 atm, V1 = 10 L, V2 = 8 L, find P2',
];

/** What is left of a LaTeX once the upright groups (\mathrm, \text) and the commands are taken out. */
const outsideUpright = (latex: string): string => {
  let text = latex;
  for (;;) {
    const start = /\\(?:mathrm|text)\{/.exec(text);
    if (!start) break;
    // The group's own braces (subscripts: \mathrm{H_{2}O}) are nested: find the one that closes it.
    let depth = 0;
    let end = start.index + start[0].length - 1;
    for (; end < text.length; end += 1) {
      if (text[end] === '{') depth += 1;
      else if (text[end] === '}' && --depth === 0) break;
    }
    text = `${text.slice(0, start.index)} ${text.slice(end + 1)}`;
  }
  return text.replace(/\\[A-Za-z]+/g, ' ').replace(/_\{?\d+\}?/g, '');
};

/** An element symbol in italic maths: two letters (Fe, Na), or a capital before a colon or another capital. */
const ITALIC_ELEMENT = /\b[A-Z][a-z]\b|\b[A-Z]:|[A-Z](?:\d+)?[A-Z]/;

test('every chemistry LaTeX writes element symbols upright', () => {
  const questions = [
    ...(
      JSON.parse(readFileSync(new URL('../../../bench/problems.json', import.meta.url), 'utf8')) as Array<{
        tool: string;
        question: string;
      }>
    )
      .filter((p) => p.tool === 'chemistry-solver')
      .map((p) => p.question),
    ...buildCorpus()
      .filter((p) => p.tool === 'chemistry-solver')
      .map((p) => p.question),
    ...KINDS,
  ];
  const italic: string[] = [];
  let read = 0;
  for (const question of questions) {
    const answer = solveLocally('chemistry-solver', question);
    if (answer.status !== 'solved') continue;
    const latexes = [answer.question.latex, answer.answer?.latex ?? '', ...answer.steps.map((s) => s.latex ?? '')];
    for (const latex of latexes.filter((l) => l !== '')) {
      read += 1;
      const left = outsideUpright(latex);
      if (ITALIC_ELEMENT.test(left)) italic.push(`${question}: ${latex}`);
    }
  }
  assert.deepEqual(italic, []);
  assert.ok(read > 300, `only ${String(read)} LaTeX read`);
});

test('the scan finds an italic element symbol', () => {
  assert.ok(ITALIC_ELEMENT.test(outsideUpright('\\begin{aligned}Fe:\\ & a = 2c\\end{aligned}')));
  assert.ok(ITALIC_ELEMENT.test(outsideUpright('2 H_{2}O')));
  assert.ok(!ITALIC_ELEMENT.test(outsideUpright('2\\,\\mathrm{H_{2}O};\\quad P_1 = 1.5\\ \\mathrm{atm}')));
});
