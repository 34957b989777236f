import { checkLevelOf } from '@studyease/contract/check-level';
import type { Check, Step, TutorAnswer } from '@/lib/api/tutor';
import { chemistryTex } from '@/lib/chemistryTex';
import { trimmedLength } from '@/lib/plainMath';
import { getTool } from '@/lib/tools';

/*
 * The one answer view. A tutor's answer is shown in three places: the worked examples of the content pages (HTML
 * written at build time, no script), the try box of the tool pages (DOM built in the browser) and the chat (React).
 * All three render the element tree built here, through renderHtml.ts, renderDom.ts and AnswerView.tsx, so the
 * markup, the classes and the badge's rule are written once. The tree holds text only, never HTML: each renderer
 * sets it as text, which is what keeps the try box and the pages safe from whatever a model or a question says.
 */

/** Classes of the answer card; Tailwind finds them here (the renderers only copy them). */
export const ANSWER_CLASSES = {
  card: 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900',
  head: 'flex flex-wrap items-start justify-between gap-3',
  label: 'text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400',
  question: 'mt-1 text-base break-words text-slate-900 dark:text-white',
  /** "I read this as": the question as the engine understood it, typeset, with the chat's Edit beside it. */
  reading: 'min-w-0 flex-1',
  readingRow: 'mt-1 flex flex-wrap items-center gap-x-3 gap-y-1',
  readingMath: 'min-w-0 max-w-full overflow-x-auto text-slate-900 dark:text-white',
  readingNote: 'mt-1 text-xs text-slate-600 dark:text-slate-400',
  /** `first:mt-0`: in the chat, without the question, a section can open the card. */
  section: 'mt-5 first:mt-0',
  /** A section's heading; not a <details>: the chat's XSS test holds that no details element (ontoggle) appears. */
  heading: 'text-sm font-semibold text-slate-900 dark:text-white',
  steps: 'mt-3 space-y-4 border-l-2 border-primary-200 pl-4 dark:border-primary-900',
  stepTitle: 'font-semibold text-slate-900 dark:text-white',
  stepText: 'mt-1 text-sm whitespace-pre-line break-words text-slate-700 dark:text-slate-300',
  result: 'mt-5 rounded-xl first:mt-0 bg-primary-50 px-4 py-3 text-slate-900 dark:bg-primary-950/50 dark:text-white',
  /** On the result's tinted background the plain label's grey is below 4.5:1. */
  resultLabel: 'text-xs font-semibold tracking-wide text-primary-900 uppercase dark:text-primary-100',
  resultValue: 'mt-1 text-lg font-semibold break-words whitespace-pre-line',
  checks: 'mt-2 space-y-1 text-sm',
  checkPassed: 'text-slate-700 dark:text-slate-300',
  checkFailed: 'text-red-700 dark:text-red-300',
  noCheck: 'mt-5 text-sm first:mt-0 text-slate-600 dark:text-slate-400',
  unsupported:
    'rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100',
  invalid:
    'rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100',
  reasonTitle: 'font-semibold',
  reasonText: 'mt-1 text-sm whitespace-pre-line',
  /** What to ask instead (a rewrite, or another tool), carried over to a new chat. */
  suggestion: 'mt-3 inline-block text-sm font-semibold underline underline-offset-2',
  /** The try box's own failure (no answer at all), in the same family of boxes. */
  error:
    'rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100',
} as const;

/**
 * The badge of an answer, saying exactly what was checked: "Checked" only when the backend says `verified`;
 * "Arithmetic checked" when only the calculations a model showed were recomputed (checkLevelOf in the contract);
 * team-written examples say so.
 */
export type BadgeKind = 'checked' | 'arithmetic' | 'not-checked' | 'written';

const BADGE_BASE = 'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold';

export const BADGES: Readonly<Record<BadgeKind, { mark: string; label: string; className: string }>> = {
  checked: {
    mark: '✓ ',
    label: 'Checked',
    className: `${BADGE_BASE} bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100`,
  },
  arithmetic: {
    mark: '',
    label: 'Arithmetic checked',
    className: `${BADGE_BASE} bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100`,
  },
  'not-checked': {
    mark: '',
    label: 'Not checked',
    className: `${BADGE_BASE} bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100`,
  },
  written: {
    mark: '',
    label: 'Written example · not checked',
    className: `${BADGE_BASE} bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100`,
  },
};

