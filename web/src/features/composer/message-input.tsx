import {
  checkAttachedFile,
  checkImageFile,
  formatDuration,
  formatFileSize,
  isImageType,
  MAX_FILES_AT_ONCE,
  MAX_TEXT,
  VOICE_MESSAGE_NAME,
  type Message,
} from '@chat/contracts';
import { FileText, Image, Mic, Paperclip, Pencil, Reply, Send, Smile, Trash2, X } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import toast from 'react-hot-toast';
import { quoteOf, quotePreview } from '../../lib/message-preview';
import { readAsDataUrl } from '../../lib/read-image';
import { useEscapeToClose } from '../../ui/use-escape-key';
import { useVoiceRecorder, type VoiceRecording } from './use-voice-recorder';
import { LazyEmojiPickerPanel } from './lazy-emoji-picker-panel';
import { SendFilesDialog } from './send-files-dialog';
import { useChatStore } from '../../store/use-chat-store';

/** Whether there is something to send: words, or an attachment (an image or a file) with or without them. */
export const canSend = (text: string, attachment: unknown) => text.trim().length > 0 || (attachment !== null && attachment !== undefined);

interface MessageInputProps {
  /** Whom the message is for: what is written to each person is their draft. */
  peerId: string;
  /** Files dropped on the conversation: attached as if picked (an image as a photo, anything else as a file). */
  droppedFiles?: File[] | null;
  /** My message whose text is being changed, instead of a new one being written. */
  editing?: Message | null;
  /** The edit was saved or given up. */
  onEditDone?(): void;
  /** Up in an empty box starts changing my latest message, as in Telegram: true when it could. */
  onEditLatest?(): boolean;
  /** The message the next one sent answers, and who wrote it ("You" for me). */
  replyingTo?: { message: Message; authorName: string } | null;
  /** The reply was sent or given up. */
  onReplyDone?(): void;
}

/** How a chosen file goes: a picture as a photo (read as a data URL), anything else as a file; or why it cannot. */
async function attachmentOf(
  chosen: File,
  asPhoto = isImageType(chosen.type),
): Promise<{ problem: string } | { image: string } | { file: File }> {
  const problem = asPhoto ? checkImageFile(chosen) : checkAttachedFile(chosen);
  if (problem) return { problem };
  return asPhoto ? { image: await readAsDataUrl(chosen) } : { file: chosen };
}

