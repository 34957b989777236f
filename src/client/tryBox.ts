import type { ApiErrorData } from '@/lib/api/errors';
import { saveAuthRedirect } from '@/stores/authRedirect';
import type { TutorAnswer } from '@studyease/contract';

/**
 * Marks that this browser has had its free question. Kept here, not in config's STORAGE_KEYS, because nothing
 * else reads it; the backend's per-IP rate limit is what actually holds back abuse.
 */
export const TRY_BOX_USED_KEY = 'studyease:try-box-used';

function readUsed(): boolean {
  try {
    return localStorage.getItem(TRY_BOX_USED_KEY) === '1';
  } catch {
    return false;
  }
}

function markUsed(): void {
  try {
    localStorage.setItem(TRY_BOX_USED_KEY, '1');
  } catch {
    // Storage blocked: the visitor just keeps trying here until the rate limit says otherwise.
  }
}

/**
 * The try box of a tool page (markup in components/landing/TryBox.astro): the first question is answered here,
 * without an account, through the public tutor API; after that the form goes on to the app as a plain GET.
 * @param form the page's `form[data-try-box]`
 * @returns `ask()`, which the loader calls on submit
 */
export function startTryBox(form: HTMLFormElement): { ask(): Promise<void> } {
  const root = form.closest<HTMLElement>('[data-try-box-root]') ?? document.body;
  // The backend validates the tool id (400 for an unknown one); the page renders a known one.
  const tool = form.dataset['tryBox'];
  const textarea = form.querySelector('textarea');
  const button = form.querySelector<HTMLButtonElement>('[data-try-box-submit]');
  const label = form.querySelector<HTMLElement>('[data-try-box-label]');
  const note = form.querySelector<HTMLElement>('[data-try-box-note]');
  const status = root.querySelector<HTMLElement>('[data-try-box-status]');
  const result = root.querySelector<HTMLElement>('[data-try-box-result]');
  let busy = false;

  const toApp = (): void => {
    if (label) label.textContent = 'Ask in the app';
    if (note) note.textContent = 'You have had your free question. Sign in or sign up for free to ask more.';
  };
  if (readUsed()) toApp();

  const show = (node: HTMLElement, extra?: HTMLElement): void => {
    if (!result) return;
    result.replaceChildren(node, ...(extra ? [extra] : []));
    result.hidden = false;
  };

  async function ask(): Promise<void> {
    const question = textarea?.value.trim() ?? '';
    // The free question is used, or the page is not a known tool: the plain form takes over (it goes to the app).
    if (!tool || !textarea || readUsed()) {
      form.submit();
      return;
    }
    if (busy || !question) return;
    busy = true;
    // aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page's start.
    button?.setAttribute('aria-disabled', 'true');
    form.setAttribute('aria-busy', 'true');
    if (label) label.textContent = 'Working it out…';
    if (status) status.textContent = 'Working it out…';
    // The answer view loads beside the request, not with this chunk: the app shares it, and a static import would
    // give the shell's loader a longer preload list of shared chunks (the content pages' budget, see tryBoxLoader.ts).
    const view = import('@/client/tryBoxRender');
    try {
      const answer = await solve(form.dataset['tryBoxApi'] ?? '', tool, question);
      const { renderAnswer } = await view;
      show(renderAnswer(document, answer), answer.status === 'solved' ? nextStep(tool, question) : undefined);
      if (status) status.textContent = answer.status === 'solved' ? 'Your answer is below the box.' : 'Not solved.';
      // Only a real answer uses up the free question; a refusal or an error leaves it to try again.
      if (answer.status === 'solved') {
        markUsed();
        toApp();
      } else if (label) {
        label.textContent = 'Ask';
      }
    } catch (error) {
      const { renderError, tryBoxErrorMessage } = await view;
      const message = tryBoxErrorMessage(error);
      // The error box is an alert and announces itself.
      show(renderError(document, message));
      if (status) status.textContent = '';
      if (label) label.textContent = 'Ask';
    } finally {
      busy = false;
      button?.removeAttribute('aria-disabled');
      form.removeAttribute('aria-busy');
    }
  }

  return { ask };
}

