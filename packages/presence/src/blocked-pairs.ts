import { SetIndex } from './set-index.js';

/**
 * Who has blocked whom, as the gateways need it: a blocked pair sees neither's presence nor typing.
 * The messages service keeps the blocks in its database, writes each change here before it
 * announces it, and writes them all again at start, so a copy that lost its data is filled again.
 */
export interface BlockedPairs {
  block(blockerId: string, blockedId: string): Promise<void>;
  unblock(blockerId: string, blockedId: string): Promise<void>;
  /** Everyone `userId` blocked or was blocked by. */
  hiddenPeers(userId: string): Promise<string[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Blocked pairs for a single process. */
export function createInProcessBlockedPairs(): BlockedPairs {
  const blocked = new SetIndex();
  const blockedBy = new SetIndex();
  return {
    async block(blockerId, blockedId) {
      blocked.add(blockerId, blockedId);
      blockedBy.add(blockedId, blockerId);
    },
    async unblock(blockerId, blockedId) {
      blocked.remove(blockerId, blockedId);
      blockedBy.remove(blockedId, blockerId);
    },
    async hiddenPeers(userId) {
      return [...new Set([...(blocked.get(userId) ?? []), ...(blockedBy.get(userId) ?? [])])];
    },
    async ping() {},
    async close() {
      blocked.clear();
      blockedBy.clear();
    },
  };
}
