import {
  type KeyboardEvent,
  lazy,
  type PointerEvent,
  type ReactNode,
  startTransition,
  Suspense,
  useCallback,
  useRef,
  useState,
} from 'react';

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

/** What a menu's real trigger carries on from the placeholder it replaces. */
export interface Handover {
  /** Whether the menu is open: asked for on the placeholder before the menu had loaded, it opens at once. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The real trigger's ref: given the button, it takes the focus over when the placeholder it replaces had it. */
  triggerRef: (button: HTMLButtonElement | null) => void;
}

/**
 * A menu whose code (Radix's menu with floating-ui, focus scopes and roving focus: about 30 KB gzipped) is not part
 * of a page's first load (issue #15): a plain button that looks the same stands in for its trigger and loads the menu
 * at the first sign of use (the pointer over it, the focus). Pressed before the menu has loaded, as Radix's trigger
 * is (pointer down, Enter, Space, ArrowDown), it opens the menu once it is here. The placeholder stays on screen (a
 * transition) until the menu replaces it, so nothing flickers.
 * @returns whether the menu is wanted, what to hand over to it, and the placeholder button's props
 */
export function useDeferredMenu() {
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);
  const placeholderFocused = useRef(false);
  const request = (opening: boolean) =>
    startTransition(() => {
      setRequested(true);
      if (opening) setOpen(true);
    });
  const triggerRef = useCallback((button: HTMLButtonElement | null) => {
    // The page keeps the focus where the student left it, unless it has gone somewhere else since.
    const active = document.activeElement;
    if (button && placeholderFocused.current && (active === null || active === document.body)) button.focus();
  }, []);
  const handover: Handover = { open, onOpenChange: setOpen, triggerRef };
  const placeholderProps = {
    type: 'button',
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: () => request(false),
    onPointerDown: (event: PointerEvent) => request(event.button === 0 && !event.ctrlKey),
    onFocus: () => {
      placeholderFocused.current = true;
      request(false);
    },
    onBlur: () => {
      placeholderFocused.current = false;
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
        event.preventDefault();
        request(true);
      }
    },
  } as const;
  return { requested, handover, placeholderProps };
}

const RadixActionsMenu = lazy(() => import('./RadixActionsMenu'));

/** A menu of actions behind a small button (a conversation's rename and delete, the answer's copy formats). */
export default function ActionsMenu(props: ActionsMenuProps) {
  const { requested, handover, placeholderProps } = useDeferredMenu();
  return (
    <Suspense fallback={null}>
      {requested ? (
        <RadixActionsMenu {...props} {...handover} />
      ) : (
        <button className={props.triggerClassName} aria-label={props.label} {...placeholderProps}>
          {props.trigger}
        </button>
      )}
    </Suspense>
  );
}
