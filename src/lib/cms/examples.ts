// Build-time worked examples: questions solved by the backend's tutor API while `astro build` runs, so the home
// and tool pages show real, checked answers of the engine they advertise. Runs in Node, never in a browser.
import type { TutorAnswer } from '@/lib/api/tutor';
import type { ToolId } from '@/lib/tools';
import { CmsUnavailableError, cmsOptional, cmsUrl } from './client';

/** Engines may take a few seconds on a cold worker pool; the backend's own limit per problem is 3 s. */
const TIMEOUT_MS = 30_000;

/**
 * An engine busy with other work can run out of its time limit (TUTOR_TIMEOUT_MS) and call the question
 * unsupported, and the backend then hands it to the AI model: such an answer is asked again, a few times.
 */
const ATTEMPTS = 3;
const RETRY_DELAY_MS = 1_000;

/** One build asks each question once, however many pages show it (home and the math page share one). */
const solved = new Map<string, Promise<TutorAnswer | null>>();

/**
 * A worked example: POST `/api/tutor/solve` on the backend the site is built against.
 * @returns the offline engine's solved answer, or null when the build may go without content (`CMS_OPTIONAL=1`:
 * lint and typecheck)
 * @throws {CmsUnavailableError} when the backend does not answer with a 2xx JSON answer
 * @throws {Error} when the engine did not solve the example: a page must not advertise a refusal, nor present a
 * model's words as the engine's checked work
 */
export function solveExample(tool: ToolId, question: string): Promise<TutorAnswer | null> {
  const key = `${tool}\n${question}`;
  let answer = solved.get(key);
  if (!answer) {
    answer = solveWithEngine(tool, question);
    solved.set(key, answer);
  }
  return answer;
}

async function solveWithEngine(tool: ToolId, question: string): Promise<TutorAnswer | null> {
  let answer: TutorAnswer | null = null;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    answer = await request(tool, question);
    if (!answer || (answer.status === 'solved' && answer.source === 'engine')) return answer;
    if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  }
  throw new Error(
    `The worked example "${question}" (${tool}) was not solved by the engine (${answer?.status ?? 'no answer'}, ` +
      `from the ${answer?.source ?? 'unknown'}: ${answer?.reason ?? 'no reason'}). Pick an example the engine ` +
      'solves (src/lib/toolContent.ts), or build when the backend is less busy.',
  );
}

async function request(tool: ToolId, question: string): Promise<TutorAnswer | null> {
  const url = `${cmsUrl()}/api/tutor/solve`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ tool, question }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    if (cmsOptional()) return null;
    throw new CmsUnavailableError(url, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    if (cmsOptional()) return null;
    throw new CmsUnavailableError(url, `HTTP ${String(response.status)}`);
  }
  try {
    return (await response.json()) as TutorAnswer;
  } catch {
    if (cmsOptional()) return null;
    throw new CmsUnavailableError(url, 'the answer is not JSON');
  }
}
