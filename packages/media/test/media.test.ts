import { randomUUID } from 'node:crypto';
import { imageSizeOf } from '@chat/contracts';
import { describe, expect, it } from 'vitest';
import { mediaKeyFromUrl, mediaKeys, mediaUrl, parseMediaKey } from '../src/media.js';

describe('media keys', () => {
  const ann = randomUUID();
  const bob = randomUUID();

  it('names both participants of a message image, whoever sent it', () => {
    const fromAnn = parseMediaKey(mediaKeys.messageImage(ann, bob, 'png', { width: 640, height: 480 }));
    const fromBob = parseMediaKey(mediaKeys.messageImage(bob, ann, 'png', { width: 640, height: 480 }));
    expect(fromAnn).toMatchObject({ kind: 'message', extension: 'png' });
    expect(fromAnn && fromAnn.kind === 'message' && fromAnn.participants.sort()).toEqual([ann, bob].sort());
    expect(fromBob && fromBob.kind === 'message' && fromBob.participants).toEqual(
      fromAnn && fromAnn.kind === 'message' && fromAnn.participants,
    );
  });

  it("says a message image's size in its address, and still reads an image stored before it did", () => {
    const key = mediaKeys.messageImage(ann, bob, 'jpg', { width: 1280, height: 960 });
    expect(imageSizeOf(mediaUrl(key))).toEqual({ width: 1280, height: 960 });
    const older = `messages/${[ann, bob].sort().join('_')}/${randomUUID()}.jpg`;
    expect(parseMediaKey(older)).toMatchObject({ kind: 'message', extension: 'jpg' });
    expect(imageSizeOf(mediaUrl(older))).toBeNull();
  });

  it('names both participants of a message file, whoever sent it', () => {
    expect(parseMediaKey(mediaKeys.messageFile(ann, bob))).toEqual({ kind: 'file', participants: [ann, bob].sort() });
    expect(parseMediaKey(mediaKeys.messageFile(bob, ann))).toEqual({ kind: 'file', participants: [ann, bob].sort() });
  });

  it('names both participants of a video, with the kind of video it is', () => {
    expect(parseMediaKey(mediaKeys.messageVideo(bob, ann, 'webm'))).toEqual({
      kind: 'video',
      participants: [ann, bob].sort(),
      extension: 'webm',
    });
  });

  it('names both participants of a voice message, with the kind of recording it is', () => {
    expect(parseMediaKey(mediaKeys.messageVoice(bob, ann, 'ogg'))).toEqual({
      kind: 'voice',
      participants: [ann, bob].sort(),
      extension: 'ogg',
    });
  });

  it('recognises avatars and groups’ pictures', () => {
    expect(parseMediaKey(mediaKeys.avatar(ann, 'jpg'))).toEqual({ kind: 'avatar', extension: 'jpg' });
    expect(parseMediaKey(mediaKeys.groupPicture(ann, 'webp'))).toEqual({ kind: 'group-picture', extension: 'webp' });
  });

  it.each([
    '../secret.png',
    `avatars/${ann}/x.png`,
    `avatars/${ann}/${randomUUID()}.svg`,
    `groups/${ann}/${randomUUID()}.svg`,
    `groups/${ann}/../${randomUUID()}.png`,
    `messages/${ann}/${randomUUID()}.png`,
    `files/${ann}/${randomUUID()}`,
    `files/${ann}_${bob}/${randomUUID()}.pdf`,
    `voice/${ann}_${bob}/${randomUUID()}.wav`,
    `videos/${ann}_${bob}/${randomUUID()}.mov`,
    '',
  ])('rejects %s', (key) => {
    expect(parseMediaKey(key)).toBeNull();
  });

  it('finds the key behind a media URL and nothing behind other URLs', () => {
    const key = mediaKeys.avatar(ann, 'webp');
    expect(mediaKeyFromUrl(mediaUrl(key))).toBe(key);
    expect(mediaKeyFromUrl('https://elsewhere.example/a.png')).toBeNull();
    expect(mediaKeyFromUrl('')).toBeNull();
  });
});