/** The question as the engine understood it: its plain form (what the chat's Edit puts in the box) and its TeX. */
export interface Reading {
  text: string;
  latex: string;
  /** An AI model restated the student's words for the engine. */
  byModel: boolean;
}

/** What one answer card shows, whoever wrote the answer. */
export interface AnswerCard {
  outcome: TutorAnswer['status'];
  question: string;
  /** "I read this as": only for a solved answer whose reading has TeX; null otherwise. */
  reading: Reading | null;
  /** None while an answer is still arriving, and for a question the tutor did not solve. */
  badge: BadgeKind | null;
  steps: readonly Step[];
  result: { text: string; latex?: string } | null;
  /** `null`: no checks section at all (a written example, an answer still arriving); `[]`: none could be run. */
  checks: readonly Check[] | null;
  reason?: string | undefined;
  /** Refused because the tool needs an AI model this site has not switched on (kind `needs-model`): not a failure. */
  needsModel?: true;
  /** A refused question's way on: the rewrite or the tool to ask (TutorAnswer.suggestion), as a link. */
  suggestion?: { label: string; href: string } | undefined;
}

/** The link of a refused answer's suggestion: a new chat with the question asked there (ChatView's `?q=`). */
function suggestionOf(answer: TutorAnswer): AnswerCard['suggestion'] {
  const { suggestion } = answer;
  if (!suggestion) return undefined;
  const tool = suggestion.tool ?? answer.tool;
  return {
    label: suggestion.tool ? `Ask the ${getTool(tool).name}` : `Ask “${suggestion.text}” instead`,
    href: `/app/${tool}?q=${encodeURIComponent(suggestion.text)}`,
  };
}

/**
 * The card of a tutor's answer.
 * @param answer the answer as the backend sent it
 * @returns the card: "Checked" only when `answer.verified` (at least one check, all passed)
 */
export function answerCardOf(answer: TutorAnswer): AnswerCard {
  if (answer.status !== 'solved') {
    return {
      outcome: answer.status,
      question: answer.question.text,
      reading: null,
      badge: null,
      steps: [],
      result: null,
      checks: null,
      reason: answer.reason,
      suggestion: suggestionOf(answer),
      ...(answer.kind === 'needs-model' ? { needsModel: true as const } : {}),
    };
  }
  const [only, ...more] = answer.steps;
  // A model's reply without a final "Answer:" line comes as the whole text twice (explanation and answer): once is enough.
  const repeated =
    answer.answer !== null && more.length === 0 && only?.explanation.trim() === answer.answer.text.trim();
  const level = checkLevelOf(answer);
  // Chemistry's formulas: element symbols upright and whole, however the engine or a model wrote them.
  const tex = answer.tool === 'chemistry-solver' ? chemistryTex : (latex: string) => latex;
  return {
    outcome: 'solved',
    question: answer.question.text,
    reading: answer.question.latex
      ? { text: answer.question.text, latex: tex(answer.question.latex), byModel: answer.readByModel === true }
      : null,
    badge: level === 'checked' ? 'checked' : level === 'arithmetic' ? 'arithmetic' : 'not-checked',
    steps: answer.steps.map((step) => (step.latex ? { ...step, latex: tex(step.latex) } : step)),
    result:
      answer.answer && !repeated
        ? { text: answer.answer.text, latex: answer.answer.latex ? tex(answer.answer.latex) : answer.answer.latex }
        : null,
    checks: answer.checks,
  };
}

/** A solved example written by the team (the model-only tools' pages): never claimed as checked. */
export function writtenCardOf(example: { question: string; steps: readonly Step[]; answer: string }): AnswerCard {
  return {
    outcome: 'solved',
    question: example.question,
    reading: null,
    badge: 'written',
    steps: example.steps,
    result: { text: example.answer },
    checks: null,
  };
}

/**
 * Text every place typesets with the one maths renderer (src/lib/markdown.ts, through answer/leafMarkup.ts): `rich`
 * is a message's Markdown with maths (plain-text maths in it typeset too), `math` a TeX formula with its plain form
 * in `text`. The content pages get MathML at build time, the try box and the app in the browser.
 */
export interface ViewLeaf {
  leaf: 'rich' | 'math';
  text: string;
  latex?: string;
  /** Set in the line (the reading, the question echoed), not as a block of its own. */
  inline?: true;
}

export type ViewTag = 'article' | 'div' | 'p' | 'span' | 'ol' | 'ul' | 'li' | 'a';

