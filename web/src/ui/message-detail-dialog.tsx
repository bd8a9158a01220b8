import type { Message } from '@chat/contracts';
import type { ReactNode } from 'react';
import { messagePreview } from '../lib/message-preview';
import { InfoDialog } from './info-dialog';

interface MessageDetailDialogProps {
  /** The id of its title, which names the dialog for assistive technology. */
  id: string;
  title: string;
  /** The message it is about; null while closed. */
  message: Message | null;
  /** Whether its list is still on its way. */
  busy?: boolean;
  onDone(): void;
  children: ReactNode;
}

/** A dialog about one message ("Message info", "Reactions"): the message in a line, then a list of people that scrolls. */
export function MessageDetailDialog({ id, title, message, busy = false, onDone, children }: MessageDetailDialogProps) {
  return (
    <InfoDialog open={message !== null} id={id} title={title} onDone={onDone} className="flex max-h-[80vh] flex-col">
      {message && (
        <p dir="auto" className="mt-2 truncate rounded-md bg-base-200 px-3 py-2 text-sm">
          {messagePreview(message)}
        </p>
      )}
      <div className="mt-3 min-h-0 flex-1 overflow-y-auto" aria-busy={busy}>
        {children}
      </div>
    </InfoDialog>
  );
}

/** One person in such a dialog: their picture, their name at the start of the row, and what is said of them at its end. */
export function PersonRow({ picture, name, children }: { picture: string; name: string; children?: ReactNode }) {
  return (
    <li className="flex items-center gap-3 py-1.5">
      <img src={picture} alt="" className="size-8 shrink-0 rounded-full object-cover" />
      <span className="min-w-0 flex-1 truncate">
        <bdi>{name}</bdi>
      </span>
      {children}
    </li>
  );
}
