import type { ColorModePreference } from '@/lib/colorMode';
import { $colorMode, cycleColorMode, startColorMode } from '@/stores/colorMode';

const NEXT_LABEL: Record<ColorModePreference, string> = { system: 'light', light: 'dark', dark: 'system' };

/** Wires every colour-mode button on the page to the store and keeps their labels true. */
export function startColorModeSwitch(): void {
  startColorMode();
  const buttons = document.querySelectorAll<HTMLButtonElement>('[data-color-mode-switch]');
  for (const button of buttons) button.addEventListener('click', () => cycleColorMode());
  $colorMode.subscribe(({ preference }) => {
    for (const button of buttons) {
      button.setAttribute('aria-label', `Colour mode: ${preference}. Switch to ${NEXT_LABEL[preference]}`);
    }
  });
}
