import {
  checkAttachedFile,
  checkImageFile,
  isImageType,
  MAX_FILES_AT_ONCE,
  MAX_TEXT,
  VOICE_MESSAGE_NAME,
  type Message,
} from '@chat/contracts';
import { Image, Mic, Paperclip, Send, Smile } from 'lucide-react';
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
import { quoteOf } from '../../lib/message-preview';
import { readAsDataUrl } from '../../lib/read-image';
import { useEscapeToClose } from '../../ui/use-escape-key';
import { useVoiceRecorder, type VoiceRecording } from './use-voice-recorder';
import { LazyEmojiPickerPanel } from './lazy-emoji-picker-panel';
import { SendFilesDialog } from './send-files-dialog';
import { EditingBar, FileToSend, ImageToSend, RecordingBar, ReplyBar } from './composer-bars';
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
      {editing && <EditingBar text={editing.text ?? ''} onCancel={endEdit} />}
      {replyingTo && !editing && <ReplyBar replyingTo={replyingTo} onCancel={() => onReplyDone?.()} />}
      {image && <ImageToSend image={image} onRemove={removeAttachment} />}

      {file && <FileToSend file={file} onRemove={removeAttachment} />}

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
        <RecordingBar seconds={voice.seconds} onCancel={voice.cancel} onSend={() => void finishRecording()} />
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
