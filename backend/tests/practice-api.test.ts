// The practice API of issue #16 (docs/api.md, "Practice"): skills with mastery and review, sessions of fresh verified
// questions, answers checked by the engine; the chat starting a skill; practice in a conversation counting for
// mastery; every endpoint owner-only.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PracticeVerdictSchema, SkillProgressListSchema } from '@studyease/contract';
import { z } from 'zod';
import { ErrorResponseSchema, call, registerAccount } from './support/api.ts';
import { startBackend, type Backend } from '../../tools/test-backend/backend.ts';

let backend: Backend;
let alice: Awaited<ReturnType<typeof registerAccount>>;
let bob: Awaited<ReturnType<typeof registerAccount>>;

before(async () => {
  // The offline engines only; a generous time limit (a worker's first question loads its engine); no daily limit.
  backend = await startBackend({ TUTOR_TIMEOUT_MS: '20000', FREE_DAILY_QUESTIONS: '0' });
  alice = await registerAccount(backend.url);
  bob = await registerAccount(backend.url);
});
after(async () => {
  await backend.stop();
});

const SKILL_COUNT = 25;
const ISSUED = 'api::practice.issued-question';
const STATE = 'api::practice.skill-state';

const SkillList = SkillProgressListSchema;
// Strict: an issued question never carries its solution (or anything else) to the student before the answer.
const Issued = z.strictObject({
  id: z.string().min(1),
  skill: z.string(),
  tool: z.string(),
  question: z.string().min(1),
  hints: z.array(z.string()),
});
const Session = z.object({ data: z.object({ questions: z.array(Issued) }) });
const Verdict = PracticeVerdictSchema;

const errorOf = (body: unknown) => ErrorResponseSchema.parse(body).error;

