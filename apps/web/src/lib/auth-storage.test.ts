import { describe, expect, it } from 'vitest';
import { clearAuthKeys, isAuthStorageKey } from './auth-storage';

function memoryStorage(entries: Record<string, string>) {
  const data = new Map(Object.entries(entries));
  return {
    get length() {
      return data.size;
    },
    key: (index: number) => [...data.keys()][index] ?? null,
    removeItem: (key: string) => void data.delete(key),
    keys: () => [...data.keys()],
  };
}

describe('auth storage keys', () => {
  it('matches keys starting with sb- or naming the auth library or the product', () => {
    expect(isAuthStorageKey('sb-project-auth-token')).toBe(true);
    expect(isAuthStorageKey('better-auth.session_token')).toBe(true);
    expect(isAuthStorageKey('parley.lastActivityAt')).toBe(true);
    expect(isAuthStorageKey('my-Parley-draft')).toBe(true);
  });

  it('keeps the theme and unrelated keys', () => {
    expect(isAuthStorageKey('theme')).toBe(false);
    expect(isAuthStorageKey('debug-settings')).toBe(false);
    expect(isAuthStorageKey('xsb-not-a-prefix')).toBe(false);
  });

  it('removes every matching key, including neighbours that shift while removing', () => {
    const storage = memoryStorage({
      'sb-a': '1',
      'sb-b': '2',
      theme: 'dark',
      'better-auth.x': '3',
      other: 'keep',
      'parley.y': '4',
    });
    expect(clearAuthKeys(storage).sort()).toEqual(['better-auth.x', 'parley.y', 'sb-a', 'sb-b']);
    expect(storage.keys().sort()).toEqual(['other', 'theme']);
  });
});
