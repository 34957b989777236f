import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  type IssuedQuestion,
  PRACTICE_SESSION_SIZE,
  type PracticeOutcome,
  type PracticeQuestion,
  type PracticeVerdict,
  SKILLS,
  type SkillId,
  type SkillProgress,
  skillById,
  type ToolId,
} from '@studyease/contract';
import type { Card } from 'ts-fsrs';
import { TutorConfigSchema } from '../../../tutor/config';
import { checkInPool, skillPracticeInPool, solveInPool } from '../../../tutor/pool';
import { BKT, cardFrom, isMastered, newCard, scheduleAfter, updateMastery } from '../mastery';

export const SKILL_STATE = 'api::practice.skill-state';
export const ISSUED_QUESTION = 'api::practice.issued-question';

/** No question is issued to the same student twice within this time (issue #16: no repeated numbers in a week). */
export const NO_REPEAT_MS = 7 * 24 * 60 * 60 * 1000;

/** A 409 the controller answers with this message (Strapi's errors have no conflict of their own). */
export class PracticeConflict extends Error {}

/** A skill's row as the query engine reads it. */
export interface SkillStateRow {
  id: number;
  skill: string;
  mastery: number;
  attempts: number;
  correct: number;
  startedAt: string | Date;
  lastPracticedAt: string | Date | null;
  nextReviewAt: string | Date;
  card: unknown;
  seedQuestion: string | null;
}

/** An issued question's row as the query engine reads it. */
export interface IssuedQuestionRow {
  id: number;
  documentId: string;
  skill: string;
  toolSlug: ToolId;
  question: string;
  solution: string;
  hints: unknown;
  issuedAt: string | Date;
  answeredAt: string | Date | null;
  answer: string | null;
  hintsUsed: number | null;
  outcome: PracticeOutcome | null;
  differences: unknown;
}

export const STATE_FIELDS = [
  'id',
  'skill',
  'mastery',
  'attempts',
  'correct',
  'startedAt',
  'lastPracticedAt',
  'nextReviewAt',
  'card',
  'seedQuestion',
];
export const ISSUED_FIELDS = [
  'id',
  'documentId',
  'skill',
  'toolSlug',
  'question',
  'solution',
  'hints',
  'issuedAt',
  'answeredAt',
  'answer',
  'hintsUsed',
  'outcome',
  'differences',
];

const iso = (value: string | Date): string => new Date(value).toISOString();
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** One skill as the student stands with it; a skill not started has BKT's prior and no dates. */
export function progressView(skill: SkillId, row: SkillStateRow | undefined, now: Date): SkillProgress {
  const { name, tool } = skillById(skill) ?? { name: skill, tool: 'math-solver' as const };
  const mastery = row ? row.mastery : BKT.prior;
  return {
    skill,
    name,
    tool,
    mastery,
    mastered: isMastered(mastery),
    attempts: row?.attempts ?? 0,
    correct: row?.correct ?? 0,
    startedAt: row ? iso(row.startedAt) : null,
    lastPracticedAt: row?.lastPracticedAt ? iso(row.lastPracticedAt) : null,
    nextReviewAt: row ? iso(row.nextReviewAt) : null,
    due: row ? new Date(row.nextReviewAt).getTime() <= now.getTime() : false,
  };
}

/** How many questions of a session each skill gets: round robin, the first (soonest due) first. */
export function shareOut(skills: readonly SkillId[], size: number): Map<SkillId, number> {
  const share = new Map<SkillId, number>();
  const mixed = skills.slice(0, size);
  for (let index = 0; index < size && mixed.length > 0; index += 1) {
    const skill = mixed[index % mixed.length];
    if (skill !== undefined) share.set(skill, (share.get(skill) ?? 0) + 1);
  }
  return share;
}

/**
 * Writes to one student's skill run one after another in this process, so two answers at once cannot both read the
 * same mastery and lose one update (or create the skill's row twice).
 */
const queues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const next = before.then(work, work);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

