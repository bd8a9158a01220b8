import { find } from 'linkifyjs';

/** The links "Media, links and docs" lists: to the web only, never script, mail or files. */
const WEB_LINK = /^https?:/i;

/**
 * What a link linkify finds holds (a bare "localhost" aside): a scheme's "://", or a dot before a
 * domain's next label. Most messages have neither, and skip linkify (3-4 µs a message).
 */
const MAY_HOLD_LINK = /:\/\/|\.[\p{L}\p{N}]/u;

/** The web addresses in a message's text, as the app makes links of them (a bare domain as https). */
export const linksIn = (text: string | null): string[] =>
  text && MAY_HOLD_LINK.test(text)
    ? find(text, 'url', { defaultProtocol: 'https' })
        .map((link) => link.href)
        .filter((href) => WEB_LINK.test(href))
    : [];
