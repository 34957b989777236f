import { TRANSLATOR_LANGUAGES } from '@studyease/contract/tools';
import { STORAGE_KEYS } from '@/config';
import { getStorage } from './storage';

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

const DEFAULT_PAIR: LanguagePair = { from: '', to: 'English' };
const known = (value: unknown): value is string => LANGUAGES.some((language) => language === value);

/** The pair chosen last on this device, or detect → English. */
export function readLanguagePair(): LanguagePair {
  try {
    const saved = JSON.parse(getStorage('local').getItem(STORAGE_KEYS.translatorLanguages) ?? 'null') as unknown;
    if (typeof saved !== 'object' || saved === null) return DEFAULT_PAIR;
    const { from, to } = saved as Record<string, unknown>;
    return { from: known(from) ? from : '', to: known(to) ? to : DEFAULT_PAIR.to };
  } catch {
    return DEFAULT_PAIR;
  }
}

export function saveLanguagePair(pair: LanguagePair): void {
  getStorage('local').setItem(STORAGE_KEYS.translatorLanguages, JSON.stringify(pair));
}

/** The options the backend's translator takes: `to`, and `from` unless it should detect it. */
export function languageOptions(pair: LanguagePair): Record<string, string> {
  return pair.from ? { from: pair.from, to: pair.to } : { to: pair.to };
}
