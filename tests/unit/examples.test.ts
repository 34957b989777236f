import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { TutorAnswer } from '@/lib/api/tutor';
import { CmsUnavailableError } from '@/lib/cms/client';

const solvedAnswer: TutorAnswer = {
  tool: 'math-solver',
  kind: 'linear-equation',
  question: { text: 'x + 1 = 2', latex: 'x + 1 = 2' },
  status: 'solved',
  answer: { text: 'x = 1', latex: 'x = 1' },
  steps: [{ title: 'Isolate x', explanation: 'Subtract 1.' }],
  checks: [{ kind: 'substitution', passed: true, detail: 'x = 1: left side 2, right side 2' }],
  verified: true,
  hints: [],
  practice: [],
  source: 'engine',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The module keeps one answer per question for the whole build; each test gets a fresh copy.
async function load() {
  vi.resetModules();
  return import('@/lib/cms/examples');
}

describe('solveExample', () => {
  beforeEach(() => {
    vi.stubEnv('CMS_URL', 'http://cms.test/');
    vi.stubEnv('CMS_OPTIONAL', '');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  test('posts the question to the tutor API and returns its answer', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(solvedAnswer)));
    vi.stubGlobal('fetch', fetchMock);
    const { solveExample } = await load();
    await expect(solveExample('math-solver', 'x + 1 = 2')).resolves.toEqual(solvedAnswer);
    expect(fetchMock).toHaveBeenCalledWith(
      'http://cms.test/api/tutor/solve',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ tool: 'math-solver', question: 'x + 1 = 2' }) }),
    );
  });

  test('asks each question once per build', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(solvedAnswer)));
    vi.stubGlobal('fetch', fetchMock);
    const { solveExample } = await load();
    await solveExample('math-solver', 'x + 1 = 2');
    await solveExample('math-solver', 'x + 1 = 2');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('fails the build when the backend cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    );
    const { solveExample } = await load();
    // A fresh module graph per test has its own class, so the error is recognised by name.
    await expect(solveExample('math-solver', 'x + 1 = 2')).rejects.toMatchObject({
      name: new CmsUnavailableError('', '').name,
      message: expect.stringContaining('http://cms.test/api/tutor/solve') as unknown,
    });
  });

  test('fails the build on an error answer, such as the rate limit', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json({ error: { status: 429 } }, 429))),
    );
    const { solveExample } = await load();
    await expect(solveExample('math-solver', 'x + 1 = 2')).rejects.toThrow(/HTTP 429/);
  });

  test('asks again when the engine did not solve it, then fails the build', async () => {
    vi.useFakeTimers();
    const refusal = { ...solvedAnswer, status: 'unsupported', reason: 'Too hard', answer: null, steps: [] };
    const fetchMock = vi.fn(() => Promise.resolve(json(refusal)));
    vi.stubGlobal('fetch', fetchMock);
    const { solveExample } = await load();
    const result = solveExample('math-solver', 'x + 1 = 2');
    const failed = expect(result).rejects.toThrow(
      /was not solved by the engine \(unsupported, from the engine: Too hard\)/,
    );
    await vi.runAllTimersAsync();
    await failed;
    expect(fetchMock).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });

  test("does not take a model's answer for the engine's", async () => {
    vi.useFakeTimers();
    const modelAnswer = { ...solvedAnswer, source: 'model', verified: false };
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(json(modelAnswer))
      .mockResolvedValueOnce(json(solvedAnswer));
    vi.stubGlobal('fetch', fetchMock);
    const { solveExample } = await load();
    const result = solveExample('math-solver', 'x + 1 = 2');
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual(solvedAnswer);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  test('returns null without a backend when content is optional (lint and typecheck)', async () => {
    vi.stubEnv('CMS_OPTIONAL', '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    );
    const { solveExample } = await load();
    await expect(solveExample('math-solver', 'x + 1 = 2')).resolves.toBeNull();
  });
});
