import { useStore } from '@nanostores/react';
import type { ImageReading } from '@studyease/contract';
import { type KeyboardEvent, lazy, Suspense, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { type LanguagePair, LANGUAGES, languageOptions } from '@/lib/languages';
import { type MathQuestion, mathFieldMode, mathQuestion, rememberMathQuestion } from '@/lib/mathField';
import type { ToolId } from '@/lib/tools';
import { $languagePair } from '@/stores/settings';
import PhotoButton from './PhotoButton';

/** The longest question the backend takes (TUTOR_MAX_QUESTION_LENGTH's default). */
export const MAX_QUESTION_LENGTH = 2000;

interface ComposerProps {
  tool: ToolId;
  busy: boolean;
  /** Sends; resolves false when the question was not taken, and the text stays in the box. */
  onSend: (text: string, options?: Record<string, string>) => Promise<boolean>;
  onStop: () => void;
  /** Text to put in the box: an example clicked, or an answer's reading to edit (`edit`). */
  fill?: { text: string; at: number; edit?: boolean } | null;
  placeholder: string;
}

// MathLive (about 230 KB gzipped) loads when the math keyboard is first opened, never with the app.
const MathKeyboard = lazy(() => import('./MathKeyboard'));

const selectClass =
  'rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-white';

/** The question box: Enter sends, Shift+Enter adds a line, Stop while an answer streams. */
export default function Composer({ tool, busy, onSend, onStop, fill, placeholder }: ComposerProps) {
  const [text, setText] = useState('');
  const pair = useStore($languagePair);
  const box = useRef<HTMLTextAreaElement>(null);
  const tooLong = text.length > MAX_QUESTION_LENGTH;
  // The math keyboard (math, physics and chemistry tools): its field's LaTeX is sent after the box's words.
  const mathMode = mathFieldMode(tool);
  const [mathOpen, setMathOpen] = useState(false);
  const [latex, setLatex] = useState('');
  const [mathError, setMathError] = useState('');
  const mathButton = useRef<HTMLButtonElement>(null);
  const usingMath = mathOpen && mathMode !== undefined;
  const hasMath = usingMath && latex.trim() !== '';
  // After a photo is read: the student checks the reading before asking (nothing is sent for them).
  const [photoNote, setPhotoNote] = useState('');

  /** Opens the math field with a question's words and maths. */
  function openMath(parts: MathQuestion) {
    setText(parts.words);
    setLatex(parts.latex);
    setMathError('');
    setMathOpen(true);
  }

  // An example put in the box replaces its text (state adjusted while rendering, not in an effect); a question
  // asked with the math keyboard comes back in the math field, as it was typed.
  const [shownFill, setShownFill] = useState(fill);
  if (fill !== shownFill) {
    setShownFill(fill);
    const asked = fill && mathMode ? mathQuestion(fill.text) : undefined;
    if (asked) openMath(asked);
    // A reading to edit in a math tool waits for the effect below to choose between the field and the box.
    else if (fill && !(fill.edit && mathMode)) setText(fill.text);
  }
  useEffect(() => {
    // The math field takes focus itself when it opens (MathKeyboard).
    if (!fill || (mathMode && mathQuestion(fill.text))) return;
    if (!mathMode || !fill.edit) {
      box.current?.focus();
      return;
    }
    // A reading to edit, typed as text, opens in the math field when it is maths only and the field would send back
    // the same question (src/lib/mathFieldEdit.ts, loaded now: a few KB); otherwise, or offline, in the box.
    let current = true;
    const inBox = () => {
      if (!current) return;
      setText(fill.text);
      box.current?.focus();
    };
    import('@/lib/mathFieldEdit')
      .then(({ mathFieldEdit }) => {
        const inField = mathFieldEdit(fill.text, mathMode);
        if (!inField) inBox();
        else if (current) openMath(inField);
      })
      .catch(inBox);
    return () => {
      current = false;
    };
  }, [fill, mathMode]);

  // The box grows with its text, up to a limit, then scrolls.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 240)}px`;
  }, [text]);

  async function send() {
    const words = text.trim();
    let maths = '';
    if (hasMath) {
      // Loaded with the keyboard already (it is open): this import costs nothing more.
      const { mathFieldToInput } = await import('@/lib/mathFieldToInput');
      const reading = mathFieldToInput(latex, mathMode);
      if (!reading.ok) {
        setMathError(reading.reason);
        return;
      }
      maths = reading.text;
    }
    const question = [words, maths].filter(Boolean).join(' ');
    if (!question || busy || question.length > MAX_QUESTION_LENGTH) return;
    const sentLatex = maths ? latex : '';
    if (sentLatex) rememberMathQuestion(question, { words, latex: sentLatex });
    setText('');
    setLatex('');
    setMathError('');
    setPhotoNote('');
    const taken = await onSend(question, tool === 'translator' ? languageOptions(pair) : undefined);
    // Not taken (limit reached, no connection): the question comes back, nothing typed is lost.
    if (!taken) {
      setText((current) => current || (sentLatex ? words : question));
      if (sentLatex) setLatex((current) => current || sentLatex);
    }
  }

  /** A photo's reading goes into the field in use (the math field when it is open), to be checked, then sent. */
  function putReading(reading: ImageReading) {
    if (usingMath) {
      setLatex(reading.latex || reading.text);
      setMathError('');
    } else {
      setText(reading.text);
      box.current?.focus();
    }
    setPhotoNote(
      reading.confidence < 0.6
        ? 'Parts of the photo were hard to read: check the reading carefully, fix it if needed, then ask.'
        : 'Check the reading, fix it if needed, then ask.',
    );
  }

  function closeMath() {
    setMathOpen(false);
    setMathError('');
    mathButton.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    void send();
  }

  function changePair(next: LanguagePair) {
    $languagePair.set(next);
  }

  return (
    <form onSubmit={onSubmit} className="mx-auto w-full max-w-3xl" aria-label="Ask a question">
      {tool === 'translator' && (
        <div className="mb-2 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <label className="flex items-center gap-2">
            From
            <select
              aria-label="Translate from"
              className={selectClass}
              value={pair.from}
              onChange={(e) => changePair({ ...pair, from: e.target.value })}
            >
              <option value="">Detect language</option>
              {LANGUAGES.map((language) => (
                <option key={language}>{language}</option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn-ghost px-2 py-1 text-sm"
            aria-label="Swap languages"
            disabled={!pair.from}
            onClick={() => changePair({ from: pair.to, to: pair.from })}
          >
            ⇄
          </button>
          <label className="flex items-center gap-2">
            To
            <select
              aria-label="Translate to"
              className={selectClass}
              value={pair.to}
              onChange={(e) => changePair({ ...pair, to: e.target.value })}
            >
              {LANGUAGES.map((language) => (
                <option key={language}>{language}</option>
              ))}
            </select>
          </label>
        </div>
      )}
      {usingMath && (
        <div className="mb-2">
          <Suspense
            fallback={
              <p role="status" className="px-2 py-3 text-sm text-slate-600 dark:text-slate-400">
                Loading the math keyboard…
              </p>
            }
          >
            <MathKeyboard
              mode={mathMode}
              value={latex}
              onChange={(next) => {
                setLatex(next);
                setMathError('');
              }}
              onSubmit={() => void send()}
              onClose={closeMath}
              describedBy="math-field-help"
            />
          </Suspense>
          <p id="math-field-help" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            Type maths here: ^ for a power, / for a fraction, sqrt for a root. Words go in the box below. Escape closes.
          </p>
          {mathError && (
            <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {mathError}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-end justify-end gap-2 rounded-2xl border border-slate-300 bg-white p-2 shadow-sm focus-within:border-primary-500 focus-within:ring-2 focus-within:ring-primary-500/30 dark:border-slate-700 dark:bg-slate-900">
        <label htmlFor="question" className="sr-only">
          Your question
        </label>
        <textarea
          id="question"
          ref={box}
          rows={1}
          value={text}
          placeholder={usingMath ? 'Words to go with the maths (optional)…' : placeholder}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={tooLong || undefined}
          aria-describedby="question-help"
          className="max-h-60 min-h-10 min-w-48 flex-1 resize-none bg-transparent px-2 py-2 text-slate-900 outline-none placeholder:text-slate-400 dark:text-white dark:placeholder:text-slate-500"
        />
        <PhotoButton tool={tool} onReading={putReading} />
        {mathMode && (
          <button
            ref={mathButton}
            type="button"
            className="btn-outline px-3 py-2 text-sm"
            aria-expanded={usingMath}
            aria-controls={usingMath ? 'math-field' : undefined}
            onClick={() => (usingMath ? closeMath() : setMathOpen(true))}
          >
            Math keyboard
          </button>
        )}
        {busy ? (
          <button type="button" className="btn-outline px-4 py-2" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button type="submit" className="btn-primary px-4 py-2" disabled={(!text.trim() && !hasMath) || tooLong}>
            Send
          </button>
        )}
      </div>
      <p id="question-help" className="mt-1.5 flex justify-between gap-4 text-xs text-slate-500 dark:text-slate-400">
        <span aria-live="polite">{photoNote || 'Enter to send, Shift+Enter for a new line.'}</span>
        {text.length > MAX_QUESTION_LENGTH - 200 && (
          <span className={tooLong ? 'font-semibold text-red-700 dark:text-red-300' : undefined}>
            {text.length} / {MAX_QUESTION_LENGTH}
          </span>
        )}
      </p>
    </form>
  );
}
