import { map } from 'nanostores';
import { STORAGE_KEYS } from '@/config';
import {
  type ColorModePreference,
  type ColorModeState,
  nextPreference,
  parsePreference,
  resolveColorMode,
} from '@/lib/colorMode';
import { getStorage } from '@/lib/storage';

/**
 * Colour mode (spec §3, §4). The inline script in BaseLayout applies the mode before first paint; this store takes
 * over once scripts load, follows the device setting live and saves the user's choice.
 * The choice stays on our getStorage, not @nanostores/persistent: the inline script must read it before first paint
 * anyway, and this store ships on every content page, whose script budget (npm run bench) has no room for the library.
 */
export const $colorMode = map<ColorModeState>({ preference: 'system', value: 'light', unknown: true, forced: false });

const DARK_QUERY = '(prefers-color-scheme: dark)';

function apply(state: ColorModeState): void {
  const root = document.documentElement;
  root.classList.toggle('dark', state.value === 'dark');
  root.style.colorScheme = state.value;
  root.dataset['colorModePreference'] = state.preference;
}

function update(preference: ColorModePreference): void {
  const { forced } = $colorMode.get();
  const value = resolveColorMode(preference, matchMedia(DARK_QUERY).matches, forced);
  $colorMode.set({ preference, value, unknown: false, forced });
  apply($colorMode.get());
}

/**
 * Starts the store in the browser: reads the saved preference and the page's forced mode (set by the layout as
 * `data-forced-color-mode`), and follows device changes while the preference is `system`.
 * @returns a function that stops listening
 */
export function startColorMode(): () => void {
  const forcedAttr = document.documentElement.dataset['forcedColorMode'];
  const forced = forcedAttr === 'light' || forcedAttr === 'dark' ? forcedAttr : false;
  $colorMode.setKey('forced', forced);
  update(parsePreference(getStorage('local').getItem(STORAGE_KEYS.colorMode)));
  const media = matchMedia(DARK_QUERY);
  const onChange = (): void => update($colorMode.get().preference);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Saves and applies a preference. */
export function setColorModePreference(preference: ColorModePreference): void {
  const storage = getStorage('local');
  if (preference === 'system') storage.removeItem(STORAGE_KEYS.colorMode);
  else storage.setItem(STORAGE_KEYS.colorMode, preference);
  update(preference);
}

/** The header switch's action: system → light → dark → system. */
export function cycleColorMode(): ColorModePreference {
  const next = nextPreference($colorMode.get().preference);
  setColorModePreference(next);
  return next;
}
