import { describe, expect, it } from 'vitest';
import { checkImageFile, imageSizeOf, MAX_IMAGE_BYTES, thumbnailUrl } from '../src/images.js';

describe('checkImageFile: what the form lets through before it sends an image', () => {
  it('takes an image up to the size the server takes', () => {
    expect(checkImageFile({ type: 'image/png', size: MAX_IMAGE_BYTES })).toBeNull();
  });

  it('refuses a file that is not an image', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe('Please select an image file');
  });

  it('refuses an image over the limit with the server’s own words', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe('Image must be at most 5 MB');
  });
});

describe("imageSizeOf: a message picture's size, read from its address", () => {
  it('reads the size from the name, with or without the thumbnail query', () => {
    const url = '/api/media/messages/a_b/5f0c.1280x960.jpg';
    expect(imageSizeOf(url)).toEqual({ width: 1280, height: 960 });
    expect(imageSizeOf(thumbnailUrl(url))).toEqual({ width: 1280, height: 960 });
  });

  it('has no size for a picture whose name does not say it', () => {
    expect(imageSizeOf('/api/media/messages/a_b/5f0c.jpg')).toBeNull();
    expect(imageSizeOf('data:image/png;base64,iVBORw0KGgo=')).toBeNull();
  });
});
