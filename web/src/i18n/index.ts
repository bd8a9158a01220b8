export { currentLanguage, currentLocale, i18n, t, translatable } from './i18n';
export { browserLanguage, DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';