export interface ViewElement {
  tag: ViewTag;
  attrs: Readonly<Record<string, string>>;
  children: readonly ViewChild[];
  /**
   * The reading ("I read this as"), shown only in the chat, beside its Edit: the pages and the try box echo the
   * question instead, typeset, and the reading under it would say it twice.
   */
  typesetOnly?: true;
  /** A place the chat fills with its own controls (the reading's Edit); empty in the tree itself. */
  slot?: 'reading-actions';
}

export type ViewChild = ViewElement | ViewLeaf | string;

/** True for a leaf (text a renderer may typeset), false for an element or plain text. */
export function isLeaf(child: ViewChild): child is ViewLeaf {
  return typeof child === 'object' && 'leaf' in child;
}

function el(tag: ViewTag, attrs: Record<string, string>, ...children: (ViewChild | false | null)[]): ViewElement {
  return { tag, attrs, children: children.filter((child): child is ViewChild => child !== false && child !== null) };
}

const C = ANSWER_CLASSES;

function badgeOf(kind: BadgeKind): ViewElement {
  const badge = BADGES[kind];
  // The mark is hidden from screen readers, and the label is an element of its own, so that "Checked" is the name.
  return el(
    'span',
    { class: badge.className, 'data-badge': kind },
    badge.mark && el('span', { 'aria-hidden': 'true' }, badge.mark),
    el('span', {}, badge.label),
  );
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** A text made comparable with a formula: what is left when spacing, brackets and the way of writing go. */
function mathContent(text: string): string {
  const compact = text
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]/g, (digit) => String(SUPERSCRIPT_DIGITS.indexOf(digit)))
    .replace(/⁻/g, '-')
    .replace(/\\pm\b/g, '±')
    .replace(/\\approx\b/g, '≈')
    .replace(/\\(?:rightarrow|to)\b|→/g, '->')
    .replace(/\\(?:le|leq)\b/g, '≤')
    .replace(/\\(?:ge|geq)\b/g, '≥')
    .replace(/\\pi\b/g, 'π')
    .replace(/\\(?:left|right|mathrm|text|operatorname|[dt]?frac|sqrt|cdot|times|div|quad|qquad)\b|\\[,;:! ]/g, '')
    .replace(/sqrt|[\s{}()[\]*·×÷/^_√\\]/g, '')
    .replace(/−/g, '-')
    .toLowerCase();
  return compact.slice(0, trimmedLength(compact, '.,;:'));
}

/**
 * A step's explanation without the part its formula shows typeset, so that each step shows its maths once: the
 * whole explanation goes when it is the formula ("2 × 20 = 40" over 2 \times 20 = 40), its last clause when that
 * is ("Solve the formula for the time: t = √(2h/g)" keeps "Solve the formula for the time:").
 * @param explanation the step's text
 * @param latex the step's formula, if it has one
 * @returns the text to show above the formula; '' for none
 */
export function explanationBeside(explanation: string, latex: string | undefined): string {
  if (!latex) return explanation;
  const formula = mathContent(latex);
  if (!formula) return explanation;
  if (mathContent(explanation) === formula) return '';
  // A clause of its own: between the start, a colon, a full stop or a line break, and the next such mark.
  const cuts = [0, ...[...explanation.matchAll(/[:.]\s+|\n/g)].map((cut) => cut.index + cut[0].length)];
  for (const [index, start] of cuts.entries()) {
    const end = cuts[index + 1] ?? explanation.length;
    if (mathContent(explanation.slice(start, end)) !== formula) continue;
    // The words before keep their colon or full stop; the words after keep their own sentence.
    return `${explanation.slice(0, start)}${explanation.slice(end)}`.trim();
  }
  return explanation;
}

/** A step's explanation and its formula, the maths shown once (explanationBeside). */
function stepBody(step: Step): ViewElement[] {
  const text = explanationBeside(step.explanation, step.latex);
  return [
    ...(text ? [el('div', { class: C.stepText }, { leaf: 'rich', text })] : []),
    ...(step.latex ? [el('div', { class: 'mt-2' }, { leaf: 'math', text: step.explanation, latex: step.latex })] : []),
  ];
}

function stepsOf(steps: readonly Step[]): ViewElement {
  return el(
    'div',
    { class: C.section },
    el('p', { class: C.heading }, `Steps (${String(steps.length)})`),
    el(
      'ol',
      { class: C.steps },
      ...steps.map((step, index) =>
        el('li', {}, el('p', { class: C.stepTitle }, `${String(index + 1)}. ${step.title}`), ...stepBody(step)),
      ),
    ),
  );
}

