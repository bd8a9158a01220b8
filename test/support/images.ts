import sharp from 'sharp';

export const toDataUrl = (bytes: Buffer, type: string) => `data:${type};base64,${bytes.toString('base64')}`;

/** A small real PNG. */
export const pngBytes = (width = 8, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

/** A PNG of random noise: it does not compress, so it is as large as a photo of its size. */
export const noisyPngBytes = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();

/** A JPEG carrying EXIF with GPS coordinates and a camera name, as a phone photo would. */
export const jpegWithGps = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .toBuffer();

export const svgBytes = () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

/**
 * A GIF of a few dozen bytes that declares `frames` frames of width × height: what a decompression
 * bomb looks like (each frame's data is empty, so a decoder would fill the whole of it).
 */
export function gifDeclaring(width: number, height: number, frames = 1): Buffer {
  const le = (n: number) => [n & 255, n >> 8];
  const frame = [0x2c, ...le(0), ...le(0), ...le(width), ...le(height), 0, 2, 2, 0x4c, 0x01, 0];
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    ...[...le(width), ...le(height), 0x80, 0, 0],
    ...[0, 0, 0, 255, 255, 255],
    ...Array.from({ length: frames }, () => frame).flat(),
    0x3b,
  ]);
}
