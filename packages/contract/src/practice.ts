import * as z from 'zod/mini';
import { SkillIdSchema, ToolIdSchema } from './answer';
import { requiredText } from './requests';

/**
 * Practice in a conversation (docs/api.md, "Practice attempts"): the questions an answer offers, kept on its message,
 * and every answer the student gave to one of them, checked by the engine and kept for its owner only. Issue #16's
 * mastery reads the same attempts.
 */

/** Longest answer to a practice question, in characters (the answer box's maxlength; longer is 413). */
export const MAX_PRACTICE_ANSWER_LENGTH = 500;
/** Most attempts kept per answer's practice; past it a new attempt is refused (400), the kept ones stay. */
export const MAX_ATTEMPTS_PER_MESSAGE = 100;

/** POST /api/conversations/:id/messages/:messageId/practice-attempts. */
export const RecordAttemptSchema = z.object({ question: requiredText('question'), answer: requiredText('answer') });
export type RecordAttempt = z.output<typeof RecordAttemptSchema>;

/** One answer to a practice question, as the API answers it. */
export const PracticeAttemptSchema = z.object({
  id: z.number(),
  documentId: z.string(),
  /** The conversation's documentId. */
  conversation: z.string(),
  /** The assistant message whose practice it answers (its documentId). */
  message: z.nullable(z.string()),
  tool: ToolIdSchema,
  question: z.string(),
  /** What the student typed. */
  answer: z.string(),
  correct: z.boolean(),
  /** Where a wrong answer differs, in the engine's words (empty when correct). */
  differences: z.array(z.string()),
  createdAt: z.string(),
});
export type PracticeAttempt = z.output<typeof PracticeAttemptSchema>;

/** GET /api/conversations/:id/practice-attempts: oldest first. */
export const PracticeAttemptListSchema = z.object({ data: z.array(PracticeAttemptSchema) });
/** POST …/practice-attempts answers 201 with the attempt and its verdict. */
export const PracticeAttemptResultSchema = z.object({ data: PracticeAttemptSchema });

/*
 * Practice that comes back (issue #16; docs/api.md, "Practice"): skills with a mastery estimate and a review date per
 * student, sessions of questions generated fresh for the due skills, and an answer endpoint that checks, updates the
 * mastery and schedules the next review. Owner-only, like everything a student keeps.
 */

/** How many questions a practice session has. */
export const PRACTICE_SESSION_SIZE = 5;

/** One skill as one student stands with it (GET /api/practice/skills lists every skill, the started ones first). */
export const SkillProgressSchema = z.object({
  skill: SkillIdSchema,
  name: z.string(),
  tool: ToolIdSchema,
  /** The probability that the student knows it (Bayesian knowledge tracing, docs/api.md), 0 to 1. */
  mastery: z.number(),
  /** Mastery at or above the documented threshold. */
  mastered: z.boolean(),
  /** Practice answers given, and how many of them were right (with or without hints). */
  attempts: z.number(),
  correct: z.number(),
  /** When the student first met it (asked a question of it or practised it), ISO; null: never. */
  startedAt: z.nullable(z.string()),
  lastPracticedAt: z.nullable(z.string()),
  /** When it is next due, ISO; null when not started. */
  nextReviewAt: z.nullable(z.string()),
  /** Started and its review date has come. */
  due: z.boolean(),
});
export type SkillProgress = z.output<typeof SkillProgressSchema>;
export const SkillProgressListSchema = z.object({ data: z.array(SkillProgressSchema) });

/** POST /api/practice/session: the due skills mixed when `skill` is absent, else that skill only. */
export const PracticeSessionRequestSchema = z.object({ skill: z.optional(SkillIdSchema) });
export type PracticeSessionRequest = z.output<typeof PracticeSessionRequestSchema>;

/** A question issued to the student; its answer stays on the server until the student has answered. */
export const IssuedQuestionSchema = z.object({
  /** The issued question's id, sent back with the answer. */
  id: z.string(),
  skill: SkillIdSchema,
  tool: ToolIdSchema,
  question: z.string(),
  /** The engine's hint ladder, shown one at a time on request. */
  hints: z.array(z.string()),
});
export type IssuedQuestion = z.output<typeof IssuedQuestionSchema>;
export const PracticeSessionSchema = z.object({ data: z.object({ questions: z.array(IssuedQuestionSchema) }) });
export type PracticeSession = z.output<typeof PracticeSessionSchema>['data'];

/** POST /api/practice/answer: one answer per issued question (a second one is 409). */
export const PracticeAnswerRequestSchema = z.object({
  question: requiredText('question'),
  answer: requiredText('answer'),
  /** How many hints the student opened before answering. */
  hintsUsed: z.int().check(z.minimum(0, 'hintsUsed must be 0 or more'), z.maximum(20, 'hintsUsed must be at most 20')),
});
export type PracticeAnswerRequest = z.output<typeof PracticeAnswerRequestSchema>;

/** How an answer counts for mastery: right, right after opening hints, or wrong. */
export const PracticeOutcomeSchema = z.enum(['right', 'right-after-hints', 'wrong']);
export type PracticeOutcome = z.output<typeof PracticeOutcomeSchema>;

export const PracticeVerdictSchema = z.object({
  data: z.object({
    outcome: PracticeOutcomeSchema,
    correct: z.boolean(),
    /** Where a wrong answer differs, in the engine's words, without giving the answer away. */
    differences: z.array(z.string()),
    /** The engine's answer, shown once the question is answered. */
    solution: z.string(),
    /** The skill after this answer: its new mastery and next review. */
    progress: SkillProgressSchema,
  }),
});
export type PracticeVerdict = z.output<typeof PracticeVerdictSchema>['data'];

/**
 * DELETE /api/account (docs/api.md, "Your data"): the account's username typed again, exactly, so a stray request
 * never deletes it (400 when it does not match).
 */
export const DeleteAccountRequestSchema = z.object({ confirm: z.string({ error: 'confirm must be your username' }) });
export type DeleteAccountRequest = z.output<typeof DeleteAccountRequestSchema>;
