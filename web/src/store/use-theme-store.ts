import { create } from 'zustand';
import { DEFAULT_THEME, isTheme, THEME_STORAGE_KEY, type Theme } from '../lib/themes';

function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

const applyTheme = (theme: Theme) => document.documentElement.setAttribute('data-theme', theme);

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
}

export const useThemeStore = create<ThemeState>((set) => {
  const theme = storedTheme();
  applyTheme(theme);
  return {
    theme,
    setTheme(next) {
      try {
        localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // Private mode may refuse storage; the theme still applies for this visit.
      }
      applyTheme(next);
      set({ theme: next });
    },
  };
});
