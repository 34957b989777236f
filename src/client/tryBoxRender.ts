import { ANSWER_CLASSES as C, answerCardOf, answerView } from '@/components/answer/answerView';
import { toDom } from '@/components/answer/renderDom';
import type { ApiErrorData } from '@/lib/api/errors';
import type { TutorAnswer } from '@/lib/api/tutor';

// The try box's DOM. Every text of an answer (the question echoed back, a model's words) is untrusted: it is only
// ever set as textContent, never parsed as HTML.

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

/**
 * The answer as a card, drawn from the one answer view (components/answer/answerView.ts) that the pages and the
 * chat use too: question, badge ("Checked" only when `verified`), steps, result and checks; or, when the tutor did
 * not solve it, its reason.
 * @param doc the document to build in
 * @param answer the tutor's answer, as the backend sent it
 */
export function renderAnswer(doc: Document, answer: TutorAnswer): HTMLElement {
  return toDom(doc, answerView(answerCardOf(answer), { attrs: { 'data-try-box-outcome': answer.status } }));
}

/** An error in the API client's ApiError shape (see tryBox.ts for why the class itself is not imported). */
function isApiError(error: unknown): error is ApiErrorData {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as Partial<ApiErrorData>).statusCode === 'number' &&
    typeof (error as Partial<ApiErrorData>).error === 'string'
  );
}

/**
 * What to tell the visitor when the question could not be answered.
 * @param error what the API client threw (an ApiError), or anything else that went wrong
 */
export function tryBoxErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  // The backend words its limits for students (a minute's rate, the day's AI model answers): say which one.
  if (error.statusCode === 429) {
    return (
      error.message || 'Too many questions from your connection in a short time. Please wait a minute and try again.'
    );
  }
  // No answer at all, or one without error data from something in between (a proxy's error page).
  if (error.statusCode === 0 || error.error === 'UnknownError') {
    return 'StudyEase could not be reached. Check your connection and try again.';
  }
  if (error.statusCode === 413) return 'Your question is too long. Shorten it and try again.';
  if (error.statusCode === 400) return error.message || 'The question could not be read. Check it and try again.';
  return 'The tutor is not available right now. Please try again in a moment.';
}

/** An error inside the box: a visible alert with the message. */
export function renderError(doc: Document, message: string): HTMLElement {
  const box = doc.createElement('div');
  box.className = C.error;
  box.setAttribute('role', 'alert');
  box.dataset['tryBoxOutcome'] = 'error';
  box.append(element(doc, 'p', 'font-semibold', 'No answer this time'), element(doc, 'p', 'mt-1 text-sm', message));
  return box;
}
