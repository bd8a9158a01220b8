import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from './languages';
import ar from './locales/ar.json';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * The app's words in every language it speaks. A key is the English text itself (the product's
 * words as written, read where they are used); en.json holds only what English needs beside it:
 * plural forms. A text a language lacks falls back to English.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ar: { translation: ar }, es: { translation: es } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  // The keys are English sentences: their dots and colons are text, not paths.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  // The words are bundled: ready before the first render.
  initAsync: false,
});

/** The words of the language in use, outside a component (a store's toast, a date's format); a component uses useTranslation. */
export const t = i18n.t.bind(i18n);

/** The language in use. */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** The locale dates, times and numbers are written in: the language in use's ("en-US" for English, as the product says). */
export const currentLocale = (): string => LANGUAGES[currentLanguage()].locale;

/**
 * Marks a text to be translated where it is shown later, by t(text) (a list's labels, a known
 * server message): the translation test finds every key in a call to t or to this mark.
 */
export const translatable = <Text extends string>(text: Text): Text => text;
