import { describe, expect, it } from 'vitest';
import { formatMessageTime } from '../../src/lib/format-time';
import { messagePreview, photoDescription, quoteOf, quotePreview } from '../../src/lib/message-preview';
import { aMessage } from '../../../test/support/a-message';

describe('photoDescription', () => {
  const sentAt = '2026-11-24T09:05:00.000Z';

  it('says who sent a photo and when, for those who cannot see it', () => {
    expect(photoDescription(sentAt, { name: 'Bob Stone', isMe: false })).toBe(`Photo from Bob Stone, ${formatMessageTime(sentAt)}`);
  });

  it('calls my own photo mine', () => {
    expect(photoDescription(sentAt, { name: 'You', isMe: true })).toBe(`Your photo, ${formatMessageTime(sentAt)}`);
  });
});

describe('a file in one line', () => {
  const withFile = aMessage({
    _id: '1',
    senderId: 'bob',
    receiverId: 'me',
    file: { url: '/api/media/files/x', name: 'Q3 report.pdf', size: 2048 },
  });

  it('names the file a message carries, unless it has a caption', () => {
    expect(messagePreview(withFile)).toBe('📄 Q3 report.pdf');
    expect(messagePreview({ ...withFile, text: 'the figures' })).toBe('the figures');
  });

  it('quotes it by its name, caption or not, and says it is gone once it is', () => {
    expect(quotePreview(quoteOf(withFile))).toBe('📄 Q3 report.pdf');
    expect(quotePreview(quoteOf({ ...withFile, text: 'the figures' }))).toBe('📄 Q3 report.pdf');
    const { file: _gone, ...deleted } = { ...withFile, deletedAt: '2026-11-25T10:00:00Z' };
    expect(quotePreview(quoteOf(deleted))).toBe('This message was deleted');
  });
});

describe('a message deleted for everyone, in one line', () => {
  const deleted = aMessage({
    _id: '2',
    senderId: 'bob',
    receiverId: 'hikers',
    groupId: 'hikers',
    text: null,
    deletedAt: '2026-11-25T10:00:00Z',
  });

  it('says it was deleted, and by an admin when one deleted another’s in a group', () => {
    expect(messagePreview(deleted)).toBe('🚫 This message was deleted');
    expect(messagePreview({ ...deleted, deletedBy: 'ann' })).toBe('🚫 This message was deleted by an admin');
  });
});

describe('a voice message in one line', () => {
  const voice = aMessage({
    _id: '2',
    senderId: 'bob',
    receiverId: 'me',
    file: { url: '/api/media/voice/x.webm', name: 'Voice message', size: 9000, voice: { seconds: 67 } },
  });

  it('says it is one, and how long it lasts; a reply quotes it as one', () => {
    expect(messagePreview(voice)).toBe('🎤 Voice message (1:07)');
    expect(quotePreview(quoteOf(voice))).toBe('🎤 Voice message');
  });
});

describe('a video in one line', () => {
  it('names it as a video, unless it has a caption', () => {
    const video = aMessage({
      _id: '3',
      senderId: 'bob',
      receiverId: 'me',
      file: { url: '/api/media/videos/x.mp4', name: 'beach.mp4', size: 9000, video: true },
    });
    expect(messagePreview(video)).toBe('🎥 beach.mp4');
    expect(messagePreview({ ...video, text: 'the waves' })).toBe('the waves');
  });
});
