import { CheckResultSchema, CheckStepResultSchema, PracticeResultSchema, type ToolId } from '@studyease/contract';
import { api, type ApiClient } from './client';

export type {
  Check,
  CheckResult,
  CheckStepResult,
  MathText,
  PracticeQuestion,
  Step,
  TutorAnswer,
} from '@studyease/contract';

/** The public tutor calls the chat uses besides the conversation stream. */
export function createTutorApi(client: ApiClient) {
  return {
    /** Is the student's answer to a (practice) question right, and where does it differ? */
    check: (tool: ToolId, question: string, answer: string, signal?: AbortSignal) =>
      client.request(
        '/tutor/check',
        { method: 'POST', body: { tool, question, answer }, ...(signal ? { signal } : {}) },
        CheckResultSchema,
      ),
    /** "Check my step": is the student's own next line right (same solutions), and if not, where did it go wrong? */
    checkStep: (tool: ToolId, question: string, step: string) =>
      client.request('/tutor/check-step', { method: 'POST', body: { tool, question, step } }, CheckStepResultSchema),
    /** Three questions like this one, each solved and checked by the engine (none for the model-only tools). */
    practice: (tool: ToolId, question: string) =>
      client.request('/tutor/practice', { method: 'POST', body: { tool, question } }, PracticeResultSchema),
  };
}

export type TutorApi = ReturnType<typeof createTutorApi>;
export const tutorApi: TutorApi = createTutorApi(api);
