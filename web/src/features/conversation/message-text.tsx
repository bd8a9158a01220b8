import { tokenize } from 'linkifyjs';
import { Fragment } from 'react';
import { HighlightedText } from '../../ui/highlighted-text';

/** The schemes a message's link may open: the web and mail, never script, files or anything else. */
const SAFE_LINK = /^(https?:|mailto:)/i;

/**
 * A message's text with its web addresses and emails as links (opened in a new tab, telling the
 * site nothing of where the link was), and a search's words marked, links included.
 */
export function MessageText({ text, query }: { text: string; query: string }) {
  return tokenize(text).map((token, index) => {
    const shown = <HighlightedText text={token.toString()} query={query} />;
    const href = token.isLink ? token.toHref('https') : '';
    if (!SAFE_LINK.test(href)) return <Fragment key={index}>{shown}</Fragment>;
    return (
      <a key={index} href={href} target="_blank" rel="noopener noreferrer nofollow" className="link break-all">
        {shown}
      </a>
    );
  });
}
