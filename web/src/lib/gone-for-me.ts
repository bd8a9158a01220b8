import type { Message, MessageSearchResult } from '@chat/contracts';

/** Messages of one conversation gone for me alone: those I deleted for me, or every one up to where I cleared it. */
export type GoneForMe = { messageIds: readonly string[] } | { upTo: string };

/** Whether `message` is one of those gone. */
export const isGoneMessage = (message: Message, gone: GoneForMe): boolean =>
  'upTo' in gone ? Number(message._id) <= Number(gone.upTo) : gone.messageIds.includes(message._id);

/** Whether a listed message (a search's, the starred list's) of my conversation `conversationId` (a person's or a group's) is one of those gone. */
export const isGoneForMe = ({ message, peer, group }: MessageSearchResult, conversationId: string, gone: GoneForMe): boolean =>
  (group?._id ?? peer._id) === conversationId && isGoneMessage(message, gone);
