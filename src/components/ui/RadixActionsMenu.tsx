import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
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
  triggerRef,
}: ActionsMenuProps & Handover) {
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
      <DropdownMenu.Trigger ref={triggerRef} className={triggerClassName} aria-label={label}>
        {trigger}
      </DropdownMenu.Trigger>
      {container === undefined ? content : <DropdownMenu.Portal container={container}>{content}</DropdownMenu.Portal>}
    </DropdownMenu.Root>
  );
}
