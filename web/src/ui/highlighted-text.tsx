import { highlightSearch } from '../lib/highlight';

/**
 * `text` with the words a search for `query` found marked; as it is without a query. The mark is the
 * theme's warning colour with its own text colour: readable on any bubble, in every theme.
 */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  if (!query) return text;
  return highlightSearch(text, query).map((part, index) =>
    part.isMatch ? (
      <mark key={index} className="rounded-sm bg-warning text-warning-content">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
