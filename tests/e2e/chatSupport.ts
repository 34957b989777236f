import { expect, type Page } from '@playwright/test';
import { e2eEnv } from './support';

/** The e2e backend's fake AI model (tools/fake-model.ts): what it answers and how. */
export interface ModelSettings {
  mode?: 'ok' | 'error-500' | 'slow' | 'cut';
  reply?: string;
  chunks?: string[] | null;
  chunkDelayMs?: number;
  /** After this many chunks the stream waits until releaseModel(); null: never. */
  holdAfter?: number | null;
  /**
   * Hold and count only the request asking this (the test's own question): the try box tests of landing.spec.ts
   * share the model from another worker, and their requests must neither wait nor count.
   */
  holdFor?: string | null;
}

/** Sets the fake model; what is not given goes back to its default (a whole answer, no hold). */
export async function setModel(settings: ModelSettings): Promise<void> {
  const response = await fetch(`${e2eEnv('E2E_MODEL_URL')}/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chunks: null, chunkDelayMs: 2, holdAfter: null, holdFor: null, mode: 'ok', ...settings }),
  });
  expect(response.status).toBe(200);
}

/** What the fake model reports: chunks written since it was last set, and whether a stream waits at `holdAfter`. */
export interface ModelState {
  sent: number;
  held: boolean;
}

/** @returns the fake model's state now */
export async function modelState(): Promise<ModelState> {
  const response = await fetch(`${e2eEnv('E2E_MODEL_URL')}/control`);
  const { sent, held } = (await response.json()) as ModelState;
  return { sent, held };
}

/** Lets the fake model's held stream go on to its end. */
export async function releaseModel(): Promise<void> {
  const response = await fetch(`${e2eEnv('E2E_MODEL_URL')}/control/release`, { method: 'POST' });
  expect(response.status).toBe(200);
}

/** The signed-in student's jwt (the session cookie). */
export async function jwtOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'studyease_jwt');
  if (!cookie) throw new Error('not signed in');
  return cookie.value;
}

/** A call to the e2e backend's API as that student. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the JSON it expects
export async function backendCall<T = unknown>(
  jwt: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${e2eEnv('E2E_BACKEND_URL')}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as T };
}

interface SavedMessage {
  documentId: string;
  role: 'user' | 'assistant';
  text: string;
  status: 'complete' | 'partial' | 'error';
}

/** The conversation's saved messages, straight from the backend. */
export async function savedMessages(jwt: string, conversationId: string): Promise<SavedMessage[]> {
  const { status, body } = await backendCall<{ data: SavedMessage[] }>(
    jwt,
    `/conversations/${conversationId}/messages`,
  );
  expect(status).toBe(200);
  return body.data;
}

/** The conversation id in the page's URL. */
export function conversationIdOf(page: Page): string {
  const id = /\/app\/[a-z-]+\/([A-Za-z0-9_-]+)$/.exec(new URL(page.url()).pathname)?.[1];
  if (!id) throw new Error(`no conversation in ${page.url()}`);
  return id;
}

/** Types a question and sends it with Enter. */
export async function askInChat(page: Page, question: string): Promise<void> {
  const box = page.getByLabel('Your question');
  await box.fill(question);
  await box.press('Enter');
}
