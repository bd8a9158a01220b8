import { find } from 'linkifyjs';
import { Type, type Static } from 'typebox';

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

/** The longest web address a link preview is asked for. */
export const MAX_LINK_URL = 2048;

/**
 * What a message's first web link shows, as every messenger does: the page's title, a line of its
 * description, its site, and its picture, fetched by the server (never by the reader's browser).
 */
export const LinkCardSchema = Type.Object({
  /** Where the page was found, after its redirects. */
  url: Type.String(),
  title: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  siteName: Type.String(),
  /** The page's picture, kept by the server: served to anyone signed in. */
  image: Type.Union([Type.String(), Type.Null()]),
});
export type LinkCard = Static<typeof LinkCardSchema>;

export const LinkPreviewQuerySchema = Type.Object({
  url: Type.String({ minLength: 1, maxLength: MAX_LINK_URL, pattern: '^https?://', errorMessage: 'url must be a web address' }),
});

/** The answer: the card, or null when the page has none (or cannot be reached, or is not on the public web). */
export const LinkPreviewSchema = Type.Object({ card: Type.Union([LinkCardSchema, Type.Null()]) });
export type LinkPreview = Static<typeof LinkPreviewSchema>;

export const LINK_PREVIEWS_TOO_FAST = 'You are asking for link previews too fast. Please slow down.';
