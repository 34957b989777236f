import { atom, computed } from 'nanostores';
import { errorMessage } from '@/lib/api/errors';
import {
  type IssuedQuestion,
  type PracticeApi,
  practiceApi,
  type PracticeVerdict,
  type SkillId,
  type SkillProgress,
} from '@/lib/api/practice';

/** The student's skills as the backend last told them (GET /api/practice/skills), moved on by each verdict. */
export interface SkillsState {
  state: 'loading' | 'ready' | 'error';
  skills: readonly SkillProgress[];
  error: string | null;
}

export const $skills = atom<SkillsState>({ state: 'loading', skills: [], error: null });

/** Skills the student has started and whose review has come: the dashboard's and the practice page's "Due today". */
export const $dueSkills = computed($skills, ({ skills }) => skills.filter((skill) => skill.due));

/** An answered question: the verdict with what the student typed and how many hints they opened. */
export interface AnsweredQuestion extends PracticeVerdict {
  answer: string;
  hintsUsed: number;
}

/**
 * One practice session (issue #16): questions one at a time, each answered once.
 * - `starting`: the questions are being made (each is solved and checked by the engine first);
 * - `answering`: the current question waits for an answer; `checking`: it is being checked;
 * - `verdict`: the current question's verdict is shown, with Next; `summary`: every question is answered;
 * - `failed`: no session could be started (`error` says why).
 */
export interface PracticeRun {
  phase: 'idle' | 'starting' | 'answering' | 'checking' | 'verdict' | 'summary' | 'failed';
  /** The skill asked for, or null for the due skills mixed. */
  skill: SkillId | null;
  questions: readonly IssuedQuestion[];
  /** The current question's place in `questions`. */
  index: number;
  /** Hints of the current question opened so far (sent with the answer). */
  hintsShown: number;
  /** One per question answered, in order. */
  answered: readonly AnsweredQuestion[];
  /** Each practised skill's mastery when the session started, for the summary. */
  masteryBefore: Readonly<Partial<Record<SkillId, number>>>;
  /** What went wrong, in plain words: starting the session, or checking the current answer. */
  error: string | null;
}

const IDLE: PracticeRun = {
  phase: 'idle',
  skill: null,
  questions: [],
  index: 0,
  hintsShown: 0,
  answered: [],
  masteryBefore: {},
  error: null,
};

export const $practice = atom<PracticeRun>(IDLE);

let practice: PracticeApi = practiceApi;
/** Tests swap the backend calls. */
export function setPracticeApi(next: PracticeApi): void {
  practice = next;
}

/** Each start and end makes a new run; an answer arriving for an older one is dropped. */
let runId = 0;

let loading: Promise<void> | null = null;

/** Loads the student's skills; a load already under way is shared. The last list stays shown when a reload fails. */
export function loadSkills(): Promise<void> {
  loading ??= (async () => {
    const { skills } = $skills.get();
    $skills.set({ state: skills.length > 0 ? 'ready' : 'loading', skills, error: null });
    try {
      const { data } = await practice.skills();
      $skills.set({ state: 'ready', skills: data, error: null });
    } catch (caught) {
      $skills.set({
        state: skills.length > 0 ? 'ready' : 'error',
        skills,
        error: errorMessage(caught, 'Your skills could not be loaded. Reload the page to try again.'),
      });
    }
  })().finally(() => {
    loading = null;
  });
  return loading;
}

/** Puts a skill's new progress in the list, where it was (the list is sorted again on its next load). */
function updateSkill(progress: SkillProgress): void {
  const state = $skills.get();
  const known = state.skills.some((skill) => skill.skill === progress.skill);
  $skills.set({
    ...state,
    skills: known
      ? state.skills.map((skill) => (skill.skill === progress.skill ? progress : skill))
      : [...state.skills, progress],
  });
}

/**
 * Starts a session: the given skill's questions, or the due skills mixed (the backend picks the soonest due when
 * none is due yet, and refuses with a plain message when nothing is started).
 * @param skill the skill to practise, or undefined
 */
