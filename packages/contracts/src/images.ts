/** The largest image a message or a profile may carry, in bytes, before base64. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const IMAGE_TOO_LARGE = `Image must be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`;

/**
 * The longest side a stored picture keeps, as a messenger's "HD" photo: the server makes a larger
 * one smaller, and a browser scales a photo past MAX_IMAGE_BYTES down to it before sending.
 */
export const MAX_IMAGE_SIDE = 2560;

/** A picture's pixels: at most this many in all, and for an animation (a GIF, an animated WebP) at most so many a frame. */
export const MAX_IMAGE_MEGAPIXELS = 40;
export const MAX_ANIMATION_MEGAPIXELS = { frame: 1.5, total: 16 } as const;
export const IMAGE_TOO_MANY_PIXELS = `Image is too large: at most ${MAX_IMAGE_MEGAPIXELS} megapixels, and a GIF or an animation at most ${MAX_ANIMATION_MEGAPIXELS.frame} a frame and ${MAX_ANIMATION_MEGAPIXELS.total} in all`;
/** Answered with 503 when the server is busy with pictures: the same one may be sent again in a moment. */
export const IMAGES_BUSY = 'Too many pictures are being processed right now. Please try again in a moment.';

/** Whether a file's declared type is an image at all (the server checks its bytes). */
export const isImageType = (type: string) => type.startsWith('image/');

/**
 * The rule a chosen file must meet to be sent as a message's image or a profile photo, for the
 * form; the server checks the bytes themselves against the same size and the formats it takes.
 */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!isImageType(file.type)) return 'Please select an image file';
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

/** The widest a message image's thumbnail is, in pixels: lists show it; the full view loads the original. */
export const THUMBNAIL_WIDTH = 400;
/** The query that asks the media route for an image's thumbnail (a WebP made when it was sent, or on first ask). */
export const THUMBNAIL_QUERY = 'size=thumb';
/** Where a stored message image's thumbnail is served. */
export const thumbnailUrl = (imageUrl: string) => `${imageUrl}?${THUMBNAIL_QUERY}`;

/** A stored picture's size in pixels (an animation's: one frame's). */
export interface ImageSize {
  width: number;
  height: number;
}

/** How a message image's name carries its size, before its extension ("….1280x960.jpg"). */
const SIZE_IN_NAME = /\.([1-9]\d{0,4})x([1-9]\d{0,4})\.[a-z]+$/;

/** The part of a message image's name that says its size. */
export const imageSizeInName = ({ width, height }: ImageSize) => `.${width}x${height}`;

/**
 * The size a message image's address says, so a list reserves its box before the picture loads (no
 * jump when it does); null for a picture stored before its name said it.
 */
export function imageSizeOf(url: string): ImageSize | null {
  const match = SIZE_IN_NAME.exec(url.split('?')[0]!);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** Why a picture (a profile's, a group's, a message's) is refused. */
export const IMAGE_ERRORS = {
  notDataUrl: 'Image must be a base64 data URL',
  empty: 'Image is empty',
  unreadable: 'Image could not be read',
  wrongType: 'Image must be a PNG, JPEG, GIF or WebP file',
} as const;
