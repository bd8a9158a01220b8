/** The largest image a message or a profile may carry, in bytes, before base64. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const IMAGE_TOO_LARGE = `Image must be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`;

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
