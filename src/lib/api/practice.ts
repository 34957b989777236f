import {
  type PracticeAnswerRequest,
  PracticeSessionSchema,
  PracticeVerdictSchema,
  type SkillId,
  SkillProgressListSchema,
} from '@studyease/contract';
import { api, type ApiClient } from './client';

export type {
  IssuedQuestion,
  PracticeAnswerRequest,
  PracticeOutcome,
  PracticeVerdict,
  SkillId,
  SkillProgress,
} from '@studyease/contract';

/**
 * The practice calls (issue #16): the student's skills with their mastery and review dates, a session of questions,
 * and the verdict on an answer. Owner-only: the backend answers for the signed-in student alone.
 * @throws {import('./errors').ApiError} on any failure
 */
export function createPracticeApi(client: ApiClient) {
  return {
    /** Every skill: started ones first, then by due date. */
    skills: () => client.request('/practice/skills', {}, SkillProgressListSchema),
    /** A session of questions: the due skills mixed, or the given skill only. */
    session: (skill?: SkillId) =>
      client.request(
        '/practice/session',
        { method: 'POST', body: skill === undefined ? {} : { skill } },
        PracticeSessionSchema,
      ),
    /** Checks an answer to an issued question; the backend keeps it and updates the skill. */
    answer: (body: PracticeAnswerRequest) =>
      client.request('/practice/answer', { method: 'POST', body }, PracticeVerdictSchema),
  };
}

export type PracticeApi = ReturnType<typeof createPracticeApi>;
export const practiceApi: PracticeApi = createPracticeApi(api);
