import { THEME_STORAGE_KEY } from '@parley/shared/constants';

/**
 * Spec part 1 §4: sign-out clears every stored key that belongs to the auth backend — keys starting with `sb-`
 * (the earlier hosted backend) or naming the auth library or the product — even when the sign-out call fails.
 * The theme choice is the user's, not the session's, so it stays.
 */
export function isAuthStorageKey(key: string): boolean {
  if (key === THEME_STORAGE_KEY) return false;
  const lower = key.toLowerCase();
  return lower.startsWith('sb-') || lower.includes('better-auth') || lower.includes('parley');
}

interface KeyedStorage {
  readonly length: number;
  key(index: number): string | null;
  removeItem(key: string): void;
}

/** Removes the auth keys from one storage; returns the removed key names. */
export function clearAuthKeys(storage: KeyedStorage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && isAuthStorageKey(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
  return keys;
}

export function clearStoredAuth(): void {
  for (const getStorage of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      clearAuthKeys(getStorage());
    } catch {
      // Storage can be unavailable (private mode, disabled cookies); nothing to clear then.
    }
  }
}
