import { persistentAtom } from '@nanostores/persistent';
import { STORAGE_KEYS } from '@/config';
import { DEFAULT_LANGUAGE_PAIR, type LanguagePair, parseLanguagePair } from '@/lib/languages';

/*
 * The student's settings kept on this device (localStorage), as persistent stores: set one and it is saved, and
 * another tab's change arrives through the storage event. The colour mode is not here: its preference must be read
 * by the inline script before first paint, and its store ships on every content page, whose script budget has no
 * room for this library (src/stores/colorMode.ts).
 */

/** "Hints first": start an engine's answer as a hint ladder. Stored as "1"/"0", as before this store. */
export const $hintsFirst = persistentAtom<boolean>(STORAGE_KEYS.hintsFirst, false, {
  encode: (value) => (value ? '1' : '0'),
  decode: (stored) => stored === '1',
});

/** The translator's languages chosen last; an unknown or damaged value reads as detect → English. */
export const $languagePair = persistentAtom<LanguagePair>(STORAGE_KEYS.translatorLanguages, DEFAULT_LANGUAGE_PAIR, {
  encode: JSON.stringify,
  decode: parseLanguagePair,
});
