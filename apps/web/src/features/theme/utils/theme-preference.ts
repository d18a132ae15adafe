import { THEME_DEFAULT, THEME_STORAGE_KEY } from '@parley/shared/constants';

export type Theme = 'light' | 'dark';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The user's stored choice, or null when they have not chosen (or storage is unavailable). */
export function readStoredTheme(storage: Pick<Storage, 'getItem'> | undefined): Theme | null {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

/** Spec part 1 §2: a stored choice wins; otherwise follow the system; light when the system says nothing. */
export function resolveTheme(stored: Theme | null, systemPrefersDark: boolean | null): Theme {
  if (stored) return stored;
  if (systemPrefersDark === null) return THEME_DEFAULT;
  return systemPrefersDark ? 'dark' : 'light';
}
