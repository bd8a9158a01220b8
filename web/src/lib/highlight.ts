import { searchWords } from '@chat/contracts';

export interface TextPart {
  text: string;
  /** A word starting with one of the words searched for. */
  isMatch: boolean;
}

/** `text` in parts, the words a search for `query` found marked, as the server matches them (word starts, case ignored). */
export function highlightSearch(text: string, query: string): TextPart[] {
  const words = searchWords(query);
  return text
    .split(/([\p{L}\p{N}]+)/u)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, isMatch: words.some((word) => part.toLowerCase().startsWith(word)) }));
}
