// Issue #16: every engine answer and practice question carries its skill (contract, skills.ts), and practice for a
// skill comes back fresh: new for a new seed, verified, of that skill, never one the student was just given.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import type * as Contract from '@studyease/contract';
import type * as Solve from '../src/solve.ts';
import type * as Seeds from '../src/practice-seeds.ts';
import { buildCorpus } from '../../../bench/phrasing/corpus.ts';
import { practiceTable } from '../../../bench/practice.ts';
import { requireCompiled } from './support/compiled.ts';

const { practiceForSkill, practiceLocally, runTask, solveLocally } = requireCompiled<typeof Solve>('solve');
const { MORE_SEEDS } = requireCompiled<typeof Seeds>('practice-seeds');
const { KINDS_WITHOUT_PRACTICE, SKILL_IDS, SKILLS, skillById, skillOfKind } = createRequire(import.meta.url)(
  '@studyease/contract',
) as typeof Contract;

interface Problem {
  tool: Contract.ToolId;
  question: string;
}

const problems = JSON.parse(
  readFileSync(new URL('../../../bench/problems.json', import.meta.url), 'utf8'),
) as Problem[];

/** Every engine source file, for the kinds' spelling. */
const engineSource = (): string => {
  const root = new URL('../src/', import.meta.url);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => readFileSync(new URL(path, root), 'utf8'))
    .join('\n');
};

describe('skills', () => {
  test('every solved answer on the bench and the phrasing corpus has the skill of its kind, or offers no practice', () => {
    const unmapped = new Set<string>();
    for (const problem of [...problems, ...buildCorpus(30)]) {
      const answer = solveLocally(problem.tool, problem.question);
      if (answer.status !== 'solved') continue;
      assert.equal(answer.skill, skillOfKind(answer.kind), problem.question);
      if (!answer.skill && !KINDS_WITHOUT_PRACTICE.includes(answer.kind)) unmapped.add(answer.kind);
      for (const one of answer.practice) assert.equal(one.skill, answer.skill, one.question);
    }
    assert.deepEqual([...unmapped], []);
  });

  test('every kind in the list is one an engine answers (no typo)', () => {
    const source = engineSource();
    for (const skill of SKILLS)
      for (const kind of skill.kinds)
        assert.ok(source.includes(`'${kind}'`), `${skill.id}: no engine answers '${kind}'`);
    assert.equal(new Set(SKILL_IDS).size, SKILLS.length);
  });

  test("every skill's example and seeds solve, verify and have that skill", () => {
    for (const skill of SKILLS) {
      for (const question of [skill.example, ...(MORE_SEEDS[skill.id] ?? [])]) {
        const answer = solveLocally(skill.tool, question);
        assert.equal(answer.status, 'solved', `${skill.id}: ${question} (${answer.reason ?? ''})`);
        assert.equal(answer.verified, true, `${skill.id}: ${question}`);
        assert.equal(answer.skill, skill.id, `${skill.id}: ${question} is ${answer.kind}`);
      }
    }
  });

  test("the chat's practice questions carry the skill of the question", () => {
    for (const [tool, question, skill] of [
      ['math-solver', 'Solve x^2 - 5x + 6 = 0', 'quadratic-equations'],
      ['chemistry-solver', 'Balance Fe + O2 -> Fe2O3', 'equation-balancing'],
      ['physics-solver', 'What force accelerates a 5.00 kg mass at 2.00 m/s^2?', 'forces'],
    ] as const) {
      const practice = practiceLocally(tool, question);
      assert.equal(practice.length, 3, question);
      for (const one of practice) assert.equal(one.skill, skill, one.question);
    }
  });
});

describe('practiceForSkill', () => {
  test('every skill: a new verified question of that skill for each new seed, none repeated', () => {
    for (const row of practiceTable(SKILL_IDS, practiceForSkill, 6)) {
      assert.equal(row.verified, row.asked, `${row.skill}: ${JSON.stringify(row.questions)}`);
      assert.equal(row.repeated, 0, row.skill);
      assert.equal(row.missing, 0, row.skill);
    }
  });

  test('every skill: a session of five, distinct, verified, of the skill; the same seed gives the same ones', () => {
    for (const skill of SKILL_IDS) {
      for (const seed of ['alice 2026-11-24', 'bob 2026-11-25']) {
        const session = practiceForSkill(skill, { seed, count: 5 });
        assert.equal(session.length, 5, `${skill}: ${JSON.stringify(session)}`);
        assert.equal(new Set(session.map((one) => one.question)).size, 5, skill);
        for (const one of session) {
          assert.equal(one.verified, true, one.question);
          assert.equal(one.skill, skill, one.question);
          const tool = skillById(skill)?.tool ?? 'math-solver';
          assert.equal(solveLocally(tool, one.question).answer?.text, one.answer, one.question);
        }
        assert.deepEqual(practiceForSkill(skill, { seed, count: 5 }), session);
      }
    }
  });

  test('every solved question of the bench and the corpus seeds a full session of its own skill', () => {
    for (const problem of [...problems, ...buildCorpus(3)]) {
      const answer = solveLocally(problem.tool, problem.question);
      if (answer.status !== 'solved' || !answer.skill) continue;
      const session = practiceForSkill(answer.skill, { seedQuestion: problem.question, seed: 'corpus', count: 5 });
      assert.equal(session.length, 5, problem.question);
      for (const one of session) {
        assert.equal(one.verified, true, one.question);
        assert.equal(one.skill, answer.skill, `${problem.question} → ${one.question}`);
      }
    }
  });

  test('a question in avoid never comes back', () => {
    for (const skill of SKILL_IDS) {
      const first = practiceForSkill(skill, { seed: 'same', count: 3 });
      const avoid = first.map((one) => one.question);
      const again = practiceForSkill(skill, { seed: 'same', count: 3, avoid });
      assert.equal(again.length, 3, skill);
      for (const one of again) assert.ok(!avoid.includes(one.question), `${skill}: ${one.question} came back`);
    }
  });

  test("practice grows from the student's question, and from the example when it cannot", () => {
    const own = practiceForSkill('forces', {
      seedQuestion: 'A spring with a spring constant of 300 N/m is stretched by 0.200 m. What force does it exert?',
      seed: 's',
      count: 3,
    });
    assert.equal(own.length, 3);
    for (const one of own) assert.match(one.question, /spring constant/);
    // A question of another skill, and one the engine cannot read: the skill's own seeds take over.
    for (const seedQuestion of ['Balance Fe + O2 -> Fe2O3', 'what is the meaning of life']) {
      const fallback = practiceForSkill('quadratic-equations', { seedQuestion, seed: 's', count: 3 });
      assert.equal(fallback.length, 3, seedQuestion);
      for (const one of fallback) assert.equal(one.skill, 'quadratic-equations', one.question);
    }
  });

  test('a balancing question always has something to balance (never an equation balanced as written)', () => {
    // Ba + F2 -> BaF2 came up: its answer was the question itself.
    for (let round = 0; round < 40; round++) {
      for (const one of practiceForSkill('equation-balancing', { seed: `b${String(round)}`, count: 5 })) {
        assert.match(one.answer, /(?:^|[+>] )\d+ /, `${one.question}: nothing to balance`);
      }
    }
  });

  test('the worker task skill-practice runs it', () => {
    const task: Solve.TutorTask = { type: 'skill-practice', skill: 'limits', seed: 'w', count: 2, avoid: [] };
    assert.deepEqual(runTask(task), practiceForSkill('limits', { seed: 'w', count: 2 }));
  });
});
