/** The languages the app speaks: its name in itself, which way it is written, the locale its dates and numbers follow. */
export const LANGUAGES = {
  en: { name: 'English', dir: 'ltr', locale: 'en-US' },
  ar: { name: 'العربية', dir: 'rtl', locale: 'ar' },
  es: { name: 'Español', dir: 'ltr', locale: 'es' },
} as const;

export type Language = keyof typeof LANGUAGES;

export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

/** The first of the browser's languages the app speaks ("ar-EG" is Arabic, "es-419" Spanish); English when none. */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