/**
 * Practice that comes back (issue #16): every function takes the owner (the signed-in student, from the jwt) and
 * reads or writes only that owner's rows, so no id in a request can reach another student's data.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const states = () => strapi.db.query(SKILL_STATE);
  const issued = () => strapi.db.query(ISSUED_QUESTION);
  const settings = () => TutorConfigSchema.parse(strapi.config.get('tutor'));

  const statesOf = async (owner: number): Promise<SkillStateRow[]> =>
    (await states().findMany({ select: STATE_FIELDS, where: { owner: { id: owner } } })) as SkillStateRow[];

  const stateOf = async (owner: number, skill: SkillId): Promise<SkillStateRow | undefined> =>
    ((await states().findOne({ select: STATE_FIELDS, where: { owner: { id: owner }, skill } })) ?? undefined) as
      SkillStateRow | undefined;

  /** A new skill row: started now, due now, BKT's prior. */
  const createState = async (owner: number, skill: SkillId, seedQuestion: string | null, now: Date) => {
    const card = newCard(now);
    await states().create({
      data: {
        owner,
        skill,
        mastery: BKT.prior,
        attempts: 0,
        correct: 0,
        startedAt: now,
        lastPracticedAt: null,
        nextReviewAt: card.due,
        card,
        seedQuestion,
        publishedAt: now,
      },
    });
  };

  return {
    /** Every skill with the student's progress: started ones first (soonest due first), then the rest in list order. */
    async skills(owner: number, now: Date): Promise<SkillProgress[]> {
      const rows = new Map((await statesOf(owner)).map((row) => [row.skill, row]));
      const all = SKILLS.map((skill) => progressView(skill.id, rows.get(skill.id), now));
      const started = all
        .filter((progress) => progress.nextReviewAt !== null)
        .sort((a, b) => (a.nextReviewAt ?? '').localeCompare(b.nextReviewAt ?? ''));
      return [...started, ...all.filter((progress) => progress.nextReviewAt === null)];
    },

    /**
     * The chat saved a solved, verified engine answer of this skill: the skill is started (due now) with the
     * question as its seed; one already started keeps its schedule and only takes the newer question as its seed.
     */
    async start(owner: number, skill: SkillId, seedQuestion: string, now: Date): Promise<void> {
      await oneAtATime(`${owner}:${skill}`, async () => {
        const row = await stateOf(owner, skill);
        if (row) await states().update({ where: { id: row.id }, data: { seedQuestion } });
        else await createState(owner, skill, seedQuestion, now);
      });
    },

    /**
     * One practice answer of the skill: its attempts, mastery (mastery.ts) and next review, starting the skill first
     * if need be.
     */
    async recordOutcome(owner: number, skill: SkillId, outcome: PracticeOutcome, now: Date): Promise<SkillProgress> {
      return oneAtATime(`${owner}:${skill}`, async () => {
        let row = await stateOf(owner, skill);
        if (!row) {
          await createState(owner, skill, null, now);
          row = await stateOf(owner, skill);
        }
        if (!row) throw new Error(`the skill state of ${skill} was not saved`);
        const card: Card = scheduleAfter(cardFrom(row.card, now), outcome, now);
        const data = {
          mastery: updateMastery(row.mastery, outcome),
          attempts: row.attempts + 1,
          correct: row.correct + (outcome === 'wrong' ? 0 : 1),
          lastPracticedAt: now,
          nextReviewAt: card.due,
          card,
        };
        await states().update({ where: { id: row.id }, data });
        return progressView(skill, { ...row, ...data }, now);
      });
    },

    /**
     * A session: PRACTICE_SESSION_SIZE fresh questions of `skill`, or else mixed from the due skills (soonest first),
     * or when none is due from the started skills soonest due. Each one is made and verified by the skill's engine,
     * solved again for its hints, none issued to the student in the last NO_REPEAT_MS; fewer only when the engine
     * could not make more.
     * @throws {PracticeConflict} with no `skill` and no skill started yet
     */
    async session(owner: number, skill: SkillId | undefined, now: Date): Promise<IssuedQuestion[]> {
      const rows = await statesOf(owner);
      const seeds = new Map(rows.map((row) => [row.skill, row.seedQuestion]));
      let plan: SkillId[];
      if (skill) {
        plan = [skill];
      } else {
        const started = rows
          .filter((row) => skillById(row.skill))
          .sort((a, b) => new Date(a.nextReviewAt).getTime() - new Date(b.nextReviewAt).getTime());
        if (started.length === 0) {
          throw new PracticeConflict(
            'You have no skills to practise yet. Ask a question in the chat first, or pick a skill to practise.',
          );
        }
        const due = started.filter((row) => new Date(row.nextReviewAt).getTime() <= now.getTime());
        plan = (due.length > 0 ? due : started).map((row) => row.skill as SkillId);
      }

      const recent = (await issued().findMany({
        select: ['question'],
        where: { owner: { id: owner }, issuedAt: { $gte: new Date(now.getTime() - NO_REPEAT_MS) } },
      })) as { question: string }[];
      const avoid = new Set(recent.map((row) => row.question));
      const tutor = settings();

      /** Up to `count` new questions of `id`, each verified, with its hints; none in `avoid` (which it adds to). */
      const make = async (id: SkillId, count: number, round: number) => {
        const made = await skillPracticeInPool(
          id,
          {
            seedQuestion: seeds.get(id) ?? undefined,
            seed: `${owner}:${now.getTime()}:${round}`,
            count,
            avoid: [...avoid],
          },
          tutor,
        );
        const fresh = made.filter((item) => item.verified && item.skill === id && !avoid.has(item.question));
        const unique = fresh.filter((item, index) => fresh.findIndex((x) => x.question === item.question) === index);
        const solved = await Promise.all(
          unique.slice(0, count).map(async (item: PracticeQuestion) => {
            const answer = await solveInPool(skillById(id)?.tool ?? 'math-solver', item.question, undefined, tutor);
            // Issued only when the engine solves and verifies it again here: a Checked question, never a guess.
            return answer.status === 'solved' && answer.verified ? { item, hints: answer.hints } : null;
          }),
        );
        const kept = solved.filter((entry) => entry !== null).filter((entry) => !avoid.has(entry.item.question));
        for (const entry of kept) avoid.add(entry.item.question);
        return kept.map((entry) => ({ skill: id, ...entry }));
      };

      const share = shareOut(plan, PRACTICE_SESSION_SIZE);
      const questions = (await Promise.all([...share].map(([id, count]) => make(id, count, 0)))).flat();
      // A skill that made fewer: the others (or it, with a new seed) make up the difference, once.
      const missing = PRACTICE_SESSION_SIZE - questions.length;
      if (missing > 0) {
        for (const id of share.keys()) {
          const wanted = PRACTICE_SESSION_SIZE - questions.length;
          if (wanted <= 0) break;
          questions.push(...(await make(id, wanted, 1)));
        }
      }

      const result: IssuedQuestion[] = [];
      for (const { skill: id, item, hints } of questions.slice(0, PRACTICE_SESSION_SIZE)) {
        const tool = skillById(id)?.tool ?? 'math-solver';
        const created = (await issued().create({
          select: ['documentId'],
          data: {
            owner,
            skill: id,
            toolSlug: tool,
            question: item.question,
            solution: item.answer,
            hints,
            issuedAt: now,
            publishedAt: now,
          },
        })) as { documentId: string };
        result.push({ id: created.documentId, skill: id, tool, question: item.question, hints });
      }
      return result;
    },

    /**
     * Checks the answer to an issued question with the engine, keeps it, and moves the skill's mastery and review.
     * @throws {errors.NotFoundError} for a question not issued to this student
     * @throws {PracticeConflict} when it was answered already
     */
    async answer(
      owner: number,
      body: { question: string; answer: string; hintsUsed: number },
      now: Date,
    ): Promise<PracticeVerdict> {
      const row = (await issued().findOne({
        select: ISSUED_FIELDS,
        where: { documentId: body.question, owner: { id: owner } },
      })) as IssuedQuestionRow | null;
      const skill = row ? skillById(row.skill) : undefined;
      if (!row || !skill) throw new errors.NotFoundError('This practice question was not found');
      // Claimed before the (slow) check, in one UPDATE: of two answers sent at once, one wins and the other is 409.
      const claimed = await issued().updateMany({
        where: { id: row.id, answeredAt: { $null: true } },
        data: { answeredAt: now },
      });
      if (claimed.count !== 1) throw new PracticeConflict('You have already answered this question.');
      let verdict;
      try {
        verdict = await checkInPool(row.toolSlug, row.question, body.answer, settings());
      } catch (error) {
        // Not checked: the question can be answered again.
        await issued().updateMany({ where: { id: row.id }, data: { answeredAt: null } });
        throw error;
      }
      const outcome: PracticeOutcome = !verdict.correct ? 'wrong' : body.hintsUsed > 0 ? 'right-after-hints' : 'right';
      const differences = verdict.correct ? [] : verdict.differences;
      await issued().update({
        where: { id: row.id },
        data: { answer: body.answer, hintsUsed: body.hintsUsed, outcome, differences },
      });
      const progress = await this.recordOutcome(owner, skill.id, outcome, now);
      return { outcome, correct: verdict.correct, differences, solution: row.solution, progress };
    },

    /** The student's issued questions, oldest first; the solution only of those answered (export). */
    async issuedOf(owner: number) {
      const rows = (await issued().findMany({
        select: ISSUED_FIELDS,
        where: { owner: { id: owner } },
        orderBy: [{ issuedAt: 'asc' }, { id: 'asc' }],
      })) as IssuedQuestionRow[];
      return rows.map((row) => ({
        id: row.documentId,
        skill: row.skill,
        tool: row.toolSlug,
        question: row.question,
        hints: strings(row.hints),
        issuedAt: iso(row.issuedAt),
        answeredAt: row.answeredAt ? iso(row.answeredAt) : null,
        answer: row.answer,
        hintsUsed: row.hintsUsed,
        outcome: row.outcome,
        differences: strings(row.differences),
        solution: row.answeredAt ? row.solution : null,
      }));
    },
  };
};
