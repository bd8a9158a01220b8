import { checkImageFile, isImageType, type Message } from '@chat/contracts';
import { Image, Pencil, Reply, Send, Smile, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { quoteOf, quotePreview } from '../lib/message-preview';
import { readAsDataUrl } from '../lib/read-image';
import { useEscapeToClose } from '../lib/use-escape-key';
import { LazyEmojiPickerPanel } from './lazy-emoji-picker-panel';
import { useChatStore } from '../store/use-chat-store';


export const canSend = (text: string, image: string | null) => text.trim().length > 0 || image !== null;

interface MessageInputProps {
  /** An image dropped on the conversation: attached as if picked. */
  droppedFile?: File | null;
  /** My message whose text is being changed, instead of a new one being written. */
  editing?: Message | null;
  /** The edit was saved or given up. */
  onEditDone?(): void;
  /** The message the next one sent answers, and who wrote it ("You" for me). */
  replyingTo?: { message: Message; authorName: string } | null;
  /** The reply was sent or given up. */
  onReplyDone?(): void;
}

export function MessageInput({ droppedFile = null, editing = null, onEditDone, replyingTo = null, onReplyDone }: MessageInputProps) {
  const [text, setText] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [isPickerOpen, setPickerOpen] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const textInputRef = useRef<HTMLInputElement>(null);
  const sendMessage = useChatStore((state) => state.sendMessage);
  const notifyTyping = useChatStore((state) => state.notifyTyping);
  const editMessage = useChatStore((state) => state.editMessage);

  // Editing starts from the message's text, in the input, with the draft put aside until it ends
  // (the draft, not the text of a message whose edit another one's replaced).
  const draftBeforeEdit = useRef<string | null>(null);
  useEffect(() => {
    if (!editing) return;
    notifyTyping(false);
    draftBeforeEdit.current ??= text;
    setText(editing.text ?? '');
    textInputRef.current?.focus();
  }, [editing]);
  const endEdit = () => {
    setText(draftBeforeEdit.current ?? '');
    draftBeforeEdit.current = null;
    onEditDone?.();
  };

  useEffect(() => {
    if (replyingTo) textInputRef.current?.focus();
  }, [replyingTo?.message._id]);

  const closePicker = useCallback(() => setPickerOpen(false), []);
  useEscapeToClose(isPickerOpen, closePicker);

  const attach = async (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setImage(await readAsDataUrl(file));
  };

  useEffect(() => {
    if (droppedFile) void attach(droppedFile);
    // Each drop is a new File, attached once; attach itself is new on every render.
  }, [droppedFile]);

  const removeImage = () => {
    setImage(null);
    if (fileInputRef.current) fileInputRef.current.value = '';
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const file = [...event.clipboardData.files].find((pasted) => isImageType(pasted.type));
    if (file) {
      event.preventDefault();
      void attach(file);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (editing) {
      if (!text.trim() || isSaving) return;
      setSaving(true);
      const saved = await editMessage(editing._id, text.trim());
      setSaving(false);
      if (saved) endEdit();
      return;
    }
    if (!canSend(text, image)) return;
    notifyTyping(false);
    // The message shows in the conversation with a clock at once, and the outbox keeps it until it is
    // stored: the input is free for the next one.
    const replyTo = replyingTo && quoteOf(replyingTo.message);
    sendMessage({ text: text.trim(), image, replyTo });
    setText('');
    removeImage();
    onReplyDone?.();
  };

  return (
    <div className="relative w-full p-4">
      {editing && (
        <div className="mb-2 flex items-center gap-2 rounded-lg bg-base-200 px-3 py-1.5 text-sm">
          <Pencil className="size-4 shrink-0" />
          <span className="font-medium">Editing message</span>
          <span className="min-w-0 flex-1 truncate text-muted">{editing.text}</span>
          <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label="Cancel editing" onClick={endEdit}>
            <X className="size-4" />
          </button>
        </div>
      )}
      {replyingTo && !editing && (
        <div className="mb-2 flex items-center gap-2 rounded-lg border-l-4 border-primary bg-base-200 px-3 py-1.5 text-sm" data-testid="reply-bar">
          <Reply className="size-4 shrink-0" />
          <span className="min-w-0 flex-1">
            <span className="block text-xs font-semibold">Replying to {replyingTo.authorName}</span>
            <span className="block truncate text-muted">{quotePreview(quoteOf(replyingTo.message))}</span>
          </span>
          <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label="Cancel reply" onClick={onReplyDone}>
            <X className="size-4" />
          </button>
        </div>
      )}
      {image && (
        <div className="mb-3 flex items-center gap-2">
          <div className="relative">
            <img src={image} alt="Photo to send" className="size-20 rounded-lg border border-base-300 object-cover" />
            <button
              type="button"
              onClick={removeImage}
              aria-label="Remove image"
              className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-base-300"
            >
              <X className="size-3" />
            </button>
          </div>
        </div>
      )}

      {isPickerOpen && (
        <div className="absolute bottom-20 left-4 z-30" data-testid="emoji-picker">
          <LazyEmojiPickerPanel
            onPick={(emoji) => {
              setText((current) => current + emoji);
              setPickerOpen(false);
              textInputRef.current?.focus();
            }}
          />
        </div>
      )}

      <form onSubmit={onSubmit} className="flex items-center gap-2">
        <div className="flex flex-1 gap-2">
          <input
            ref={textInputRef}
            type="text"
            className="input input-sm w-full rounded-lg sm:input-md"
            placeholder="Type a message..."
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              // Changing a message already sent is not writing a new one: nobody is told I type.
              if (!editing) notifyTyping(event.target.value.trim().length > 0);
            }}
            onBlur={() => notifyTyping(false)}
            onPaste={onPaste}
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || isPickerOpen) return;
              if (editing) endEdit();
              else if (replyingTo) onReplyDone?.();
              else if (image) removeImage();
            }}
            maxLength={2000}
            aria-label="Message"
          />
          <input
            type="file"
            accept="image/*"
            className="hidden"
            ref={fileInputRef}
            data-testid="image-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void attach(file);
            }}
          />
          <button
            type="button"
            className="btn btn-circle btn-sm hidden sm:flex"
            onClick={() => setPickerOpen((open) => !open)}
            aria-label="Emoji"
            aria-expanded={isPickerOpen}
          >
            <Smile className="size-5" />
          </button>
          <button
            type="button"
            className={`btn btn-circle btn-sm hidden sm:flex ${image ? 'text-success' : 'text-base-content/60'}`}
            onClick={() => fileInputRef.current?.click()}
            aria-label="Attach image"
          >
            <Image className="size-5" />
          </button>
        </div>
        <button type="submit" className="btn btn-circle btn-sm" disabled={!canSend(text, image) || isSaving} aria-label="Send">
          <Send className="size-5" />
        </button>
      </form>
    </div>
  );
}