const boxes = new WeakMap<HTMLFormElement, { ask(): Promise<void> }>();

/**
 * Starts the form's try box on first use and asks its question (the loader calls this on every submit).
 * @param form the page's `form[data-try-box]`
 */
export function askOnce(form: HTMLFormElement): Promise<void> {
  let box = boxes.get(form);
  if (!box) {
    box = startTryBox(form);
    boxes.set(form, box);
  }
  return box.ask();
}

/** A failed solve call, in the API client's ApiError shape. */
class SolveError extends Error implements ApiErrorData {
  readonly error: string;
  readonly statusCode: number;

  constructor(data: ApiErrorData) {
    super(data.message);
    this.name = 'SolveError';
    this.error = data.error;
    this.statusCode = data.statusCode;
  }
}

/**
 * POST /tutor/solve as an anonymous visitor. The one place outside src/lib/api that calls the backend, on purpose:
 * importing the API client (config, qs, js-cookie) would make this chunk depend on shared chunks, and the shell's
 * loader on every page would then carry their preload list, which the content pages' script budget has no room for
 * (bench/site.mjs). Errors take the client's ApiError shape, so they read the same.
 * @param endpoint the solve URL the page was built with (BACKEND_URL + BACKEND_API_PREFIX + /tutor/solve)
 * @throws {SolveError} the backend's error (Strapi's envelope), or `NetworkError` (status 0) with no answer
 */
async function solve(endpoint: string, tool: string, question: string): Promise<TutorAnswer> {
  // The contract's schemas load beside the request, not with this chunk: the app shares them, and a static import
  // would give the shell's loader a longer preload list of shared chunks (the budget above).
  const contract = import('@studyease/contract');
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ tool, question }),
    });
  } catch {
    throw new SolveError({ error: 'NetworkError', statusCode: 0, message: 'No answer' });
  }
  const body: unknown = await response.json().catch(() => undefined);
  const { ErrorBodySchema, TutorAnswerSchema } = await contract;
  const answer = TutorAnswerSchema.safeParse(body);
  if (response.ok && answer.success) return answer.data;
  const failure = ErrorBodySchema.safeParse(body);
  const error = failure.success ? failure.data.error : undefined;
  throw new SolveError({
    error: error?.name ?? (response.ok ? 'InvalidResponse' : 'UnknownError'),
    statusCode: response.ok ? 502 : response.status,
    message: error?.message ?? `Request failed with status ${String(response.status)}`,
  });
}

/**
 * Where to go after the free answer: the same question's conversation in the app. A visitor without a session
 * is most likely new here, so the call to action is sign-up (with sign-in beside it); both keep the question
 * through registration or sign-in as the auth redirect.
 */
function nextStep(tool: string, question: string): HTMLElement {
  const target = `/app/${tool}?q=${encodeURIComponent(question)}`;
  const box = document.createElement('div');
  box.className = 'mt-4 flex flex-wrap items-center gap-3';
  const text = document.createElement('p');
  text.className = 'text-sm text-slate-700 dark:text-slate-300';
  text.textContent = 'Want hints, practice questions or another question?';
  const link = (href: string, label: string, className: string): HTMLAnchorElement => {
    const anchor = document.createElement('a');
    anchor.className = className;
    anchor.href = href;
    anchor.textContent = label;
    if (href !== target) anchor.addEventListener('click', () => saveAuthRedirect(target));
    return anchor;
  };
  // The head script marks a session before first paint (the same signal that hides the header's Sign in / up).
  if (document.documentElement.classList.contains('has-session')) {
    box.append(text, link(target, 'Continue in the app', 'btn-primary'));
    return box;
  }
  const signIn = document.createElement('p');
  signIn.className = 'w-full text-sm text-slate-600 dark:text-slate-400';
  signIn.append(
    'Already have an account? ',
    link('/auth/login', 'Sign in', 'font-semibold text-primary-700 underline dark:text-primary-300'),
  );
  box.append(text, link('/auth/register', 'Sign up free to continue', 'btn-primary'), signIn);
  return box;
}
