import type { ToolId } from '@/lib/tools';
import { api, type ApiClient } from './client';

// The wire shapes of the tutor's answer contract (backend/src/tutor/contract.ts, documented in backend/README.md).

export interface MathText {
  text: string;
  latex: string;
}

export interface Step {
  title: string;
  explanation: string;
  latex?: string;
}

/** A real check of the answer; it can fail. */
export interface Check {
  kind: string;
  passed: boolean;
  detail: string;
}

export interface PracticeQuestion {
  question: string;
  answer: string;
  verified: boolean;
}

export interface TutorAnswer {
  tool: ToolId;
  kind: string;
  question: MathText;
  status: 'solved' | 'unsupported' | 'invalid';
  answer: MathText | null;
  steps: Step[];
  checks: Check[];
  /** True only when there is at least one check and every check passed. */
  verified: boolean;
  hints: string[];
  practice: PracticeQuestion[];
  source: 'engine' | 'model';
  reason?: string;
}

export interface CheckResult {
  correct: boolean;
  /** Where a wrong answer differs (empty when correct). */
  differences: string[];
}

/** The public tutor calls the chat uses besides the conversation stream. */
export function createTutorApi(client: ApiClient) {
  return {
    /** Is the student's answer to a (practice) question right, and where does it differ? */
    check: (tool: ToolId, question: string, answer: string, signal?: AbortSignal) =>
      client.request<CheckResult>('/tutor/check', {
        method: 'POST',
        body: { tool, question, answer },
        ...(signal ? { signal } : {}),
      }),
    /** Three questions like this one, each solved and checked by the engine (none for the model-only tools). */
    practice: (tool: ToolId, question: string) =>
      client.request<{ practice: PracticeQuestion[] }>('/tutor/practice', { method: 'POST', body: { tool, question } }),
  };
}

export type TutorApi = ReturnType<typeof createTutorApi>;
export const tutorApi: TutorApi = createTutorApi(api);
