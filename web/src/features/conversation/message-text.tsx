import { tokenize } from 'linkifyjs';
import { Fragment } from 'react';
import { HighlightedText } from '../../ui/highlighted-text';

/** The schemes a message's link may open: the web and mail, never script, files or anything else. */
const SAFE_LINK = /^(https?:|mailto:)/i;

/** Escapes what a regular expression would read as its own. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with the "@Name" of each person it mentions in bold (its words still marked by a search). */
function WithMentions({ text, query, names }: { text: string; query: string; names: string[] }) {
  if (names.length === 0) return <HighlightedText text={text} query={query} />;
  const mention = new RegExp(`(${names.map((name) => `@${literally(name)}`).join('|')})`, 'u');
  return text.split(mention).map((part, index) =>
    // split keeps what the group caught at the odd places.
    index % 2 === 1 ? (
      <span key={index} className="font-semibold" data-testid="mention">
        <HighlightedText text={part} query={query} />
      </span>
    ) : (
      <HighlightedText key={index} text={part} query={query} />
    ),
  );
}

/**
 * A message's text with its web addresses and emails as links (opened in a new tab, telling the
 * site nothing of where the link was), the people it mentions in bold, and a search's words
 * marked, links included.
 */
export function MessageText({ text, query, mentioned = [] }: { text: string; query: string; mentioned?: string[] }) {
  return tokenize(text).map((token, index) => {
    const shown = token.isLink ? (
      <HighlightedText text={token.toString()} query={query} />
    ) : (
      <WithMentions text={token.toString()} query={query} names={mentioned} />
    );
    const href = token.isLink ? token.toHref('https') : '';
    if (!SAFE_LINK.test(href)) return <Fragment key={index}>{shown}</Fragment>;
    return (
      <a key={index} href={href} target="_blank" rel="noopener noreferrer nofollow" className="link break-all">
        {shown}
      </a>
    );
  });
}
