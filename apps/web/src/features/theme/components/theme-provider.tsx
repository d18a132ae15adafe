import { THEME_STORAGE_KEY } from '@parley/shared/constants';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeContext, type ThemeContextValue } from '../hooks/use-theme';
import { readStoredTheme, resolveTheme, type Theme } from '../utils/theme-preference';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function getStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function systemPrefersDark(): boolean | null {
  if (typeof window.matchMedia !== 'function') return null;
  return window.matchMedia(DARK_QUERY).matches;
}

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<Theme | null>(() => readStoredTheme(getStorage()));
  const [systemDark, setSystemDark] = useState<boolean | null>(() => systemPrefersDark());
  const theme = resolveTheme(stored, systemDark);

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  // Follow the operating system until the user picks a theme.
  useEffect(() => {
    if (stored || typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [stored]);

  // Another tab changed the theme.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) setStored(readStoredTheme(getStorage()));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setTheme = useCallback((next: Theme) => {
    try {
      getStorage()?.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Not persisted, but still applied for this visit.
    }
    setStored(next);
  }, []);

  const value = useMemo<ThemeContextValue>(
    () => ({
      theme,
      isExplicit: stored !== null,
      setTheme,
      toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark'),
    }),
    [theme, stored, setTheme],
  );

  return <ThemeContext value={value}>{children}</ThemeContext>;
}
