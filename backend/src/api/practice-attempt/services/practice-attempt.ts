import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  MAX_ATTEMPTS_PER_MESSAGE,
  type PracticeAttempt,
  type PracticeQuestion,
  type ToolId,
  type TutorAnswer,
} from '@studyease/contract';
import { TutorConfigSchema } from '../../../tutor/config';
import { checkInPool, practiceInPool } from '../../../tutor/pool';
import { type ConversationRow, MESSAGE, type MessageRow } from '../../conversation/rows';
import type practiceService from '../../practice/services/practice';

export const PRACTICE_ATTEMPT = 'api::practice-attempt.practice-attempt';

/** An attempt as the query engine reads it, with its conversation's and message's documentIds. */
interface AttemptRow {
  id: number;
  documentId: string;
  toolSlug: ToolId;
  question: string;
  answer: string;
  correct: boolean;
  differences: unknown;
  createdAt: string | Date;
  conversation: { documentId: string } | null;
  message: { documentId: string } | null;
}

const ATTEMPT_FIELDS = ['id', 'documentId', 'toolSlug', 'question', 'answer', 'correct', 'differences', 'createdAt'];
const POPULATE = { conversation: { select: ['documentId'] }, message: { select: ['documentId'] } };

/** An attempt as the API answers it. */
const attemptView = (row: AttemptRow): PracticeAttempt => ({
  id: row.id,
  documentId: row.documentId,
  conversation: row.conversation?.documentId ?? '',
  message: row.message?.documentId ?? null,
  tool: row.toolSlug,
  question: row.question,
  answer: row.answer,
  correct: row.correct,
  // Written below from the engine's CheckResult: an array of sentences.
  differences: Array.isArray(row.differences) ? row.differences.filter((d): d is string => typeof d === 'string') : [],
  createdAt: new Date(row.createdAt).toISOString(),
});

/** An engine's solved answer kept on an assistant message: the only kind that offers practice. */
type PracticeMessage = Pick<MessageRow, 'id' | 'documentId'> & { answer: TutorAnswer };

/**
 * Practice questions and the student's attempts at them. Every function takes the owner (and, for the chat's
 * routes, the conversation the route policy `is-own-conversation` already found to be theirs) and reads or writes
 * only rows of that owner: issue #16's practice page can call `record` and `list` without a conversation.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const attempts = () => strapi.db.query(PRACTICE_ATTEMPT);
  const messages = () => strapi.db.query(MESSAGE);
  const settings = () => TutorConfigSchema.parse(strapi.config.get('tutor'));

  /**
   * The conversation's assistant message `messageId` with an engine's solved answer.
   * @throws {errors.NotFoundError} for any other (another conversation's, a question, a model's answer)
   */
  const practiceMessage = async (conversation: ConversationRow, messageId: string): Promise<PracticeMessage> => {
    const row = (await messages().findOne({
      select: ['id', 'documentId', 'answer'],
      where: { documentId: messageId, conversation: { id: conversation.id }, role: 'assistant' },
    })) as (Pick<MessageRow, 'id' | 'documentId'> & { answer: TutorAnswer | null }) | null;
    const answer = row?.answer;
    if (!row || answer?.status !== 'solved' || answer.source !== 'engine') {
      throw new errors.NotFoundError('This answer has no practice questions');
    }
    return { ...row, answer };
  };

  return {
    /**
     * The practice questions of an answer, made by the engine the first time they are asked for and kept on the
     * message (in its answer's `practice`), so the conversation shows the same ones when it is opened again.
     */
    async questionsOf(conversation: ConversationRow, messageId: string): Promise<PracticeQuestion[]> {
      const message = await practiceMessage(conversation, messageId);
      if (message.answer.practice.length > 0) return message.answer.practice;
      const practice = await practiceInPool(message.answer.tool, message.answer.question.text, settings());
      // None made (or the time ran out): nothing is kept, so a later request tries again.
      if (practice.length > 0) {
        await messages().update({ where: { id: message.id }, data: { answer: { ...message.answer, practice } } });
      }
      return practice;
    },

    /**
     * Checks the student's answer to one of the message's practice questions with the engine, keeps the attempt
     * and returns it with the verdict.
     * @throws {errors.ValidationError} for a question the message does not offer, or past MAX_ATTEMPTS_PER_MESSAGE
     */
    async recordInConversation(
      owner: number,
      conversation: ConversationRow,
      messageId: string,
      question: string,
      answer: string,
    ): Promise<PracticeAttempt> {
      const message = await practiceMessage(conversation, messageId);
      const offered = message.answer.practice.find((item) => item.question === question);
      if (!offered) {
        throw new errors.ValidationError('question must be one of the practice questions of this answer');
      }
      const kept = await attempts().count({ where: { owner: { id: owner }, message: { id: message.id } } });
      if (kept >= MAX_ATTEMPTS_PER_MESSAGE) {
        throw new errors.ValidationError(
          `You have answered these questions ${MAX_ATTEMPTS_PER_MESSAGE} times: ask a new question to practise more.`,
        );
      }
      // Only the first answer to a question counts for mastery (issue #16): answering it again once its verdict is
      // known proves nothing.
      const first =
        (await attempts().count({ where: { owner: { id: owner }, message: { id: message.id }, question } })) === 0;
      const attempt = await this.record(owner, message.answer.tool, question, answer, { conversation, message });
      const skill = offered.skill ?? message.answer.skill;
      if (first && skill) {
        const practice = strapi.service('api::practice.practice') as unknown as ReturnType<typeof practiceService>;
        await practice.recordOutcome(owner, skill, attempt.correct ? 'right' : 'wrong', new Date());
      }
      return attempt;
    },

    /** Checks and keeps one attempt of `owner` (issue #16's practice calls this without a conversation). */
    async record(
      owner: number,
      tool: ToolId,
      question: string,
      answer: string,
      where: { conversation?: ConversationRow; message?: Pick<MessageRow, 'id'> } = {},
    ): Promise<PracticeAttempt> {
      const verdict = await checkInPool(tool, question, answer, settings());
      const created = (await attempts().create({
        select: ['id'],
        data: {
          owner,
          conversation: where.conversation?.id ?? null,
          message: where.message?.id ?? null,
          toolSlug: tool,
          question,
          answer,
          correct: verdict.correct,
          differences: verdict.correct ? [] : verdict.differences,
          publishedAt: new Date(),
        },
      })) as { id: number };
      const row = (await attempts().findOne({
        select: ATTEMPT_FIELDS,
        where: { id: created.id },
        populate: POPULATE,
      })) as AttemptRow;
      return attemptView(row);
    },

    /** The owner's attempts, oldest first; only those in `conversation` when it is given. */
    async list(owner: number, conversation?: ConversationRow): Promise<PracticeAttempt[]> {
      const rows = (await attempts().findMany({
        select: ATTEMPT_FIELDS,
        where: { owner: { id: owner }, ...(conversation ? { conversation: { id: conversation.id } } : {}) },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        populate: POPULATE,
      })) as AttemptRow[];
      return rows.map(attemptView);
    },
  };
};
