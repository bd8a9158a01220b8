import {
  IMAGE_TOO_LARGE,
  IMAGE_TOO_MANY_PIXELS,
  MAX_ANIMATION_MEGAPIXELS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_MEGAPIXELS,
  MAX_IMAGE_SIDE,
  THUMBNAIL_WIDTH,
  type ImageSize,
  IMAGE_ERRORS,
} from '@chat/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { badRequest, payloadTooLarge } from '@chat/kernel';
import { inImageQueue } from './image-work.js';

/** Body limit of a route that takes an image: base64 grows it by a third, plus the JSON around it. */
export const IMAGE_BODY_LIMIT = 8 * 1024 * 1024;
/** Refuses decompression bombs: a small file that decodes to a huge bitmap. */
const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;
/*
 * A larger picture than MAX_IMAGE_SIDE is made smaller, which JPEG and WebP do while decoding, so a
 * 40-megapixel photo never lies in memory whole.
 */

const FORMATS = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

export type ImageExtension = keyof typeof FORMATS;

export interface CleanImage {
  bytes: Buffer;
  extension: ImageExtension;
  contentType: string;
  /** Its size in pixels as stored (an animation's, a frame's): a list reserves its box before it loads. */
  size: ImageSize;
}

const DATA_URL = /^data:[^,;]*(?:;[^,;]*)*;base64,/;

export const contentTypeOf = (extension: string): string | undefined => FORMATS[extension as ImageExtension];

/**
 * Turns a base64 data URL into an image that is safe to store and serve: the bytes must really be
 * PNG, JPEG, GIF or WebP (whatever the URL claims), and EXIF, GPS and other metadata are dropped.
 */
export async function cleanImageDataUrl(dataUrl: string): Promise<CleanImage> {
  const header = DATA_URL.exec(dataUrl);
  if (!header) throw badRequest(IMAGE_ERRORS.notDataUrl);
  const base64 = dataUrl.slice(header[0].length);
  // 4 base64 characters carry 3 bytes; checked before decoding so a huge body costs nothing.
  if (Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0) > MAX_IMAGE_BYTES) {
    throw payloadTooLarge(IMAGE_TOO_LARGE);
  }
  return cleanImage(Buffer.from(base64, 'base64'));
}

/**
 * An image's bytes made safe to store and serve, as cleanImageDataUrl's (a picture fetched by the
 * server comes as bytes): at most MAX_IMAGE_BYTES, PNG, JPEG, GIF or WebP by its bytes, re-encoded.
 */
export async function cleanImage(bytes: Buffer): Promise<CleanImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw payloadTooLarge(IMAGE_TOO_LARGE);
  if (bytes.length === 0) throw badRequest(IMAGE_ERRORS.empty);
  const type = await fileTypeFromBuffer(bytes);
  const extension = type?.ext as ImageExtension | undefined;
  if (!extension || !(extension in FORMATS)) throw badRequest(IMAGE_ERRORS.wrongType);
  const { data, info } = await inImageQueue(() => reencode(bytes, extension));
  const size = { width: info.width, height: info.pageHeight ?? info.height };
  return { bytes: data, extension, contentType: FORMATS[extension], size };
}

/**
 * Refuses, from the header alone, a picture whose decoding would cost too much: pixels × frames.
 * A GIF's frames decode whole (about 30 bytes a pixel through its encoder: 120 MB for 2048×2048,
 * where a 6300×6300 JPEG shrinking as it decodes takes 96 MB) and each frame is encoded twice (the
 * GIF, the WebP thumbnail: 2.5 s for 100 frames of 480×480), so a GIF or an animation is held to
 * far fewer pixels than a photo.
 */
async function checkPixels(bytes: Buffer, extension: ImageExtension): Promise<void> {
  let header: Metadata;
  try {
    header = await sharp(bytes).metadata();
  } catch {
    throw badRequest(IMAGE_ERRORS.unreadable);
  }
  const { width = 0, height = 0, pageHeight, pages = 1 } = header;
  const frame = width * (pageHeight ?? height);
  const total = frame * pages;
  const animation = extension === 'gif' || pages > 1;
  const tooMany =
    total > MAX_IMAGE_PIXELS ||
    (animation && (frame > MAX_ANIMATION_MEGAPIXELS.frame * 1_000_000 || total > MAX_ANIMATION_MEGAPIXELS.total * 1_000_000));
  if (tooMany) throw payloadTooLarge(IMAGE_TOO_MANY_PIXELS);
}

async function reencode(bytes: Buffer, extension: ImageExtension): Promise<{ data: Buffer; info: OutputInfo }> {
  await checkPixels(bytes, extension);
  const image = sharp(bytes, { animated: extension === 'gif' || extension === 'webp', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
  try {
    // sharp writes no metadata unless asked; the EXIF orientation is applied to the pixels first.
    switch (extension) {
      case 'jpg':
        return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer({ resolveWithObject: true });
      case 'png':
        return await image.png().toBuffer({ resolveWithObject: true });
      case 'gif':
        return await image.gif({ effort: 1 }).toBuffer({ resolveWithObject: true });
      case 'webp':
        return await image.webp({ quality: 90 }).toBuffer({ resolveWithObject: true });
    }
  } catch {
    throw badRequest(IMAGE_ERRORS.unreadable);
  }
}

/**
 * A stored image made small for lists: at most THUMBNAIL_WIDTH wide (never enlarged), WebP, every
 * frame of an animation kept.
 */
export function makeThumbnail(bytes: Buffer, extension: ImageExtension): Promise<Buffer> {
  return inImageQueue(() =>
    sharp(bytes, { animated: extension === 'gif' || extension === 'webp', limitInputPixels: MAX_IMAGE_PIXELS })
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80, effort: 0 })
      .toBuffer(),
  );
}
