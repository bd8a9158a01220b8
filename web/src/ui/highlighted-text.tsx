import { highlightSearch } from '../lib/highlight';

/** `text` with the words a search for `query` found marked; as it is without a query. */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  if (!query) return text;
  return highlightSearch(text, query).map((part, index) =>
    part.isMatch ? (
      <mark key={index} className="rounded-sm bg-warning/40 text-inherit">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