/** "I read this as: <maths>", the chat's Edit beside it, and a word when an AI model did the reading. */
function readingOf(reading: Reading): ViewElement {
  return {
    ...el(
      'div',
      { class: C.reading, 'data-testid': 'answer-reading' },
      el('p', { class: C.label }, 'I read this as'),
      el(
        'div',
        { class: C.readingRow },
        el('div', { class: C.readingMath }, { leaf: 'math', text: reading.text, latex: reading.latex, inline: true }),
        { ...el('span', { class: 'shrink-0' }), slot: 'reading-actions' },
      ),
      reading.byModel &&
        el(
          'p',
          { class: C.readingNote },
          'An AI model helped read your question; the steps and the check are the solver’s own. If this is not ' +
            'what you asked, edit it and ask again.',
        ),
    ),
    typesetOnly: true,
  };
}

function checksOf(checks: readonly Check[]): ViewElement {
  if (checks.length === 0) {
    return el(
      'p',
      { class: C.noCheck },
      'No automatic check could be run on this answer: compare it with your notes or textbook.',
    );
  }
  return el(
    'div',
    { class: C.section },
    el('p', { class: C.heading }, 'How it was checked'),
    el(
      'ul',
      { class: C.checks, 'aria-label': 'Checks' },
      ...checks.map((check) =>
        el(
          'li',
          { class: check.passed ? C.checkPassed : C.checkFailed },
          el('span', { 'aria-hidden': 'true' }, check.passed ? '✓ ' : '✗ '),
          el('span', { class: 'sr-only' }, check.passed ? 'Passed: ' : 'Failed: '),
          check.detail,
        ),
      ),
    ),
  );
}

export interface AnswerViewOptions {
  /**
   * Show the question at the top of the card. The chat leaves it out: the student's own message stands right above.
   * @default true
   */
  echoQuestion?: boolean;
  /** Attributes the place adds to the card's root (the try box's and the pages' test hooks). */
  attrs?: Readonly<Record<string, string>>;
}

/**
 * The element tree of an answer card.
 * @param card what to show (see answerCardOf, writtenCardOf)
 * @returns one `article`: the card of a solved answer, or a box with the tutor's reason when it did not solve it
 */
export function answerView(card: AnswerCard, { echoQuestion = true, attrs = {} }: AnswerViewOptions = {}): ViewElement {
  if (card.outcome !== 'solved') {
    return el(
      'article',
      { ...attrs, class: C[card.outcome], 'data-answer-outcome': card.outcome },
      el(
        'p',
        { class: C.reasonTitle },
        card.outcome === 'invalid'
          ? 'This question has a problem'
          : card.needsModel
            ? 'This tool is not switched on here'
            : 'Not solved',
      ),
      el('p', { class: C.reasonText }, card.reason ?? 'This question could not be answered.'),
      card.suggestion ? el('a', { class: C.suggestion, href: card.suggestion.href }, card.suggestion.label) : null,
    );
  }
  // The reading comes first ("every answer starts with the question as the engine understood it"), beside the badge.
  const head =
    echoQuestion || card.badge || card.reading
      ? el(
          'div',
          { class: C.head },
          echoQuestion &&
            el(
              'div',
              { class: 'min-w-0' },
              el('p', { class: C.label }, 'Question'),
              el(
                'p',
                { class: C.question, 'data-testid': 'answer-question' },
                {
                  leaf: 'rich',
                  text: card.question,
                  inline: true,
                },
              ),
            ),
          !echoQuestion && card.reading && readingOf(card.reading),
          card.badge && badgeOf(card.badge),
        )
      : null;
  // Where the question is echoed, the reading follows it on a line of its own.
  const reading =
    echoQuestion && card.reading
      ? { ...el('div', { class: C.section }, readingOf(card.reading)), typesetOnly: true as const }
      : null;
  const result = card.result
    ? el(
        'div',
        { class: C.result },
        el('p', { class: C.resultLabel }, 'Answer'),
        el(
          'div',
          { class: C.resultValue, 'data-testid': 'answer-result' },
          card.result.latex
            ? { leaf: 'math', text: card.result.text, latex: card.result.latex }
            : { leaf: 'rich', text: card.result.text },
        ),
      )
    : null;
  return el(
    'article',
    { ...attrs, class: C.card, 'data-answer-outcome': 'solved' },
    head,
    reading,
    card.steps.length > 0 && stepsOf(card.steps),
    result,
    card.checks && checksOf(card.checks),
  );
}
