import { ANSWER_CLASSES as C, BADGES } from '@/components/landing/answerClasses';
import type { ApiErrorData } from '@/lib/api/errors';
import type { TutorAnswer } from '@/lib/api/tutor';

// The try box's DOM. Every text of an answer (the question echoed back, a model's words) is untrusted: it is only
// ever set as textContent, never parsed as HTML.

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The answer as a card: question, badge ("Checked" only when `verified`), steps, result and checks; or, when the
 * tutor did not solve it, its reason.
 * @param doc the document to build in
 * @param answer the tutor's answer, as the backend sent it
 */
export function renderAnswer(doc: Document, answer: TutorAnswer): HTMLElement {
  if (answer.status !== 'solved') {
    const box = element(doc, 'div', C.reason);
    box.dataset['tryBoxOutcome'] = answer.status;
    box.append(
      element(doc, 'p', 'font-semibold', answer.status === 'invalid' ? 'This question has a problem' : 'Not solved'),
      element(doc, 'p', 'mt-1 text-sm whitespace-pre-line', answer.reason ?? 'This question could not be answered.'),
    );
    return box;
  }
  const card = element(doc, 'article', C.card);
  card.dataset['tryBoxOutcome'] = 'solved';
  const head = element(doc, 'div', 'flex flex-wrap items-start justify-between gap-3');
  const asked = element(doc, 'div', 'min-w-0');
  asked.append(element(doc, 'p', C.label, 'Question'), element(doc, 'p', C.question, answer.question.text));
  const badge = BADGES[answer.verified ? 'checked' : 'not-checked'];
  const badgeNode = element(doc, 'span', badge.className, badge.label);
  badgeNode.dataset['badge'] = answer.verified ? 'checked' : 'not-checked';
  head.append(asked, badgeNode);
  card.append(head);

  if (answer.steps.length > 0) {
    const steps = element(doc, 'ol', C.steps);
    answer.steps.forEach((step, index) => {
      const item = element(doc, 'li', '');
      item.append(
        element(doc, 'p', C.stepTitle, `${String(index + 1)}. ${step.title}`),
        element(doc, 'p', C.stepText, step.explanation),
      );
      steps.append(item);
    });
    card.append(steps);
  }
  if (answer.answer) {
    const result = element(doc, 'div', C.result);
    result.append(element(doc, 'p', C.resultLabel, 'Answer'), element(doc, 'p', C.resultValue, answer.answer.text));
    card.append(result);
  }
  if (answer.checks.length > 0) {
    const checks = element(doc, 'ul', C.checks);
    checks.setAttribute('aria-label', 'Checks');
    for (const check of answer.checks) {
      const item = element(doc, 'li', '');
      const mark = element(doc, 'span', '', check.passed ? '✓ ' : '✗ ');
      mark.setAttribute('aria-hidden', 'true');
      item.append(mark, element(doc, 'span', 'sr-only', check.passed ? 'Passed: ' : 'Failed: '), check.detail);
      checks.append(item);
    }
    card.append(checks);
  }
  return card;
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
  const box = element(doc, 'div', C.error);
  box.setAttribute('role', 'alert');
  box.dataset['tryBoxOutcome'] = 'error';
  box.append(element(doc, 'p', 'font-semibold', 'No answer this time'), element(doc, 'p', 'mt-1 text-sm', message));
  return box;
}
