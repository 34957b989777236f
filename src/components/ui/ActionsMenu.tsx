import { lazy, type ReactNode, type RefObject, Suspense, useRef, useState } from 'react';

/** One choice of an actions menu. */
export interface ActionsMenuItem {
  label: string;
  onSelect: () => void;
  className: string;
}

export interface ActionsMenuProps {
  /** The trigger's accessible name ("Actions for …"). */
  label: string;
  /** What the trigger shows (an icon or a mark, hidden from screen readers by the caller). */
  trigger: ReactNode;
  triggerClassName: string;
  contentClassName: string;
  items: readonly ActionsMenuItem[];
  /** Where the menu opens (a portal); undefined: in place, inside its own region of the page. */
  container?: HTMLElement | null;
}

/** What the loaded menu carries on from the placeholder it replaces. */
export interface Handover {
  /** The student asked for the menu before it had loaded: it opens at once. */
  openAtOnce: boolean;
  /** Whether the placeholder has the focus (read when the real trigger replaces it, which then takes it over). */
  placeholderFocused: RefObject<boolean>;
}

// Radix's menu (with floating-ui, focus scopes and roving focus) is about 25 KB gzipped: it is not part of the app's
// first load (issue #15). It starts loading as soon as a menu is drawn, which is right after the first paint.
const RadixActionsMenu = lazy(() => import('./RadixActionsMenu'));

/**
 * A menu of actions behind a small button (a conversation's rename and delete, the answer's copy formats). Until the
 * menu's code has loaded, an identical button stands in its place; a click on it opens the menu once it is here.
 */
export default function ActionsMenu(props: ActionsMenuProps) {
  const [wanted, setWanted] = useState(false);
  const focused = useRef(false);
  const ask = () => setWanted(true);
  const placeholder = (
    <button
      type="button"
      className={props.triggerClassName}
      aria-label={props.label}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={wanted || undefined}
      data-state="closed"
      onFocus={() => (focused.current = true)}
      onBlur={() => (focused.current = false)}
      onClick={ask}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') ask();
      }}
    >
      {props.trigger}
    </button>
  );
  return (
    <Suspense fallback={placeholder}>
      <RadixActionsMenu {...props} openAtOnce={wanted} placeholderFocused={focused} />
    </Suspense>
  );
}
