import { describe, expect, it } from 'vitest';
import ar from '../../src/i18n/locales/ar.json';
import en from '../../src/i18n/locales/en.json';
import es from '../../src/i18n/locales/es.json';
import { serverMessages, sourceKeys } from './translation-keys';

const LOCALES: Record<string, Record<string, string>> = { ar, es };
const { keys, counted } = sourceKeys();
const known = new Set([...keys, ...serverMessages()]);

/** The forms a counted text takes in a language ("one", "other"; Arabic has six). */
const pluralForms = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories;
/** The entries a language needs for a text: the text itself, or each of its plural forms. */
const entriesFor = (language: string, key: string) => (counted.has(key) ? pluralForms(language).map((form) => `${key}_${form}`) : [key]);

describe('translations: every text of the app in every language it speaks', () => {
  it('finds the app’s texts (the check below reads them all)', () => {
    expect(keys.size).toBeGreaterThan(300);
    expect(keys).toContain('Search contacts');
    expect(counted).toContain('{{count}} unread');
  });

  it.each(Object.keys(LOCALES))('has every text and known server message in %s, each plural form too', (language) => {
    const untranslated = [...known].flatMap((key) => entriesFor(language, key)).filter((entry) => !LOCALES[language]![entry]);
    expect(untranslated).toEqual([]);
  });

  it.each(Object.keys(LOCALES))('keeps no text in %s that the app no longer says', (language) => {
    const wanted = new Set([...known].flatMap((key) => entriesFor(language, key)));
    expect(Object.keys(LOCALES[language]!).filter((entry) => !wanted.has(entry))).toEqual([]);
  });

  it('gives English the singular of every counted text (the text itself is its plural)', () => {
    expect([...counted].filter((key) => !(en as Record<string, string>)[`${key}_one`])).toEqual([]);
    expect(Object.keys(en).filter((entry) => !counted.has(entry.replace(/_one$/, '')))).toEqual([]);
  });
});
