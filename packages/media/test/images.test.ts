import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithGps, pngBytes, svgBytes, toDataUrl } from '#test-support';
import { HttpError } from '@chat/kernel';
import { MAX_IMAGE_BYTES } from '@chat/contracts';
import { cleanImageDataUrl } from '../src/images.js';

const refusal = async (dataUrl: string) => {
  const error = await cleanImageDataUrl(dataUrl).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).statusCode, message: (error as HttpError).message };
};

describe('cleanImageDataUrl', () => {
  it('keeps a PNG a PNG', async () => {
    const image = await cleanImageDataUrl(toDataUrl(await pngBytes(), 'image/png'));
    expect(image.extension).toBe('png');
    expect(image.contentType).toBe('image/png');
    expect((await sharp(image.bytes).metadata()).width).toBe(8);
  });

  it('strips EXIF and GPS from a photo', async () => {
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const image = await cleanImageDataUrl(toDataUrl(photo, 'image/jpeg'));
    expect(image.extension).toBe('jpg');
    expect((await sharp(image.bytes).metadata()).exif).toBeUndefined();
    expect(image.bytes.includes(Buffer.from('SpyCam'))).toBe(false);
  });

  it('goes by the bytes, not by the type the URL claims', async () => {
    const image = await cleanImageDataUrl(toDataUrl(await pngBytes(), 'image/gif'));
    expect(image.extension).toBe('png');
  });

  it('refuses an SVG, even one posing as a PNG', async () => {
    expect(await refusal(toDataUrl(svgBytes(), 'image/svg+xml'))).toEqual({
      status: 400,
      message: 'Image must be a PNG, JPEG, GIF or WebP file',
    });
    expect((await refusal(toDataUrl(svgBytes(), 'image/png'))).status).toBe(400);
  });

  it('refuses a text file posing as an image', async () => {
    expect(await refusal(toDataUrl(Buffer.from('just some text, not a picture'), 'image/png'))).toEqual({
      status: 400,
      message: 'Image must be a PNG, JPEG, GIF or WebP file',
    });
  });

  it('refuses a truncated image', async () => {
    const png = await pngBytes(64, 64);
    expect(await refusal(toDataUrl(png.subarray(0, 60), 'image/png'))).toEqual({
      status: 400,
      message: 'Image could not be read',
    });
  });

  it('refuses anything but a base64 data URL', async () => {
    expect(await refusal('https://example.com/cat.png')).toEqual({ status: 400, message: 'Image must be a base64 data URL' });
    expect(await refusal('data:image/png,rawtext')).toEqual({ status: 400, message: 'Image must be a base64 data URL' });
  });

  it('refuses an image over 5 MB with 413', async () => {
    const tooBig = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    expect(await refusal(toDataUrl(tooBig, 'image/png'))).toEqual({ status: 413, message: 'Image must be at most 5 MB' });
  });
});
