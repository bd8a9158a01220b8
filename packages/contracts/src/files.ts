import { Type, type Static } from 'typebox';

/** The largest file (a document) a message may carry, in bytes. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** The longest file name kept, in characters (a longer one is cut, keeping its extension). */
export const MAX_FILE_NAME_LENGTH = 255;

/** The most files the web app sends at once (picked or dropped together, each a message of its own). */
export const MAX_FILES_AT_ONCE = 10;
/** The longest voice message, in seconds. */
export const MAX_VOICE_SECONDS = 15 * 60;
/** What a voice message is called wherever its file's name would show (a reply's quote, the export). */
export const VOICE_MESSAGE_NAME = 'Voice message';

/** Why a file is refused. */
export const FILE_ERRORS = {
  tooLarge: `A file can be at most ${MAX_FILE_BYTES / (1024 * 1024)} MB`,
  missing: 'Attach a file to send',
  empty: 'The file is empty',
  notMultipart: 'Send the file as multipart/form-data',
  notAudio: 'A voice message must be a WebM, Ogg, MP4 or MP3 recording',
} as const;

/** A file a message carries (a PDF, a sheet, an archive): downloaded by its two people under its name. */
export const FileAttachmentSchema = Type.Object({
  url: Type.String(),
  /** As it was sent (without any folder), for the download to keep. */
  name: Type.String(),
  /** In bytes. */
  size: Type.Integer({ minimum: 0 }),
  /** A voice message (a recording, played where it is shown rather than downloaded): how long it lasts. */
  voice: Type.Optional(Type.Object({ seconds: Type.Integer({ minimum: 1 }) })),
  /** A video every browser plays (MP4 or WebM, as its bytes say): played where it is shown, and downloaded too. */
  video: Type.Optional(Type.Literal(true)),
});
export type FileAttachment = Static<typeof FileAttachmentSchema>;

/** The multipart part of `POST /api/messages/send-file/:id` that holds the file (after SendFileFieldsSchema's fields). */
export const SEND_FILE_PART = 'file';

/** Whether a chosen file may be sent, for the form (the server checks the same). */
export function checkAttachedFile(file: { size: number }): string | null {
  if (file.size === 0) return FILE_ERRORS.empty;
  if (file.size > MAX_FILE_BYTES) return FILE_ERRORS.tooLarge;
  return null;
}

/** A length of time as a player shows it: "0:07", "2:35", "15:00". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A file's size as people read it: "840 B", "12 KB", "3.4 MB", "2.0 GB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** A file name as kept: no folder, no control characters, at most MAX_FILE_NAME_LENGTH (its extension kept); "file" for none. */
export function cleanFileName(name: string): string {
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  if (!base) return 'file';
  const chars = [...base];
  if (chars.length <= MAX_FILE_NAME_LENGTH) return base;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 && base.length - dot <= 16 ? base.slice(dot) : '';
  return chars.slice(0, MAX_FILE_NAME_LENGTH - [...extension].length).join('') + extension;
}

/** `GET /api/messages/storage`: what my messages keep in the server's store, and what they may. */
export const StorageUsageSchema = Type.Object({ usedBytes: Type.Number(), allowedBytes: Type.Number() });
export type StorageUsage = Static<typeof StorageUsageSchema>;

/** Answered with 413 to a photo or file that does not fit in what is left of my storage. */
export const STORAGE_FULL = 'Your storage is full. Delete photos or files you sent to make room.';
