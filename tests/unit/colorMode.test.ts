import { describe, expect, test, vi } from 'vitest';
import { nextPreference, normalizeForced, parsePreference, resolveColorMode } from '@/lib/colorMode';

describe('resolveColorMode', () => {
  test('follows the device with the system preference', () => {
    expect(resolveColorMode('system', true)).toBe('dark');
    expect(resolveColorMode('system', false)).toBe('light');
  });

  test('keeps a fixed preference whatever the device says', () => {
    expect(resolveColorMode('light', true)).toBe('light');
    expect(resolveColorMode('dark', false)).toBe('dark');
  });

  test('lets a forced mode override the preference', () => {
    expect(resolveColorMode('dark', true, 'light')).toBe('light');
    expect(resolveColorMode('system', false, 'dark')).toBe('dark');
  });
});

describe('parsePreference', () => {
  test('reads light and dark, and anything else as system', () => {
    expect(parsePreference('light')).toBe('light');
    expect(parsePreference('dark')).toBe('dark');
    expect(parsePreference(null)).toBe('system');
    expect(parsePreference('purple')).toBe('system');
  });
});

describe('normalizeForced', () => {
  test('ignores forcing system, with a warning', () => {
    const warn = vi.fn();
    expect(normalizeForced('system', warn)).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });

  test('keeps light and dark, and nothing means not forced', () => {
    const warn = vi.fn();
    expect(normalizeForced('dark', warn)).toBe('dark');
    expect(normalizeForced(undefined, warn)).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('nextPreference', () => {
  test('cycles system, light, dark', () => {
    expect(nextPreference('system')).toBe('light');
    expect(nextPreference('light')).toBe('dark');
    expect(nextPreference('dark')).toBe('system');
  });
});
