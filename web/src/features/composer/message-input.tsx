import type { Message } from '@chat/contracts';
import { Mic, Send } from 'lucide-react';
import { useCallback, useState } from 'react';
import { quoteOf } from '../../lib/message-preview';
import { useEscapeToClose } from '../../ui/use-escape-key';
import { AttachButtons } from './attach-buttons';
import { EditingBar, FileToSend, ImageToSend, RecordingBar, ReplyBar } from './composer-bars';
import { LazyEmojiPickerPanel } from './lazy-emoji-picker-panel';
import { MessageBox } from './message-box';
import { SendFilesDialog } from './send-files-dialog';
import { TextCounter } from './text-counter';
import { useAttachments } from './use-attachments';
import { useComposerText } from './use-composer-text';
import { canSend, useSubmit } from './use-submit';
import { useVoiceMessage } from './use-voice-message';
import { useMentions } from './use-mentions';
import { MentionSuggestions } from './mention-suggestions';
import { useTranslation } from 'react-i18next';
import { DraftLinkCard, useDraftLinkPreview } from '../link-previews';

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

/** The bottom of a conversation: the box, what is attached to it, the emoji picker, and a voice message instead. */
export function MessageInput({
  peerId,
  droppedFiles = null,
  editing = null,
  onEditDone,
  onEditLatest,
  replyingTo = null,
  onReplyDone,
}: MessageInputProps) {
  const { t } = useTranslation();
  const { text, setText, clearDraft, boxRef, focus } = useComposerText(peerId, editing, replyingTo?.message._id);
  const attachments = useAttachments(peerId, droppedFiles);
  const { image, file, attachment, removeAttachment } = attachments;
  const replyTo = replyingTo && quoteOf(replyingTo.message);
  const voice = useVoiceMessage(peerId, replyTo, onReplyDone);
  const linkPreview = useDraftLinkPreview(text, editing !== null);
  const mentions = useMentions(text, setText, boxRef);
  const composed = { text, clearDraft, attachments, editing, replyTo, noLinkPreview: linkPreview.noLinkPreview };
  const { onSubmit, isSaving } = useSubmit({ ...composed, onEditDone, onReplyDone, takeMentions: mentions.take });
  const { isPickerOpen, setPickerOpen, togglePicker } = useEmojiPicker();
  const endEdit = () => onEditDone?.();
  const onEscape = () => {
    if (isPickerOpen) return;
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
      <DraftLinkCard url={linkPreview.shown} onRemove={linkPreview.remove} />

      {isPickerOpen && (
        <EmojiPopover
          onPick={(emoji) => {
            setText(text + emoji);
            setPickerOpen(false);
            focus();
          }}
        />
      )}

      {voice.isRecording ? (
        <RecordingBar seconds={voice.seconds} onCancel={voice.cancel} onSend={() => void voice.finish().then(focus)} />
      ) : (
        <form onSubmit={onSubmit} className="relative flex items-end gap-2">
          {mentions.suggestions.length > 0 && (
            <MentionSuggestions people={mentions.suggestions} marked={mentions.marked} onPick={mentions.pick} />
          )}
          <TextCounter length={text.trim().length} />
          <div className="flex flex-1 items-end gap-2">
            <MessageBox
              boxRef={boxRef}
              text={text}
              onText={setText}
              isEditing={editing !== null}
              onPasteFiles={attachments.attachAll}
              onUpInEmpty={() => !editing && !attachment && (onEditLatest?.() ?? false)}
              onEscape={onEscape}
              onKeyFirst={mentions.onKey}
              onCaret={mentions.onCaret}
            />
            <AttachButtons attachments={attachments} isPickerOpen={isPickerOpen} onTogglePicker={togglePicker} />
          </div>
          {!editing && !canSend(text, attachment) && <RecordVoiceButton onStart={() => void voice.start()} />}
          <button type="submit" className="btn btn-circle btn-sm" disabled={!canSend(text, attachment) || isSaving} aria-label={t('Send')}>
            <Send className="size-5 rtl:-scale-x-100" />
          </button>
        </form>
      )}
      <SendFilesDialog
        files={attachments.choosingMany}
        onSend={(chosen) => void attachments.sendEach(chosen)}
        onDone={attachments.doneChoosing}
      />
    </div>
  );
}

/** Whether the emoji picker is open: Escape closes it. */
function useEmojiPicker() {
  const [isPickerOpen, setPickerOpen] = useState(false);
  const closePicker = useCallback(() => setPickerOpen(false), []);
  useEscapeToClose(isPickerOpen, closePicker);
  return { isPickerOpen, setPickerOpen, togglePicker: () => setPickerOpen((open) => !open) };
}

/** The emoji picker over the box, at its start. */
function EmojiPopover({ onPick }: { onPick(emoji: string): void }) {
  return (
    <div className="absolute start-4 bottom-20 z-30" data-testid="emoji-picker">
      <LazyEmojiPickerPanel onPick={onPick} />
    </div>
  );
}

/** With nothing written yet, a voice message can be recorded instead. */
function RecordVoiceButton({ onStart }: { onStart(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn-circle btn-sm" onClick={onStart} aria-label={t('Record voice message')}>
      <Mic className="size-5" />
    </button>
  );
}
