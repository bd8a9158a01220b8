import { createHash, randomUUID } from 'node:crypto';
import { imageSizeInName, MEDIA_PATH, type ImageSize } from '@chat/contracts';
import type { ImageExtension } from './images.js';
import type { VideoExtension } from './video.js';
import type { VoiceExtension } from './voice.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(
  `^(?:avatars/(${UUID})|messages/(${UUID})_(${UUID}))/${UUID}(?:\\.[1-9]\\d{0,4}x[1-9]\\d{0,4})?\\.(png|jpg|gif|webp)$`,
);
const FILE_KEY = new RegExp(`^files/(${UUID})_(${UUID})/${UUID}$`);
const VOICE_KEY = new RegExp(`^voice/(${UUID})_(${UUID})/${UUID}\\.(webm|ogg|m4a|mp3)$`);
const VIDEO_KEY = new RegExp(`^videos/(${UUID})_(${UUID})/${UUID}\\.(mp4|webm)$`);
const PREVIEW_KEY = /^previews\/[0-9a-f]{64}\.webp$/;
const GROUP_PICTURE_KEY = new RegExp(`^groups/${UUID}/${UUID}\\.(png|jpg|gif|webp)$`);

/** Keys carry who may read them, so serving an image or a file needs no database lookup. */
export const mediaKeys = {
  avatar: (userId: string, extension: ImageExtension) => `avatars/${userId}/${randomUUID()}.${extension}`,
  /** A group's picture: shown wherever the group is, as an avatar is. */
  groupPicture: (groupId: string, extension: ImageExtension) => `groups/${groupId}/${randomUUID()}.${extension}`,
  /** A message's picture: its name says its size, for the lists that show it. */
  messageImage: (userA: string, userB: string, extension: ImageExtension, size: ImageSize) =>
    `messages/${pair(userA, userB)}/${randomUUID()}${imageSizeInName(size)}.${extension}`,
  /** A message's file (a document): no extension, as it is only ever downloaded, under the name the message keeps. */
  messageFile: (userA: string, userB: string) => `files/${pair(userA, userB)}/${randomUUID()}`,
  /** A voice message: played where it is shown, so served as the audio it is. */
  messageVoice: (userA: string, userB: string, extension: VoiceExtension) => `voice/${pair(userA, userB)}/${randomUUID()}.${extension}`,
  /** A file that is a video a browser plays: played where it is shown, so served as the video it is. */
  messageVideo: (userA: string, userB: string, extension: VideoExtension) => `videos/${pair(userA, userB)}/${randomUUID()}.${extension}`,
  /** A web page's picture on its link card, named by the page's address: one for everyone who links it. */
  linkPreview: (url: string) => `previews/${createHash('sha256').update(url).digest('hex')}.webp`,
};

const pair = (userA: string, userB: string) => [userA, userB].sort().join('_');

export const mediaUrl = (key: string) => `${MEDIA_PATH}${key}`;

export type MediaAccess =
  | { kind: 'avatar'; extension: ImageExtension }
  | { kind: 'group-picture'; extension: ImageExtension }
  | { kind: 'message'; participants: [string, string]; extension: ImageExtension }
  | { kind: 'file'; participants: [string, string] }
  | { kind: 'voice'; participants: [string, string]; extension: VoiceExtension }
  | { kind: 'video'; participants: [string, string]; extension: VideoExtension }
  | { kind: 'preview'; extension: 'webp' };

/** What a key is and who may read it, or null when it is not a key this service hands out. */
export function parseMediaKey(key: string): MediaAccess | null {
  const file = FILE_KEY.exec(key);
  if (file) return { kind: 'file', participants: [file[1]!, file[2]!] };
  const voice = VOICE_KEY.exec(key);
  if (voice) return { kind: 'voice', participants: [voice[1]!, voice[2]!], extension: voice[3] as VoiceExtension };
  if (PREVIEW_KEY.test(key)) return { kind: 'preview', extension: 'webp' };
  const groupPicture = GROUP_PICTURE_KEY.exec(key);
  if (groupPicture) return { kind: 'group-picture', extension: groupPicture[1] as ImageExtension };
  const video = VIDEO_KEY.exec(key);
  if (video) return { kind: 'video', participants: [video[1]!, video[2]!], extension: video[3] as VideoExtension };
  const match = KEY.exec(key);
  if (!match) return null;
  const extension = match[4] as ImageExtension;
  if (match[1]) return { kind: 'avatar', extension };
  return { kind: 'message', participants: [match[2]!, match[3]!], extension };
}

/** Where the thumbnail of the image stored at `key` is kept, beside it. */
export const thumbnailKey = (key: string) => `${key}.thumb.webp`;

/** Every key a message's image (with its thumbnail) and file are stored under, from their URLs: what goes when they do. */
export function storedKeysOf(image: string | null, file: string | null): string[] {
  const imageKey = image && mediaKeyFromUrl(image);
  const fileKey = file && mediaKeyFromUrl(file);
  return [...(imageKey ? [imageKey, thumbnailKey(imageKey)] : []), ...(fileKey ? [fileKey] : [])];
}

/** The key behind a URL we produced, or null for anything else. */
export function mediaKeyFromUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_PATH)) return null;
  const key = url.slice(MEDIA_PATH.length);
  return parseMediaKey(key) ? key : null;
}