const skillsOf = async (token: string) => {
  const res = await call(backend.url, 'GET', '/api/practice/skills', { token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return SkillList.parse(res.body).data;
};
const sessionOf = async (token: string, body: unknown = {}) =>
  call(backend.url, 'POST', '/api/practice/session', { token, body });
const questionsOf = async (token: string, body: unknown = {}) => {
  const res = await sessionOf(token, body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return Session.parse(res.body).data.questions;
};
const answer = (token: string | undefined, body: unknown) =>
  call(backend.url, 'POST', '/api/practice/answer', { ...(token === undefined ? {} : { token }), body });
/** The engine's answer, kept on the server: the test reads it from the database to answer right. */
const solutionOf = async (id: string): Promise<string> => {
  const row = (await backend.strapi.db.query(ISSUED).findOne({ where: { documentId: id } })) as {
    solution: string;
  } | null;
  assert.ok(row, `issued question ${id} is kept`);
  return row.solution;
};
/** A right answer as a student types it: the first of the engine's (a physics answer adds a rounded form). */
const rightAnswerOf = async (id: string) => (await solutionOf(id)).split(', ≈')[0] ?? '';

/** A conversation of `token` with one chat answer to `question`; its id and the answer message's id. */
const ask = async (token: string, question: string, tool = 'math-solver') => {
  const created = await call(backend.url, 'POST', '/api/conversations', { token, body: { tool } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = z.object({ data: z.object({ documentId: z.string() }) }).parse(created.body).data.documentId;
  const res = await fetch(`${backend.url}/api/conversations/${id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ text: question }),
  });
  assert.equal(res.status, 200);
  await res.text();
  const messages = await call(backend.url, 'GET', `/api/conversations/${id}/messages`, { token });
  const reply = z
    .object({ data: z.array(z.object({ documentId: z.string(), role: z.string() })) })
    .parse(messages.body)
    .data.find((message) => message.role === 'assistant');
  assert.ok(reply, 'the answer is saved');
  return { id, messageId: reply.documentId };
};

describe('practice', () => {
  test('a new student: every skill, none started, and no session without a skill (409)', async () => {
    const carol = await registerAccount(backend.url);
    const skills = await skillsOf(carol.jwt);
    assert.equal(skills.length, SKILL_COUNT);
    assert.ok(skills.every((skill) => skill.startedAt === null && !skill.due && skill.attempts === 0));
    assert.equal(skills[0]?.skill, 'arithmetic', 'the list order when nothing is started');
    const none = await sessionOf(carol.jwt);
    assert.equal(none.status, 409);
    assert.match(errorOf(none.body).message, /Ask a question in the chat first/);
  });

  test('the chat starts a skill with a solved, verified engine answer; a refusal starts nothing', async () => {
    await ask(alice.jwt, 'x^2 - 5x + 6 = 0');
    await ask(alice.jwt, 'what is the meaning of life');
    const started = (await skillsOf(alice.jwt)).filter((skill) => skill.startedAt !== null);
    assert.deepEqual(
      started.map((skill) => [skill.skill, skill.due, skill.attempts]),
      [['quadratic-equations', true, 0]],
    );
    const row = (await backend.strapi.db
      .query(STATE)
      .findOne({ where: { owner: { id: alice.user.id }, skill: 'quadratic-equations' } })) as {
      seedQuestion: string;
    } | null;
    assert.match(row?.seedQuestion ?? '', /x\^2 - 5x \+ 6 = 0/);
    // Asked again: still one row, the schedule unchanged.
    await ask(alice.jwt, 'Solve x^2 + x - 6 = 0');
    const rows = await backend.strapi.db
      .query(STATE)
      .count({ where: { owner: { id: alice.user.id }, skill: 'quadratic-equations' } });
    assert.equal(rows, 1);
  });

  test('a session of five from the due skill; answers right, right after hints and wrong move mastery and review', async () => {
    const questions = await questionsOf(alice.jwt);
    assert.equal(questions.length, 5);
    assert.ok(
      questions.every((question) => question.skill === 'quadratic-equations' && question.tool === 'math-solver'),
    );
    assert.equal(new Set(questions.map((question) => question.question)).size, 5, 'five different questions');
    assert.ok(
      questions.every((question) => question.hints.length > 0),
      'hints from the engine',
    );
    const [first, second, third] = questions;
    assert.ok(first && second && third);
    const before = (await skillsOf(alice.jwt)).find((skill) => skill.skill === 'quadratic-equations');
    assert.ok(before);

    const right = await answer(alice.jwt, { question: first.id, answer: await rightAnswerOf(first.id), hintsUsed: 0 });
    assert.equal(right.status, 200, JSON.stringify(right.body));
    const rightVerdict = Verdict.parse(right.body).data;
    assert.equal(rightVerdict.outcome, 'right');
    assert.equal(rightVerdict.correct, true);
    assert.deepEqual(rightVerdict.differences, []);
    assert.equal(rightVerdict.solution, await solutionOf(first.id));
    assert.ok(rightVerdict.progress.mastery > before.mastery, 'mastery rises');
    assert.equal(rightVerdict.progress.attempts, 1);
    assert.equal(rightVerdict.progress.due, false);
    const afterRight = Date.parse(rightVerdict.progress.nextReviewAt ?? '');
    assert.ok(afterRight > Date.now() + 23 * 3600_000, 'a right answer puts the review a day or more away');

    // Twice: 409, and nothing counted again.
    const again = await answer(alice.jwt, { question: first.id, answer: 'x = 1', hintsUsed: 0 });
    assert.equal(again.status, 409);
    assert.match(errorOf(again.body).message, /already answered/);

    // Equivalent forms are right: the roots in the other order.
    const roots = (await rightAnswerOf(second.id)).split(', ').reverse().join(', ');
    const hinted = await answer(alice.jwt, { question: second.id, answer: roots, hintsUsed: 2 });
    assert.equal(hinted.status, 200, JSON.stringify(hinted.body));
    const hintedVerdict = Verdict.parse(hinted.body).data;
    assert.equal(hintedVerdict.outcome, 'right-after-hints');
    assert.ok(hintedVerdict.progress.mastery > rightVerdict.progress.mastery);
    assert.ok(
      hintedVerdict.progress.mastery - rightVerdict.progress.mastery < rightVerdict.progress.mastery - before.mastery,
      'right after hints counts less than right',
    );

    const wrong = await answer(alice.jwt, { question: third.id, answer: 'x = 1000', hintsUsed: 0 });
    assert.equal(wrong.status, 200, JSON.stringify(wrong.body));
    const wrongVerdict = Verdict.parse(wrong.body).data;
    assert.equal(wrongVerdict.outcome, 'wrong');
    assert.equal(wrongVerdict.correct, false);
    assert.ok(wrongVerdict.differences.length > 0, 'where a wrong answer differs');
    assert.equal(wrongVerdict.solution, await solutionOf(third.id));
    assert.ok(wrongVerdict.progress.mastery < hintedVerdict.progress.mastery, 'mastery falls');
    assert.ok(
      Date.parse(wrongVerdict.progress.nextReviewAt ?? '') < Date.parse(hintedVerdict.progress.nextReviewAt ?? ''),
      'a wrong answer brings the review in',
    );
    assert.deepEqual([wrongVerdict.progress.attempts, wrongVerdict.progress.correct], [3, 2]);

    // Kept: the list says the same after the answers.
    const kept = (await skillsOf(alice.jwt)).find((skill) => skill.skill === 'quadratic-equations');
    assert.deepEqual(kept, wrongVerdict.progress);
  });

  test('two answers to one question at once: one is checked and counted, the other is 409', async () => {
    const [question] = await questionsOf(alice.jwt, { skill: 'integrals' });
    assert.ok(question);
    const right = await rightAnswerOf(question.id);
    const both = await Promise.all([
      answer(alice.jwt, { question: question.id, answer: right, hintsUsed: 0 }),
      answer(alice.jwt, { question: question.id, answer: right, hintsUsed: 0 }),
    ]);
    assert.deepEqual(both.map((res) => res.status).sort(), [200, 409]);
    const integrals = (await skillsOf(alice.jwt)).find((skill) => skill.skill === 'integrals');
    assert.deepEqual([integrals?.attempts, integrals?.correct], [1, 1]);
  });

  test('a given skill, started or not; no question repeated within a week', async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 3; round += 1) {
      const questions = await questionsOf(alice.jwt, { skill: 'linear-equations' });
      assert.equal(questions.length, 5);
      for (const question of questions) {
        assert.equal(question.skill, 'linear-equations');
        assert.ok(!seen.has(question.question), `repeated: ${question.question}`);
        seen.add(question.question);
      }
    }
    // Questions only issued (not answered) do not start the skill.
    const linear = (await skillsOf(alice.jwt)).find((skill) => skill.skill === 'linear-equations');
    assert.equal(linear?.startedAt, null);
    // A question issued eight days ago may come back; the filter is the week, not for ever.
    const recent = await backend.strapi.db.query(ISSUED).count({
      where: {
        owner: { id: alice.user.id },
        skill: 'linear-equations',
        issuedAt: { $gte: new Date(Date.now() - 7 * 86_400_000) },
      },
    });
    assert.equal(recent, 15);
  });

  test('the skills list: started first, soonest review first, then the rest in list order', async () => {
    const dave = await registerAccount(backend.url);
    await ask(dave.jwt, 'x^2 - 7x + 12 = 0');
    await ask(dave.jwt, 'What is the molar mass of H2SO4?', 'chemistry-solver');
    const [quadratic] = await questionsOf(dave.jwt, { skill: 'quadratic-equations' });
    assert.ok(quadratic);
    const res = await answer(dave.jwt, {
      question: quadratic.id,
      answer: await rightAnswerOf(quadratic.id),
      hintsUsed: 0,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const skills = await skillsOf(dave.jwt);
    assert.deepEqual(
      skills.slice(0, 3).map((skill) => [skill.skill, skill.due]),
      [
        ['molar-mass', true],
        ['quadratic-equations', false],
        ['arithmetic', false],
      ],
    );
    // With one skill due, the session's questions are all of it.
    const due = await questionsOf(dave.jwt);
    assert.ok(due.length > 0 && due.every((question) => question.skill === 'molar-mass'));
  });

  test('practice in a conversation counts for mastery, once per question', async () => {
    const erin = await registerAccount(backend.url);
    const { id, messageId } = await ask(erin.jwt, 'Solve 4x + 3 = 2x + 11');
    const practice = await call(backend.url, 'POST', `/api/conversations/${id}/messages/${messageId}/practice`, {
      token: erin.jwt,
    });
    const [first] = z
      .object({ practice: z.array(z.object({ question: z.string(), answer: z.string() })) })
      .parse(practice.body).practice;
    assert.ok(first);
    const path = `/api/conversations/${id}/messages/${messageId}/practice-attempts`;
    for (const attempt of [first.answer, first.answer, 'x = 1000']) {
      const res = await call(backend.url, 'POST', path, {
        token: erin.jwt,
        body: { question: first.question, answer: attempt },
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    const linear = (await skillsOf(erin.jwt)).find((skill) => skill.skill === 'linear-equations');
    assert.deepEqual([linear?.attempts, linear?.correct], [1, 1]);
  });

  test('requests are checked: 404 for an unknown question, 400 for a bad body', async () => {
    const unknown = await answer(alice.jwt, { question: 'no-such-question', answer: 'x = 1', hintsUsed: 0 });
    assert.equal(unknown.status, 404);
    assert.match(errorOf(unknown.body).message, /not found/);
    const [question] = await questionsOf(alice.jwt, { skill: 'molar-mass' });
    assert.ok(question);
    for (const body of [
      { question: question.id, answer: '   ', hintsUsed: 0 },
      { question: question.id, answer: '1', hintsUsed: -1 },
      { question: question.id, answer: '1', hintsUsed: 1.5 },
      { question: question.id, answer: '1' },
      [question.id],
    ]) {
      const res = await answer(alice.jwt, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.ok(errorOf(res.body).message.length > 0);
    }
    const long = await answer(alice.jwt, { question: question.id, answer: '1'.repeat(501), hintsUsed: 0 });
    assert.equal(long.status, 413);
    const badSkill = await sessionOf(alice.jwt, { skill: 'astrology' });
    assert.equal(badSkill.status, 400);
    assert.match(errorOf(badSkill.body).message, /skill must be one of/);
    // Nothing refused used the question up.
    const ok = await answer(alice.jwt, {
      question: question.id,
      answer: await rightAnswerOf(question.id),
      hintsUsed: 0,
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  });

  test('another account can read none of it and answer none of it; signed out, nothing', async () => {
    const [question] = await questionsOf(alice.jwt, { skill: 'factoring' });
    assert.ok(question);
    // Bob has started nothing: Alice's skills are not his.
    assert.ok((await skillsOf(bob.jwt)).every((skill) => skill.startedAt === null));
    assert.equal((await sessionOf(bob.jwt)).status, 409);
    const stolen = await answer(bob.jwt, {
      question: question.id,
      answer: await rightAnswerOf(question.id),
      hintsUsed: 0,
    });
    assert.equal(stolen.status, 404);
    assert.ok((await skillsOf(bob.jwt)).every((skill) => skill.attempts === 0));
    // Alice can still answer it: Bob's try did not use it up.
    const own = await answer(alice.jwt, { question: question.id, answer: 'x', hintsUsed: 0 });
    assert.equal(own.status, 200, JSON.stringify(own.body));

    assert.ok([401, 403].includes((await call(backend.url, 'GET', '/api/practice/skills')).status));
    assert.ok([401, 403].includes((await call(backend.url, 'POST', '/api/practice/session', { body: {} })).status));
    assert.ok(
      [401, 403].includes((await answer(undefined, { question: question.id, answer: 'x', hintsUsed: 0 })).status),
    );
  });
});
