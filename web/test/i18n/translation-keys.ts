import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contracts from '@chat/contracts';

const SOURCE = join(__dirname, '../../src');
/** A text given to the i18n library: t('…'), translate('…') (t under another name) or translatable('…'), its first argument. */
const CALL = /\b(?:t|translate|translatable)\(\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)")\s*(,\s*\{[^}]*\bcount\b)?/g;

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(folder, entry.name)] : [],
  );

/** Every text of the web app's source, and which of them are counted (a plural: "1 chat", "2 chats"). */
export function sourceKeys(): { keys: Set<string>; counted: Set<string> } {
  const keys = new Set<string>();
  const counted = new Set<string>();
  for (const file of sourceFiles(SOURCE)) {
    for (const match of readFileSync(file, 'utf8').matchAll(CALL)) {
      const key = (match[1] ?? match[2] ?? '').replace(/\\(.)/g, '$1');
      keys.add(key);
      if (match[3]) counted.add(key);
    }
  }
  return { keys, counted };
}

/** A sentence for a person ("About is required"), not a name or a note for a developer ("limit must be an integer…"). */
const isSentence = (value: unknown): value is string => typeof value === 'string' && /^[A-Z][^/]* [^/]*$/.test(value);

/** Every `errorMessage` a schema of the contracts gives (a text, or one per failed keyword), however deep. */
function schemaMessages(value: unknown, seen = new Set<unknown>()): string[] {
  if (!value || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  const own = (value as { errorMessage?: unknown }).errorMessage;
  const messages = typeof own === 'string' ? [own] : own && typeof own === 'object' ? Object.values(own).flatMap(textsIn) : [];
  return [...messages, ...Object.values(value).flatMap((inner) => schemaMessages(inner, seen))];
}
const textsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(textsIn) : [];

/**
 * The server's and the form checks' known messages, which the app translates where it shows them:
 * every sentence the contracts export, what their schemas say of a wrong request, and what their
 * checks say of a wrong input.
 */
export function serverMessages(): Set<string> {
  // A constant, or a group of them (FILE_ERRORS.tooLarge).
  const constants = Object.values(contracts).flatMap((value) => (value && typeof value === 'object' ? Object.values(value) : [value]));
  const sentences = [...constants, ...Object.values(contracts).flatMap((value) => schemaMessages(value))].filter(isSentence);
  const checks = [
    ...['', 'a', 'a'.repeat(200)].flatMap((password) => [
      contracts.checkPassword(password),
      contracts.checkPassword(password, 'New password'),
    ]),
    ...[
      { fullName: '', email: 'a@b.co', password: 'secret1' },
      { fullName: 'A'.repeat(500), email: 'a@b.co', password: 'secret1' },
      { fullName: 'Ann', email: '', password: 'secret1' },
      { fullName: 'Ann', email: 'nope', password: 'secret1' },
      { fullName: 'Ann', email: 'a@b.co', password: '' },
      { fullName: 'Ann', email: 'a@b.co', password: 'a' },
    ].map((form) => {
      const checked = contracts.checkSignup(form);
      return checked.ok ? undefined : checked.message;
    }),
    contracts.checkImageFile({ type: 'text/plain', size: 1 }),
    contracts.checkAttachedFile({ size: 0 }),
    contracts.checkAttachedFile({ size: contracts.MAX_FILE_BYTES + 1 }),
    contracts.checkImageFile({ type: 'image/png', size: contracts.MAX_IMAGE_BYTES + 1 }),
  ];
  return new Set([...sentences, ...checks.filter((message): message is string => Boolean(message))]);
}
