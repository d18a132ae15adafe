import { describe, expect, it } from 'vitest';
import { readStoredTheme, resolveTheme } from './theme-preference';

function storageWith(value: string | null) {
  return { getItem: (key: string) => (key === 'theme' ? value : null) };
}

describe('theme preference', () => {
  it('is light by default', () => {
    expect(resolveTheme(null, null)).toBe('light');
    expect(resolveTheme(null, false)).toBe('light');
  });

  it('follows the system preference until the user picks one', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('reads only valid choices from the `theme` key', () => {
    expect(readStoredTheme(storageWith('dark'))).toBe('dark');
    expect(readStoredTheme(storageWith('light'))).toBe('light');
    expect(readStoredTheme(storageWith('purple'))).toBeNull();
    expect(readStoredTheme(storageWith(null))).toBeNull();
    expect(readStoredTheme(undefined)).toBeNull();
  });

  it('treats unreadable storage as no choice', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readStoredTheme(throwing)).toBeNull();
  });
});
