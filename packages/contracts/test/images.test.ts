import { describe, expect, it } from 'vitest';
import { checkImageFile, MAX_IMAGE_BYTES } from '../src/images.js';

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
