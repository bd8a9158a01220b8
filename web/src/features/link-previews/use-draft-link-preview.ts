import { linksIn } from '@chat/contracts';
import { useState } from 'react';

/**
 * The card of the first link of what is being written (none while editing: an edit keeps the
 * message's card as it was sent), and whether its writer removed it: the message then goes
 * without (`noLinkPreview`).
 */
export function useDraftLinkPreview(text: string, isEditing: boolean) {
  const [removed, setRemoved] = useState<string | null>(null);
  const link = isEditing ? undefined : linksIn(text)[0];
  return {
    /** The link whose card shows above the box, if any. */
    shown: link !== removed ? link : undefined,
    remove: () => setRemoved(link ?? null),
    /** The message being written goes without its link's card. */
    noLinkPreview: link !== undefined && link === removed,
  };
}
