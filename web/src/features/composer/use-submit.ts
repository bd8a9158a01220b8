import { MAX_TEXT, type Message, type QuotedMessage } from '@chat/contracts';
import { useState, type FormEvent } from 'react';
import { useChatStore } from '../../store/use-chat-store';
import type { Attachments } from './use-attachments';

/** Whether there is something to send: words, or an attachment (an image or a file) with or without them. */
/** Something to send, and no text past the limit (which is never cut: the counter says how far past). */
export const canSend = (text: string, attachment: unknown) =>
  text.trim().length <= MAX_TEXT && (text.trim().length > 0 || (attachment !== null && attachment !== undefined));

interface Submission {
  text: string;
  clearDraft(): void;
  attachments: Attachments;
  editing: Message | null;
  onEditDone: (() => void) | undefined;
  replyTo: QuotedMessage | null;
  onReplyDone: (() => void) | undefined;
  /** Its first link's card was removed: it goes without. */
  noLinkPreview: boolean;
  /** The members its text mentions (a group's), taken for this message. */
  takeMentions(text: string): string[];
}

/** The box's form sent: my changed message saved (`isSaving` meanwhile), or a new message on its way. */
export function useSubmit({
  text,
  clearDraft,
  attachments,
  editing,
  onEditDone,
  replyTo,
  onReplyDone,
  noLinkPreview,
  takeMentions,
}: Submission) {
  const sendMessage = useChatStore((state) => state.sendMessage);
  const notifyTyping = useChatStore((state) => state.notifyTyping);
  const editMessage = useChatStore((state) => state.editMessage);
  const [isSaving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (editing) {
      if (!canSend(text, null) || isSaving) return;
      setSaving(true);
      const saved = await editMessage(editing._id, text.trim());
      setSaving(false);
      if (saved) onEditDone?.();
      return;
    }
    const { image, file, attachment } = attachments;
    if (!canSend(text, attachment)) return;
    notifyTyping(false);
    // The message shows in the conversation with a clock at once, and the outbox keeps it until it is
    // stored: the input is free for the next one.
    const mentions = takeMentions(text);
    sendMessage({
      text: text.trim(),
      image,
      file,
      replyTo,
      ...(noLinkPreview ? { noLinkPreview } : {}),
      ...(mentions.length ? { mentions } : {}),
    });
    clearDraft();
    attachments.removeAttachment();
    onReplyDone?.();
  };
  return { onSubmit, isSaving };
}
