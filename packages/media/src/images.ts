import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, THUMBNAIL_WIDTH } from '@chat/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { badRequest, payloadTooLarge } from '@chat/kernel';

/** Body limit of a route that takes an image: base64 grows it by a third, plus the JSON around it. */
export const IMAGE_BODY_LIMIT = 8 * 1024 * 1024;
/** Refuses decompression bombs: a small file that decodes to a huge bitmap. */
const MAX_IMAGE_PIXELS = 40_000_000;

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
}

const DATA_URL = /^data:[^,;]*(?:;[^,;]*)*;base64,/;

export const contentTypeOf = (extension: string): string | undefined => FORMATS[extension as ImageExtension];

/**
 * Turns a base64 data URL into an image that is safe to store and serve: the bytes must really be
 * PNG, JPEG, GIF or WebP (whatever the URL claims), and EXIF, GPS and other metadata are dropped.
 */
export async function cleanImageDataUrl(dataUrl: string): Promise<CleanImage> {
  const header = DATA_URL.exec(dataUrl);
  if (!header) throw badRequest('Image must be a base64 data URL');
  const base64 = dataUrl.slice(header[0].length);
  // 4 base64 characters carry 3 bytes; checked before decoding so a huge body costs nothing.
  if (Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0) > MAX_IMAGE_BYTES) {
    throw payloadTooLarge(IMAGE_TOO_LARGE);
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw badRequest('Image is empty');
  const type = await fileTypeFromBuffer(bytes);
  const extension = type?.ext as ImageExtension | undefined;
  if (!extension || !(extension in FORMATS)) throw badRequest('Image must be a PNG, JPEG, GIF or WebP file');
  return { bytes: await reencode(bytes, extension), extension, contentType: FORMATS[extension] };
}

async function reencode(bytes: Buffer, extension: ImageExtension): Promise<Buffer> {
  const image = sharp(bytes, { animated: extension === 'gif' || extension === 'webp', limitInputPixels: MAX_IMAGE_PIXELS });
  try {
    // sharp writes no metadata unless asked; the EXIF orientation is applied to the pixels first.
    switch (extension) {
      case 'jpg':
        return await image.rotate().jpeg({ quality: 90, mozjpeg: true }).toBuffer();
      case 'png':
        return await image.png().toBuffer();
      case 'gif':
        return await image.gif().toBuffer();
      case 'webp':
        return await image.webp({ quality: 90 }).toBuffer();
    }
  } catch {
    throw badRequest('Image could not be read');
  }
}

/**
 * A stored image made small for lists: at most THUMBNAIL_WIDTH wide (never enlarged), WebP, every
 * frame of an animation kept.
 */
export async function makeThumbnail(bytes: Buffer, extension: ImageExtension): Promise<Buffer> {
  return sharp(bytes, { animated: extension === 'gif' || extension === 'webp', limitInputPixels: MAX_IMAGE_PIXELS })
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