export function MessageInput({
  peerId,
  droppedFiles = null,
  editing = null,
  onEditDone,
  onEditLatest,
  replyingTo = null,
  onReplyDone,
}: MessageInputProps) {
  const draft = useChatStore((state) => state.drafts[peerId] ?? '');
  const image = useChatStore((state) => state.draftImages[peerId] ?? null);
  const file = useChatStore((state) => state.draftFiles[peerId] ?? null);
  const attachment = image ?? file;
  const setDraft = useChatStore((state) => state.setDraft);
  const setDraftImage = useChatStore((state) => state.setDraftImage);
  const setDraftFile = useChatStore((state) => state.setDraftFile);
  // A message being changed shows its own text; the draft waits, untouched, until the edit ends.
  const [editText, setEditText] = useState('');
  const text = editing ? editText : draft;
  const setText = (next: string) => (editing ? setEditText(next) : setDraft(peerId, next));
  const [isPickerOpen, setPickerOpen] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const documentInputRef = useRef<HTMLInputElement>(null);
  const textInputRef = useRef<HTMLTextAreaElement>(null);
  const sendMessage = useChatStore((state) => state.sendMessage);
  const notifyTyping = useChatStore((state) => state.notifyTyping);
  const editMessage = useChatStore((state) => state.editMessage);

  useEffect(() => {
    if (!editing) return;
    notifyTyping(false);
    setEditText(editing.text ?? '');
    textInputRef.current?.focus();
  }, [editing, notifyTyping]);
  const endEdit = () => onEditDone?.();

  // The box is as tall as its lines (up to its max-height, then it scrolls).
  useLayoutEffect(() => {
    const box = textInputRef.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
  }, [text]);

  const replyingToId = replyingTo?.message._id;
  useEffect(() => {
    if (replyingToId) textInputRef.current?.focus();
  }, [replyingToId]);

  const replyTo = replyingTo && quoteOf(replyingTo.message);
  const sendVoice = useCallback(
    ({ blob, seconds }: VoiceRecording) => {
      sendMessage({
        text: '',
        image: null,
        file: new File([blob], VOICE_MESSAGE_NAME, { type: blob.type }),
        voiceSeconds: seconds,
        replyTo,
      });
      onReplyDone?.();
    },
    [sendMessage, replyTo, onReplyDone],
  );
  const voice = useVoiceRecorder(sendVoice);
  const cancelRecording = useEffectEvent(() => voice.cancel());
  // A recording is for the person it was started for: opening another conversation throws it away.
  useEffect(() => () => cancelRecording(), [peerId]);
  const startRecording = async () => {
    notifyTyping(false);
    if (!(await voice.start())) toast.error('Allow the microphone to record a voice message');
  };
  const finishRecording = async () => {
    const recording = await voice.finish();
    if (recording) sendVoice(recording);
    textInputRef.current?.focus();
  };

  const closePicker = useCallback(() => setPickerOpen(false), []);
  useEscapeToClose(isPickerOpen, closePicker);

  /** What was dropped, pasted or picked: attached to the message being written, a picture as a photo (or as `asPhoto` says), anything else as a file. */
  const attach = async (chosen: File, asPhoto?: boolean) => {
    const attachment = await attachmentOf(chosen, asPhoto);
    if ('problem' in attachment) toast.error(attachment.problem);
    else if ('image' in attachment) setDraftImage(peerId, attachment.image);
    else setDraftFile(peerId, attachment.file);
  };

  /** Several at once are asked about, then each goes as a message of its own; one is attached to the message being written. */
  const [choosingMany, setChoosingMany] = useState<File[] | null>(null);
  const attachAll = (chosen: File[]) => {
    if (chosen.length === 1) void attach(chosen[0]!);
    else if (chosen.length > MAX_FILES_AT_ONCE) toast.error(`You can send up to ${MAX_FILES_AT_ONCE} files at once`);
    else if (chosen.length > 1) setChoosingMany(chosen);
  };
  const sendEach = async (chosen: File[]) => {
    for (const each of chosen) {
      const attachment = await attachmentOf(each);
      if ('problem' in attachment) toast.error(`${each.name}: ${attachment.problem}`);
      else sendMessage({ text: '', image: null, ...attachment, replyTo: null });
    }
  };

  // Each drop is a new list, attached once.
  const attachDropped = useEffectEvent((dropped: File[]) => attachAll(dropped));
  useEffect(() => {
    if (droppedFiles) attachDropped(droppedFiles);
  }, [droppedFiles]);

  const removeAttachment = () => {
    setDraftImage(peerId, null);
    setDraftFile(peerId, null);
    for (const input of [fileInputRef.current, documentInputRef.current]) if (input) input.value = '';
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...event.clipboardData.files];
    if (pasted.length > 0) {
      event.preventDefault();
      attachAll(pasted);
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
    if (!canSend(text, attachment)) return;
    notifyTyping(false);
    // The message shows in the conversation with a clock at once, and the outbox keeps it until it is
    // stored: the input is free for the next one.
    sendMessage({ text: text.trim(), image, file, replyTo });
    setDraft(peerId, '');
    removeAttachment();
    onReplyDone?.();
  };

  // Enter sends, as in every messenger on a computer; Shift+Enter starts a new line. An Enter that
  // ends an input method's composition (Japanese, Chinese) only ends the composition.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
      return;
    }
    if (event.key === 'ArrowUp' && !event.altKey && !editing && text === '' && !attachment) {
      if (onEditLatest?.()) event.preventDefault();
      return;
    }
    if (event.key !== 'Escape' || isPickerOpen) return;
    if (editing) endEdit();
    else if (replyingTo) onReplyDone?.();
    else if (attachment) removeAttachment();
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
        <div
          className="mb-2 flex items-center gap-2 rounded-lg border-l-4 border-primary bg-base-200 px-3 py-1.5 text-sm"
          data-testid="reply-bar"
        >
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
              onClick={removeAttachment}
              aria-label="Remove image"
              className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-base-300"
            >
              <X className="size-3" />
            </button>
          </div>
        </div>
      )}

      {file && (
        <div
          className="mb-3 flex max-w-sm items-center gap-3 rounded-lg border border-base-300 bg-base-200 px-3 py-2"
          data-testid="file-to-send"
        >
          <FileText className="size-6 shrink-0" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium">{file.name}</span>
            <span className="block text-xs text-muted">{formatFileSize(file.size)}</span>
          </span>
          <button type="button" className="btn btn-ghost btn-xs btn-circle" onClick={removeAttachment} aria-label="Remove file">
            <X className="size-4" />
          </button>
        </div>
      )}

      {isPickerOpen && (
        <div className="absolute bottom-20 left-4 z-30" data-testid="emoji-picker">
          <LazyEmojiPickerPanel
            onPick={(emoji) => {
              setText(text + emoji);
              setPickerOpen(false);
              textInputRef.current?.focus();
            }}
          />
        </div>
      )}

      {voice.isRecording ? (
        <div className="flex items-center gap-3" role="group" aria-label="Recording a voice message">
          <button type="button" className="btn btn-ghost btn-circle btn-sm" onClick={voice.cancel} aria-label="Cancel recording">
            <Trash2 className="size-5" />
          </button>
          <span className="size-2.5 shrink-0 rounded-full bg-error motion-safe:animate-pulse" aria-hidden="true" />
          <span className="flex-1 text-sm" aria-live="off">
            Recording <time data-testid="recording-time">{formatDuration(voice.seconds)}</time>
          </span>
          <button type="button" className="btn btn-circle btn-sm" onClick={() => void finishRecording()} aria-label="Send voice message">
            <Send className="size-5" />
          </button>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="flex items-end gap-2">
          <div className="flex flex-1 items-end gap-2">
            <textarea
              ref={textInputRef}
              rows={1}
              className="textarea textarea-sm max-h-40 min-h-0 w-full resize-none rounded-lg leading-snug sm:textarea-md"
              placeholder="Type a message..."
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                // Changing a message already sent is not writing a new one: nobody is told I type.
                if (!editing) notifyTyping(event.target.value.trim().length > 0);
              }}
              onBlur={() => notifyTyping(false)}
              onPaste={onPaste}
              onKeyDown={onKeyDown}
              maxLength={MAX_TEXT}
              aria-label="Message"
            />
            <input
              type="file"
              accept="image/*"
              className="hidden"
              ref={fileInputRef}
              data-testid="image-input"
              multiple
              onChange={(event) => {
                const chosen = [...(event.target.files ?? [])];
                if (chosen.length === 1) void attach(chosen[0]!, true);
                else attachAll(chosen);
              }}
            />
            <input
              type="file"
              className="hidden"
              ref={documentInputRef}
              data-testid="file-input"
              multiple
              onChange={(event) => {
                attachAll([...(event.target.files ?? [])]);
                // The same files may be picked again.
                event.target.value = '';
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
            <button
              type="button"
              className={`btn btn-circle btn-sm ${file ? 'text-success' : 'text-base-content/60'}`}
              onClick={() => documentInputRef.current?.click()}
              aria-label="Attach file"
              title="Attach a file or a photo"
            >
              <Paperclip className="size-5" />
            </button>
          </div>
          {/* With nothing written yet, a voice message can be recorded instead. */}
          {!editing && !canSend(text, attachment) && (
            <button type="button" className="btn btn-circle btn-sm" onClick={() => void startRecording()} aria-label="Record voice message">
              <Mic className="size-5" />
            </button>
          )}
          <button type="submit" className="btn btn-circle btn-sm" disabled={!canSend(text, attachment) || isSaving} aria-label="Send">
            <Send className="size-5" />
          </button>
        </form>
      )}
      <SendFilesDialog files={choosingMany} onSend={(chosen) => void sendEach(chosen)} onDone={() => setChoosingMany(null)} />
    </div>
  );
}
