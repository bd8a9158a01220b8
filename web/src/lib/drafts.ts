/** What I have written to each person and not sent yet, by their user id. */
export type Drafts = Record<string, string>;

const keyOf = (userId: string) => `chat-io:drafts:${userId}`;

/**
 * Each user's drafts in localStorage, so a reload or a closed tab loses none; kept, like the
 * outbox, until sent or I log out (a session that merely ended keeps them for my next login).
 * Without storage they live as long as the page.
 */
export const draftStorage = {
  /** The drafts kept, or null when this browser keeps none (no storage). */
  load(userId: string): Drafts | null {
    let kept: unknown;
    try {
      kept = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '{}');
    } catch (error) {
      if (error instanceof SyntaxError) return {};
      return null;
    }
    if (!kept || typeof kept !== 'object') return {};
    return Object.fromEntries(Object.entries(kept).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  },
  save(userId: string, drafts: Drafts): void {
    try {
      if (Object.keys(drafts).length > 0) localStorage.setItem(keyOf(userId), JSON.stringify(drafts));
      else localStorage.removeItem(keyOf(userId));
    } catch (error) {
      console.error('Could not keep the drafts', error);
    }
  },
};
