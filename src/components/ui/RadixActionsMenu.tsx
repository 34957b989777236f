import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useLayoutEffect, useRef } from 'react';
import type { ActionsMenuProps, Handover } from './ActionsMenu';

/** The actions menu itself (loaded by ActionsMenu after the first paint). */
export default function RadixActionsMenu({
  label,
  trigger,
  triggerClassName,
  contentClassName,
  items,
  container,
  open,
  onOpenChange,
  placeholderFocused,
}: ActionsMenuProps & Handover) {
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    // The placeholder this replaces had the focus: the page keeps it where the student left it.
    const active = document.activeElement;
    if (placeholderFocused.current && (active === null || active === document.body)) button.current?.focus();
  }, [placeholderFocused]);

  const content = (
    <DropdownMenu.Content align="end" sideOffset={4} className={contentClassName}>
      {items.map((item) => (
        <DropdownMenu.Item key={item.label} className={item.className} onSelect={item.onSelect}>
          {item.label}
        </DropdownMenu.Item>
      ))}
    </DropdownMenu.Content>
  );
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while it stays focusable.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger ref={button} className={triggerClassName} aria-label={label}>
        {trigger}
      </DropdownMenu.Trigger>
      {container === undefined ? content : <DropdownMenu.Portal container={container}>{content}</DropdownMenu.Portal>}
    </DropdownMenu.Root>
  );
}
