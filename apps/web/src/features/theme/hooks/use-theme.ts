import { MESSAGES } from '@parley/shared/messages';
import { createContext, useContext } from 'react';
import type { Theme } from '../utils/theme-preference';

export interface ThemeContextValue {
  theme: Theme;
  /** True once the user picked a theme; until then the system preference is followed. */
  isExplicit: boolean;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error(MESSAGES.useThemeOutsideProvider);
  return context;
}
