/** The user's choice: follow the device, or a fixed mode. */
export type ColorModePreference = 'system' | 'light' | 'dark';
/** What is actually applied. */
export type ColorModeValue = 'light' | 'dark';

export interface ColorModeState {
  preference: ColorModePreference;
  value: ColorModeValue;
  /** True until the client has resolved the value (the server cannot know the device setting). */
  unknown: boolean;
  /** A mode the page forces, overriding the preference; `false` when the page forces nothing. */
  forced: ColorModeValue | false;
}

export const COLOR_MODE_PREFERENCES: readonly ColorModePreference[] = ['system', 'light', 'dark'];

/**
 * Reads a stored preference; anything unknown (or nothing) means `system`.
 * @param raw the stored text
 */
export function parsePreference(raw: string | null | undefined): ColorModePreference {
  return raw === 'light' || raw === 'dark' ? raw : 'system';
}

/**
 * Validates what a page asks to force. Forcing `system` makes no sense at page level (the page would then just
 * follow the preference less faithfully), so it is ignored with a warning, as the spec says.
 * @param requested the page's `forcedColorMode`
 * @param warn called with the reason when the request is ignored
 */
export function normalizeForced(
  requested: ColorModePreference | undefined,
  warn: (message: string) => void = console.warn,
): ColorModeValue | false {
  if (requested === 'system') {
    warn('[color-mode] Forcing "system" at page level is not supported; the page follows the preference.');
    return false;
  }
  return requested ?? false;
}

/**
 * The applied mode: the forced one, else the fixed preference, else the device setting.
 * @param systemPrefersDark whether `(prefers-color-scheme: dark)` matches
 */
export function resolveColorMode(
  preference: ColorModePreference,
  systemPrefersDark: boolean,
  forced: ColorModeValue | false = false,
): ColorModeValue {
  if (forced) return forced;
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/**
 * The next preference for the header switch: system → light → dark → system.
 */
export function nextPreference(current: ColorModePreference): ColorModePreference {
  const index = COLOR_MODE_PREFERENCES.indexOf(current);
  return COLOR_MODE_PREFERENCES[(index + 1) % COLOR_MODE_PREFERENCES.length] ?? 'system';
}
