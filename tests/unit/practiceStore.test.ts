import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { IssuedQuestion, PracticeApi, PracticeVerdict, SkillProgress } from '@/lib/api/practice';
import {
  $dueSkills,
  $practice,
  $skills,
  checkAnswer,
  endPractice,
  loadSkills,
  nextQuestion,
  setPracticeApi,
  showHint,
  startPractice,
  summaryOf,
} from '@/stores/practice';

const progress = (over: Partial<SkillProgress> = {}): SkillProgress => ({
  skill: 'linear-equations',
  name: 'Linear equations',
  tool: 'math-solver',
  mastery: 0.3,
  mastered: false,
  attempts: 0,
  correct: 0,
  startedAt: '2026-11-20T10:00:00.000Z',
  lastPracticedAt: null,
  nextReviewAt: '2026-11-24T10:00:00.000Z',
  due: true,
  ...over,
});

const question = (id: string): IssuedQuestion => ({
  id,
  skill: 'linear-equations',
  tool: 'math-solver',
  question: `Solve 2x + ${id} = 9`,
  hints: ['Subtract from both sides.', 'Divide by 2.'],
});

const verdict = (over: Partial<PracticeVerdict> = {}): PracticeVerdict => ({
  outcome: 'right',
  correct: true,
  differences: [],
  solution: 'x = 3',
  progress: progress({ mastery: 0.6, attempts: 1, correct: 1, due: false, nextReviewAt: '2026-11-27T10:00:00.000Z' }),
  ...over,
});

function fakeApi(over: Partial<PracticeApi> = {}): PracticeApi {
  return {
    skills: vi.fn(() =>
      Promise.resolve({
        data: [progress(), progress({ skill: 'derivatives', name: 'Derivatives', startedAt: null, due: false })],
      }),
    ),
    session: vi.fn(() => Promise.resolve({ data: { questions: [question('1'), question('2')] } })),
    answer: vi.fn(() => Promise.resolve({ data: verdict() })),
    ...over,
  };
}

beforeEach(async () => {
  // Ending a run loads the skills again: that load finishes before each test starts from an empty list.
  setPracticeApi(fakeApi());
  endPractice();
  await loadSkills();
  $skills.set({ state: 'loading', skills: [], error: null });
});

describe('loadSkills', () => {
  test('lists the skills and which are due', async () => {
    setPracticeApi(fakeApi());
    await loadSkills();
    expect($skills.get().state).toBe('ready');
    expect($dueSkills.get().map((skill) => skill.skill)).toEqual(['linear-equations']);
  });

  test("says in the backend's words why the skills could not be loaded", async () => {
    const error = new ApiError({ error: 'UnknownError', message: 'The service is down.', statusCode: 500 });
    setPracticeApi(fakeApi({ skills: vi.fn(() => Promise.reject(error)) }));
    await loadSkills();
    expect($skills.get()).toMatchObject({ state: 'error', error: 'The service is down.' });
  });
});

describe('a practice session', () => {
  test('asks one question at a time, counts the hints opened, and moves the mastery with each verdict', async () => {
    const api = fakeApi();
    setPracticeApi(api);
    await loadSkills();
    await startPractice('linear-equations');
    expect(api.session).toHaveBeenCalledWith('linear-equations');
    expect($practice.get()).toMatchObject({ phase: 'answering', index: 0, masteryBefore: { 'linear-equations': 0.3 } });

    showHint();
    showHint();
    showHint(); // Only two hints: the third does nothing.
    expect($practice.get().hintsShown).toBe(2);
    await checkAnswer('  x = 3 ');
    expect(api.answer).toHaveBeenCalledWith({ question: '1', answer: 'x = 3', hintsUsed: 2 });
    expect($practice.get().phase).toBe('verdict');
    expect($skills.get().skills[0]?.mastery).toBe(0.6);
    expect($dueSkills.get()).toEqual([]);

    nextQuestion();
    expect($practice.get()).toMatchObject({ phase: 'answering', index: 1, hintsShown: 0 });
    await checkAnswer('x = 1');
    nextQuestion();
    expect($practice.get().phase).toBe('summary');
    expect(summaryOf($practice.get())).toMatchObject({
      right: 2,
      wrong: 0,
      skills: [{ skill: 'linear-equations', before: 0.3, after: 0.6 }],
    });
  });

  test('asks for an answer before checking, and keeps the question open when the check fails', async () => {
    const error = new ApiError({ error: 'ConflictError', message: 'You already answered this one.', statusCode: 409 });
    setPracticeApi(fakeApi({ answer: vi.fn(() => Promise.reject(error)) }));
    await startPractice();
    await checkAnswer('   ');
    expect($practice.get()).toMatchObject({
      phase: 'answering',
      error: 'Type your answer first. If you are stuck, open a hint.',
    });
    await checkAnswer('x = 2');
    expect($practice.get()).toMatchObject({ phase: 'answering', error: 'You already answered this one.' });
  });

  test('says why a session could not start, and when no question could be made', async () => {
    const error = new ApiError({ error: 'ConflictError', message: 'Ask a question first.', statusCode: 409 });
    setPracticeApi(fakeApi({ session: vi.fn(() => Promise.reject(error)) }));
    await startPractice();
    expect($practice.get()).toMatchObject({ phase: 'failed', error: 'Ask a question first.' });

    setPracticeApi(fakeApi({ session: vi.fn(() => Promise.resolve({ data: { questions: [] } })) }));
    await startPractice('derivatives');
    expect($practice.get()).toMatchObject({ phase: 'failed', skill: 'derivatives' });
  });

  test('drops a verdict that arrives after the session was ended', async () => {
    let answer: (value: { data: PracticeVerdict }) => void = () => undefined;
    setPracticeApi(
      fakeApi({
        answer: vi.fn(
          () =>
            new Promise<{ data: PracticeVerdict }>((resolve) => {
              answer = resolve;
            }),
        ),
      }),
    );
    await startPractice();
    const checking = checkAnswer('x = 3');
    endPractice();
    answer({ data: verdict() });
    await checking;
    expect($practice.get().phase).toBe('idle');
  });
});
