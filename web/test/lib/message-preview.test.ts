import { describe, expect, it } from 'vitest';
import { formatMessageTime } from '../../src/lib/format-time';
import { photoDescription } from '../../src/lib/message-preview';

describe('photoDescription', () => {
  const sentAt = '2026-11-24T09:05:00.000Z';

  it('says who sent a photo and when, for those who cannot see it', () => {
    expect(photoDescription(sentAt, { name: 'Bob Stone', isMe: false })).toBe(`Photo from Bob Stone, ${formatMessageTime(sentAt)}`);
  });

  it('calls my own photo mine', () => {
    expect(photoDescription(sentAt, { name: 'You', isMe: true })).toBe(`Your photo, ${formatMessageTime(sentAt)}`);
  });
});
