import { formatDuration, formatFileSize, type Message } from '@chat/contracts';
import { FileText, Pencil, Reply, Send, Trash2, X } from 'lucide-react';
import { quoteOf, quotePreview } from '../../lib/message-preview';
import { useTranslation } from 'react-i18next';

/** Above the box while my message's text is being changed: what it said, and a way out. */
export function EditingBar({ text, onCancel }: { text: string; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <div className="mb-2 flex items-center gap-2 rounded-lg bg-base-200 px-3 py-1.5 text-sm">
      <Pencil className="size-4 shrink-0" />
      <span className="font-medium">{t('Editing message')}</span>
      <span className="min-w-0 flex-1 truncate text-muted">{text}</span>
      <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label={t('Cancel editing')} onClick={onCancel}>
        <X className="size-4" />
      </button>
    </div>
  );
}

/** Above the box while a reply is written: whom and what it answers. */
export function ReplyBar({ replyingTo, onCancel }: { replyingTo: { message: Message; authorName: string }; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <div
      className="mb-2 flex items-center gap-2 rounded-lg border-s-4 border-primary bg-base-200 px-3 py-1.5 text-sm"
      data-testid="reply-bar"
    >
      <Reply className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">
        <span className="block text-xs font-semibold">{t('Replying to {{name}}', { name: replyingTo.authorName })}</span>
        <span className="block truncate text-muted">{quotePreview(quoteOf(replyingTo.message))}</span>
      </span>
      <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label={t('Cancel reply')} onClick={onCancel}>
        <X className="size-4" />
      </button>
    </div>
  );
}

/** The photo attached to the message being written. */
export function ImageToSend({ image, onRemove }: { image: string; onRemove(): void }) {
  const { t } = useTranslation();
  return (
    <div className="mb-3 flex items-center gap-2">
      <div className="relative">
        <img src={image} alt={t('Photo to send')} className="size-20 rounded-lg border border-base-300 object-cover" />
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('Remove image')}
          className="absolute -top-1.5 -end-1.5 flex size-5 items-center justify-center rounded-full bg-base-300"
        >
          <X className="size-3" />
        </button>
      </div>
    </div>
  );
}

/** The file (a document) attached to the message being written: its name and size. */
export function FileToSend({ file, onRemove }: { file: File; onRemove(): void }) {
  const { t } = useTranslation();
  return (
    <div
      className="mb-3 flex max-w-sm items-center gap-3 rounded-lg border border-base-300 bg-base-200 px-3 py-2"
      data-testid="file-to-send"
    >
      <FileText className="size-6 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{file.name}</span>
        <span className="block text-xs text-muted">{formatFileSize(file.size)}</span>
      </span>
      <button type="button" className="btn btn-ghost btn-xs btn-circle" onClick={onRemove} aria-label={t('Remove file')}>
        <X className="size-4" />
      </button>
    </div>
  );
}

/** In the box's place while a voice message is recorded: how long so far, throw it away or send it. */
export function RecordingBar({ seconds, onCancel, onSend }: { seconds: number; onCancel(): void; onSend(): void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3" role="group" aria-label={t('Recording a voice message')}>
      <button type="button" className="btn btn-ghost btn-circle btn-sm" onClick={onCancel} aria-label={t('Cancel recording')}>
        <Trash2 className="size-5" />
      </button>
      <span className="size-2.5 shrink-0 rounded-full bg-error motion-safe:animate-pulse" aria-hidden="true" />
      <span className="flex-1 text-sm" aria-live="off">
        {t('Recording')} <time data-testid="recording-time">{formatDuration(seconds)}</time>
      </span>
      <button type="button" className="btn btn-circle btn-sm" onClick={onSend} aria-label={t('Send voice message')}>
        <Send className="size-5 rtl:-scale-x-100" />
      </button>
    </div>
  );
}
