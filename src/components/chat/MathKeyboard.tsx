import { MathfieldElement } from 'mathlive';
import { useEffect, useRef } from 'react';
import type { MathFieldMode } from '@/lib/mathField';
import { layoutsFor } from './mathKeyboardLayouts';
import '@/styles/math-keyboard.css';

/*
 * The math field (MathLive's <math-field>): loaded only when a student opens the math keyboard (Composer imports
 * this module with React.lazy, so none of MathLive is in the app's first load). Set up once, before the first field
 * exists: fonts from our own build (src/integrations/mathlive-fonts.ts; an absolute URL, so MathLive neither guesses
 * its own location nor asks a CDN), no sounds, no compute engine (we read the LaTeX ourselves).
 */
MathfieldElement.fontsDirectory = new URL(
  import.meta.env.PUBLIC_MATHLIVE_FONTS ?? '/_astro/mathlive-fonts',
  window.location.origin,
).href;
MathfieldElement.soundsDirectory = null;
MathfieldElement.keypressSound = null;
MathfieldElement.plonkSound = null;
MathfieldElement.computeEngine = null;

interface MathKeyboardProps {
  mode: MathFieldMode;
  /** The field's LaTeX: set from outside when it changes (cleared after sending, an answer's reading to edit). */
  value: string;
  onChange: (latex: string) => void;
  /** Enter in the field. */
  onSubmit: () => void;
  /** Escape in the field: the composer closes it and gives focus back to its button. */
  onClose: () => void;
  /** Ids of the text that describes the field (its help line). */
  describedBy: string;
}

/** The math field of the composer, with the tool's virtual keyboard layouts on touch screens. */
export default function MathKeyboard({ mode, value, onChange, onSubmit, onClose, describedBy }: MathKeyboardProps) {
  const host = useRef<HTMLDivElement>(null);
  const field = useRef<MathfieldElement | null>(null);
  // The handlers change every render; the field's listeners, made once, call the latest ones.
  const handlers = useRef({ onChange, onSubmit, onClose });
  useEffect(() => {
    handlers.current = { onChange, onSubmit, onClose };
  });
  // The value last given: a field made again (another tool's layouts) starts with what Send would send.
  const latest = useRef(value);

  useEffect(() => {
    const element = new MathfieldElement();
    element.id = 'math-field';
    element.setAttribute('aria-label', 'Maths to ask');
    element.setAttribute('aria-describedby', describedBy);
    element.className =
      'block w-full rounded-xl border border-slate-300 bg-white px-2 py-2 text-lg text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-white';
    element.addEventListener('input', () => handlers.current.onChange(element.value));
    element.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          event.stopPropagation();
          handlers.current.onSubmit();
        } else if (event.key === 'Escape' && element.mode !== 'latex') {
          // Escape in LaTeX mode leaves that mode (MathLive's own); anywhere else it closes the field.
          event.preventDefault();
          event.stopPropagation();
          handlers.current.onClose();
        }
      },
      { capture: true },
    );
    host.current?.append(element);
    // The field's own menu edits colours, styles and LaTeX: nothing a question needs, and a second way in for a
    // screen-reader user to get lost. Set once mounted: MathLive refuses it before.
    element.menuItems = [];
    element.setValue(latest.current, { silenceNotifications: true });
    field.current = element;
    window.mathVirtualKeyboard.layouts = layoutsFor(mode);
    element.focus();
    return () => {
      window.mathVirtualKeyboard.hide();
      element.remove();
      field.current = null;
    };
  }, [mode, describedBy]);

  useEffect(() => {
    latest.current = value;
    const element = field.current;
    if (element && element.value !== value) element.setValue(value, { silenceNotifications: true });
  }, [value]);

  return <div ref={host} />;
}
