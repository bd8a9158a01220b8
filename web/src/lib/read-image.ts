import { checkImageFile, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from '@chat/contracts';

/** A file as the data URL the API takes. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

/** Still pictures a canvas can draw again; a GIF's animation would be lost. */
const REDRAWABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/bmp', 'image/avif']);
/** Each try a little smaller: first the quality, then the size. */
const TRIES = [
  { scale: 1, quality: 0.9 },
  { scale: 1, quality: 0.75 },
  { scale: 0.75, quality: 0.75 },
  { scale: 0.5, quality: 0.7 },
] as const;

const encodeAs = (canvas: HTMLCanvasElement, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/** WebP, or JPEG where the browser writes no WebP (it would hand back a PNG). */
async function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  const webp = await encodeAs(canvas, 'image/webp', quality);
  return webp?.type === 'image/webp' ? webp : encodeAs(canvas, 'image/jpeg', quality);
}

/**
 * A photo within the size the server takes, as WhatsApp sends one: a still picture past
 * MAX_IMAGE_BYTES (a 19 MB screenshot) drawn again in the browser, at most MAX_IMAGE_SIDE a side, as
 * WebP (JPEG where the browser cannot write WebP). Anything else, or what cannot be decoded, comes
 * back as it was (and is refused as it would have been).
 */
export async function fitImage(file: File): Promise<Blob> {
  if (file.size <= MAX_IMAGE_BYTES || !REDRAWABLE.has(file.type) || typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return file;
  try {
    const fit = Math.min(1, MAX_IMAGE_SIDE / Math.max(bitmap.width, bitmap.height));
    for (const { scale, quality } of TRIES) {
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * fit * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * fit * scale));
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await encode(canvas, quality);
      if (blob && blob.size <= MAX_IMAGE_BYTES) return blob;
    }
    return file;
  } finally {
    bitmap.close();
  }
}

/** A chosen picture as the data URL a photo is sent as (made to fit the limit first), or why it cannot be one. */
export async function photoFrom(file: File): Promise<{ problem: string } | { dataUrl: string }> {
  const photo = await fitImage(file);
  const problem = checkImageFile({ type: photo.type || file.type, size: photo.size });
  return problem ? { problem } : { dataUrl: await readAsDataUrl(photo) };
}
