import type { BlobStore } from '@chat/blobs';
import { MAX_IMAGE_BYTES, type LinkCard } from '@chat/contracts';
import type { Queryable } from '@chat/database';
import { cleanImage, makeThumbnail, mediaKeys, mediaUrl } from '@chat/media';
import { safeFetch, type FetchPolicy } from './safe-fetch.js';

/** A page's head is read, never more: a card's words are at its top. */
const PAGE_BYTES = 512 * 1024;
/** A card's picture: at most what a message's photo may be (it is kept as a small WebP). */
const PICTURE_BYTES = MAX_IMAGE_BYTES;
/** Time for the page, and again for its picture. */
const FETCH_TIMEOUT_MS = 5000;
/** A card (or its absence) is fetched again after a day. */
const FRESH_FOR = '1 day';
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 300;

const clip = (text: string | undefined, max: number): string | null => {
  const trimmed = text?.replace(/\s+/g, ' ').trim();
  if (!trimmed) return null;
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
};

export interface LinkCardsOptions {
  db: Queryable;
  blobs: BlobStore;
  policy: FetchPolicy;
}

/**
 * Link cards, as the server makes them for a message's first web link: a page's title,
 * description, site and picture (Open Graph, then Twitter cards, then its <title>), fetched through
 * the safe fetcher and kept per address for everyone, its picture in the object store. One address
 * asked for by many at once is fetched once.
 */
export function linkCards({ db, blobs, policy }: LinkCardsOptions) {
  const underWay = new Map<string, Promise<LinkCard | null>>();

  const fetchCard = async (url: string): Promise<LinkCard | null> => {
    const page = await safeFetch(url, policy, { maxBytes: PAGE_BYTES, truncate: true, timeoutMs: FETCH_TIMEOUT_MS, accept: 'text/html' });
    if (!/^text\/html|^application\/xhtml\+xml/i.test(page.contentType)) return null;
    // Loaded with the first card: the scraper and the HTML parsers under it cost every start ~0.1 s
    // of CPU (7 % of loading the service) for what many replicas never serve.
    const { default: ogs } = await import('open-graph-scraper');
    const { result } = await ogs({ html: page.body.toString('utf8') });
    const title = clip(result.ogTitle ?? result.twitterTitle, TITLE_MAX);
    if (!title) return null;
    const picture = result.ogImage?.[0]?.url ?? result.twitterImage?.[0]?.url;
    return {
      url: page.url.href,
      title,
      description: clip(result.ogDescription ?? result.twitterDescription, DESCRIPTION_MAX),
      siteName: clip(result.ogSiteName, TITLE_MAX) ?? page.url.hostname,
      image: picture ? await keepPicture(new URL(picture, page.url).href).catch(() => null) : null,
    };
  };

  /** The picture, checked and made small as a message's photo is, kept under the page's own key. */
  const keepPicture = async (pictureUrl: string): Promise<string> => {
    const fetched = await safeFetch(pictureUrl, policy, {
      maxBytes: PICTURE_BYTES,
      truncate: false,
      timeoutMs: FETCH_TIMEOUT_MS,
      accept: 'image/*',
    });
    const clean = await cleanImage(fetched.body);
    const key = mediaKeys.linkPreview(pictureUrl);
    await blobs.put(key, await makeThumbnail(clean.bytes, clean.extension));
    return mediaUrl(key);
  };

  const fetchAndKeep = async (url: string): Promise<LinkCard | null> => {
    const card = await fetchCard(url).catch(() => null);
    await db.query(
      `INSERT INTO link_cards (url, card) VALUES ($1, $2::jsonb)
       ON CONFLICT (url) DO UPDATE SET card = EXCLUDED.card, fetched_at = now()`,
      [url, card && JSON.stringify(card)],
    );
    return card;
  };

  return {
    /** The card kept for a web address while fresh (null: it has none); undefined when it must be fetched. */
    async keptCard(url: string): Promise<LinkCard | null | undefined> {
      const kept = await db.query<{ card: LinkCard | null }>(
        `SELECT card FROM link_cards WHERE url = $1 AND fetched_at > now() - interval '${FRESH_FOR}'`,
        [url],
      );
      return kept[0]?.card;
    },
    /** The card of a web address, fetched now (once, however many ask at the same time); null when it has none. */
    fetchCard(url: string): Promise<LinkCard | null> {
      const pending = underWay.get(url) ?? fetchAndKeep(url).finally(() => underWay.delete(url));
      underWay.set(url, pending);
      return pending;
    },
  };
}

export type LinkCards = ReturnType<typeof linkCards>;
