import { TRANSLATOR_LANGUAGES } from '@studyease/contract/tools';

/**
 * Languages the translator offers (names as the model is asked for them): the backend's list, which its request
 * validation accepts, imported rather than copied so the two cannot drift.
 */
export const LANGUAGES = TRANSLATOR_LANGUAGES;

/** `from` empty means "detect the language". */
export interface LanguagePair {
  from: string;
  to: string;
}

/** Detect the language, into English. */
export const DEFAULT_LANGUAGE_PAIR: LanguagePair = { from: '', to: 'English' };
const known = (value: unknown): value is string => LANGUAGES.some((language) => language === value);

/**
 * Reads a stored pair (src/stores/settings.ts keeps it); a language we no longer offer falls back to the default.
 * @param stored the JSON text saved earlier
 */
export function parseLanguagePair(stored: string): LanguagePair {
  try {
    const saved = JSON.parse(stored) as unknown;
    if (typeof saved !== 'object' || saved === null) return DEFAULT_LANGUAGE_PAIR;
    const { from, to } = saved as Record<string, unknown>;
    return { from: known(from) ? from : '', to: known(to) ? to : DEFAULT_LANGUAGE_PAIR.to };
  } catch {
    return DEFAULT_LANGUAGE_PAIR;
  }
}

/** The options the backend's translator takes: `to`, and `from` unless it should detect it. */
export function languageOptions(pair: LanguagePair): Record<string, string> {
  return pair.from ? { from: pair.from, to: pair.to } : { to: pair.to };
}