export async function startPractice(skill?: SkillId): Promise<void> {
  const id = ++runId;
  $practice.set({ ...IDLE, phase: 'starting', skill: skill ?? null });
  try {
    const { data } = await practice.session(skill);
    if (id !== runId) return;
    if (data.questions.length === 0) {
      $practice.set({
        ...$practice.get(),
        phase: 'failed',
        error: 'No checked questions could be made just now. Please try again in a moment.',
      });
      return;
    }
    const masteryBefore: Partial<Record<SkillId, number>> = {};
    for (const { skill: practised } of data.questions) {
      masteryBefore[practised] = $skills.get().skills.find((entry) => entry.skill === practised)?.mastery ?? 0;
    }
    $practice.set({ ...$practice.get(), phase: 'answering', questions: data.questions, masteryBefore });
  } catch (caught) {
    if (id !== runId) return;
    $practice.set({
      ...$practice.get(),
      phase: 'failed',
      error: errorMessage(caught, 'Practice could not be started. Please try again.'),
    });
  }
}

/** The question on screen, or undefined outside a session. */
export function currentQuestion(run: PracticeRun): IssuedQuestion | undefined {
  return run.phase === 'answering' || run.phase === 'checking' || run.phase === 'verdict'
    ? run.questions[run.index]
    : undefined;
}

/** Opens the current question's next hint, one at a time. */
export function showHint(): void {
  const run = $practice.get();
  const question = currentQuestion(run);
  if (run.phase !== 'answering' || !question || run.hintsShown >= question.hints.length) return;
  $practice.set({ ...run, hintsShown: run.hintsShown + 1 });
}

/**
 * Sends the answer to the current question. The verdict moves the skill's mastery and next review in `$skills`;
 * a failed check leaves the question open, with the reason in `error`.
 * @param text what the student typed
 */
export async function checkAnswer(text: string): Promise<void> {
  const run = $practice.get();
  const question = currentQuestion(run);
  if (run.phase !== 'answering' || !question) return;
  const answer = text.trim();
  if (!answer) {
    $practice.set({ ...run, error: 'Type your answer first. If you are stuck, open a hint.' });
    return;
  }
  const id = runId;
  $practice.set({ ...run, phase: 'checking', error: null });
  try {
    const { data } = await practice.answer({ question: question.id, answer, hintsUsed: run.hintsShown });
    if (id !== runId) return;
    updateSkill(data.progress);
    const now = $practice.get();
    $practice.set({
      ...now,
      phase: 'verdict',
      answered: [...now.answered, { ...data, answer, hintsUsed: run.hintsShown }],
    });
  } catch (caught) {
    if (id !== runId) return;
    $practice.set({
      ...$practice.get(),
      phase: 'answering',
      error: errorMessage(caught, 'Your answer could not be checked. Please try again.'),
    });
  }
}

/** After a verdict: the next question, or the summary after the last one (the skills are loaded again for it). */
export function nextQuestion(): void {
  const run = $practice.get();
  if (run.phase !== 'verdict') return;
  const index = run.index + 1;
  if (index < run.questions.length) {
    $practice.set({ ...run, phase: 'answering', index, hintsShown: 0, error: null });
    return;
  }
  $practice.set({ ...run, phase: 'summary', error: null });
  void loadSkills();
}

/** Leaves the session (finished or not) for the list of skills, which is loaded again. */
export function endPractice(): void {
  runId++;
  $practice.set(IDLE);
  void loadSkills();
}

/** How a session went: the answers by outcome and each practised skill's mastery before and after. */
export interface PracticeSummary {
  right: number;
  rightAfterHints: number;
  wrong: number;
  skills: {
    skill: SkillId;
    name: string;
    before: number;
    after: number;
    mastered: boolean;
    nextReviewAt: string | null;
  }[];
}

/** @returns the summary of a run's answered questions */
export function summaryOf(run: PracticeRun): PracticeSummary {
  const count = (outcome: AnsweredQuestion['outcome']) =>
    run.answered.filter((answered) => answered.outcome === outcome).length;
  // The last verdict of each skill holds its mastery after the session.
  const after = new Map<SkillId, SkillProgress>();
  for (const answered of run.answered) after.set(answered.progress.skill, answered.progress);
  return {
    right: count('right'),
    rightAfterHints: count('right-after-hints'),
    wrong: count('wrong'),
    skills: [...after.values()].map((progress) => ({
      skill: progress.skill,
      name: progress.name,
      before: run.masteryBefore[progress.skill] ?? 0,
      after: progress.mastery,
      mastered: progress.mastered,
      nextReviewAt: progress.nextReviewAt,
    })),
  };
}
