import { create } from 'zustand';
import { browserLanguage, i18n, isLanguage, LANGUAGES, type Language } from '../i18n';

const LANGUAGE_STORAGE_KEY = 'chat-language';

/** What this browser chose in Settings: a language, or the browser's own ("auto"). */
export type LanguageChoice = Language | 'auto';

function storedChoice(): LanguageChoice {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : 'auto';
  } catch {
    return 'auto';
  }
}

const languageOf = (choice: LanguageChoice): Language => (choice === 'auto' ? browserLanguage(navigator.languages) : choice);

/** Speaks the language: its words, and the document's language and direction (Arabic mirrors the whole layout). */
function applyLanguage(language: Language): void {
  void i18n.changeLanguage(language);
  document.documentElement.lang = LANGUAGES[language].locale;
  document.documentElement.dir = LANGUAGES[language].dir;
}

interface LanguageState {
  choice: LanguageChoice;
  /** The language spoken: the one chosen, or the browser's. */
  language: Language;
  choose(choice: LanguageChoice): void;
}

/** The app's language, this browser's choice kept in localStorage like the theme, the browser's own by default. */
export const useLanguageStore = create<LanguageState>((set) => {
  const choice = storedChoice();
  applyLanguage(languageOf(choice));
  return {
    choice,
    language: languageOf(choice),
    choose(next) {
      try {
        if (next === 'auto') localStorage.removeItem(LANGUAGE_STORAGE_KEY);
        else localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
      } catch {
        // Private mode may refuse storage; the language still applies for this visit.
      }
      applyLanguage(languageOf(next));
      set({ choice: next, language: languageOf(next) });
    },
  };
});
