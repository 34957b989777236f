import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { parseLanguagePair } from '@/lib/languages';
import { $hintsFirst, $languagePair } from '@/stores/settings';

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  cleanTestStorage();
  cleanStores($hintsFirst, $languagePair);
});

describe('$hintsFirst', () => {
  test('is off by default and saved as 1/0, the values stored before', () => {
    keepMount($hintsFirst);
    expect($hintsFirst.get()).toBe(false);
    $hintsFirst.set(true);
    expect(getTestStorage()).toEqual({ 'studyease:hints-first': '1' });
    setTestStorageKey('studyease:hints-first', '0');
    expect($hintsFirst.get()).toBe(false);
  });
});

describe('$languagePair', () => {
  test('saves the pair as JSON and reads it back', () => {
    keepMount($languagePair);
    $languagePair.set({ from: 'French', to: 'German' });
    expect(JSON.parse(getTestStorage()['studyease:translator-languages'] ?? 'null')).toEqual({
      from: 'French',
      to: 'German',
    });
  });
});

describe('parseLanguagePair', () => {
  test('falls back to detect → English for what it does not know', () => {
    expect(parseLanguagePair('{"from":"French","to":"German"}')).toEqual({ from: 'French', to: 'German' });
    expect(parseLanguagePair('{"from":"Klingon","to":"Elvish"}')).toEqual({ from: '', to: 'English' });
    expect(parseLanguagePair('not json')).toEqual({ from: '', to: 'English' });
    expect(parseLanguagePair('null')).toEqual({ from: '', to: 'English' });
  });
});
