import { randomUUID } from 'node:crypto';
import { MEDIA_PATH } from '@chat/contracts';
import type { ImageExtension } from './images.js';


const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(`^(?:avatars/(${UUID})|messages/(${UUID})_(${UUID}))/${UUID}\\.(png|jpg|gif|webp)$`);

/** Keys carry who may read them, so serving an image needs no database lookup. */
export const mediaKeys = {
  avatar: (userId: string, extension: ImageExtension) => `avatars/${userId}/${randomUUID()}.${extension}`,
  messageImage: (userA: string, userB: string, extension: ImageExtension) => {
    const [low, high] = [userA, userB].sort();
    return `messages/${low}_${high}/${randomUUID()}.${extension}`;
  },
};

export const mediaUrl = (key: string) => `${MEDIA_PATH}${key}`;

export type MediaAccess = { kind: 'avatar' } | { kind: 'message'; participants: [string, string] };

/** What a key is and who may read it, or null when it is not a key this service hands out. */
export function parseMediaKey(key: string): (MediaAccess & { extension: ImageExtension }) | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const extension = match[4] as ImageExtension;
  if (match[1]) return { kind: 'avatar', extension };
  return { kind: 'message', participants: [match[2]!, match[3]!], extension };
}

/** Where the thumbnail of the image stored at `key` is kept, beside it. */
export const thumbnailKey = (key: string) => `${key}.thumb.webp`;

/** The key behind a URL we produced, or null for anything else. */
export function mediaKeyFromUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_PATH)) return null;
  const key = url.slice(MEDIA_PATH.length);
  return parseMediaKey(key) ? key : null;
}
