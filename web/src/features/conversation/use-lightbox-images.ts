import type { Contact, Message } from '@chat/contracts';
import { useMemo } from 'react';
import { photoDescription } from '../../lib/message-preview';
import type { LightboxImage } from './image-lightbox';

/** The conversation's photos, oldest first, as the lightbox steps through them: each described by who sent it and when. */
export function useLightboxImages(messages: Message[], myId: string | undefined, peer: Contact | null): LightboxImage[] {
  const peerName = peer?.fullName ?? '';
  return useMemo(
    () =>
      messages.flatMap(({ image, createdAt, senderId }) => {
        if (!image) return [];
        return [{ url: image, description: photoDescription(createdAt, { name: peerName, isMe: senderId === myId }) }];
      }),
    [messages, myId, peerName],
  );
}
