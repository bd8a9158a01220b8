import { describe, expect, it } from 'vitest';
import { useThemeStore } from '../../src/store/use-theme-store';

describe('useThemeStore', () => {
  it('saves the chosen theme under chat-theme and applies it to the page', () => {
    useThemeStore.getState().setTheme('dracula');
    expect(localStorage.getItem('chat-theme')).toBe('dracula');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dracula');
    expect(useThemeStore.getState().theme).toBe('dracula');
  });
});
