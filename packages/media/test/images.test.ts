import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eventually, gifDeclaring, jpegWithGps, pngBytes, svgBytes, toDataUrl } from '#test-support';
import { HttpError } from '@chat/kernel';
import { IMAGE_TOO_MANY_PIXELS, IMAGES_BUSY, MAX_IMAGE_BYTES } from '@chat/contracts';
import { IMAGE_WORK, inImageQueue } from '../src/image-work.js';
import { MAX_IMAGE_SIDE } from '@chat/contracts';
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

  it('refuses a decompression bomb from its header: a 6300×6300 GIF of a few bytes, an animation of many frames', async () => {
    const hugeFrame = gifDeclaring(6300, 6300);
    const manyFrames = gifDeclaring(1000, 1000, 30);
    expect(hugeFrame.length + manyFrames.length).toBeLessThan(1024);
    for (const bomb of [hugeFrame, manyFrames])
      expect(await refusal(toDataUrl(bomb, 'image/gif'))).toEqual({ status: 413, message: IMAGE_TOO_MANY_PIXELS });
  });

  it('keeps a photo of many megapixels, made no larger than 2560 pixels a side', async () => {
    const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#28a' } })
      .jpeg()
      .toBuffer();
    const clean = await cleanImageDataUrl(toDataUrl(photo, 'image/jpeg'));
    expect(await sharp(clean.bytes).metadata()).toMatchObject({ format: 'jpeg', width: MAX_IMAGE_SIDE, height: 1920 });
    expect(clean.size, 'the size it is stored at').toEqual({ width: MAX_IMAGE_SIDE, height: 1920 });
  });

  it("tells an animation's size by one frame", async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 30, height: 20, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const frames = await Promise.all(['#f00', '#0f0', '#00f'].map(frame));
    const animation = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const clean = await cleanImageDataUrl(toDataUrl(animation, 'image/gif'));
    expect((await sharp(clean.bytes).metadata()).pages, 'still three frames').toBe(3);
    expect(clean.size).toEqual({ width: 30, height: 20 });
  });
});

describe('work on pictures', () => {
  it('runs a few at a time, lets a few more wait, and refuses more with 503 at once', async () => {
    const releases: (() => void)[] = [];
    const held = () => inImageQueue(() => new Promise<void>((resolve) => releases.push(resolve)));
    const taken = Array.from({ length: IMAGE_WORK.running + IMAGE_WORK.waiting }, held);
    await eventually(() => releases.length === IMAGE_WORK.running, 'the first pictures under way');
    const refused = await held().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect([(refused as HttpError).statusCode, (refused as HttpError).message]).toEqual([503, IMAGES_BUSY]);
    // Each one done lets the next begin, until all are.
    let done = 0;
    for (const picture of taken) void picture.then(() => done++);
    await eventually(() => {
      for (const release of releases.splice(0)) release();
      return done === taken.length;
    }, 'every waiting picture done in turn');
    const again = held();
    await eventually(() => releases.length === 1, 'a new picture under way once there is room');
    releases.shift()!();
    await again;
  });
});
