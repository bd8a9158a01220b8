import { formatDuration, VOICE_MESSAGE_NAME, type FileAttachment, type Message, type QuotedMessage } from '@chat/contracts';
import { formatMessageTime } from './format-time';

/** What a message deleted for everyone shows in its place. */
export const DELETED_MESSAGE = 'This message was deleted';

/** A message in one line, as the inbox and notifications show it: its text, "📷 Photo", "🎤 Voice message (0:07)", "🎥 beach.mp4" or "📄 report.pdf". */
export const messagePreview = (message: Message): string =>
  message.deletedAt
    ? `🚫 ${DELETED_MESSAGE}`
    : message.text?.trim() || (message.image ? '📷 Photo' : message.file ? filePreview(message.file) : '');

const filePreview = ({ name, voice, video }: FileAttachment) =>
  voice ? `🎤 ${VOICE_MESSAGE_NAME} (${formatDuration(voice.seconds)})` : `${video ? '🎥' : '📄'} ${name}`;

/** How a reply quotes `message`: as it is now. */
export const quoteOf = ({ _id, senderId, text, image, file }: Message): QuotedMessage => ({
  _id,
  senderId,
  text,
  image,
  ...(file ? { fileName: file.name } : {}),
});

/** A quote in one line: a file by its name ("📄 report.pdf", which says more than its caption), the text, "📷 Photo", or that the message is gone. */
export const quotePreview = (quote: QuotedMessage): string =>
  quote.fileName
    ? `${quote.fileName === VOICE_MESSAGE_NAME ? '🎤' : '📄'} ${quote.fileName}`
    : quote.text?.trim() || (quote.image ? '📷 Photo' : DELETED_MESSAGE);

/**
 * A message's photo (or video) in words, for those who cannot see it: who sent it and when ("Photo
 * from Bob Stone, 10:42 AM", "Your video, 10:42 AM").
 */
export const photoDescription = (createdAt: string, sender: { name: string; isMe: boolean }, what: 'photo' | 'video' = 'photo'): string =>
  `${sender.isMe ? `Your ${what}` : `${what === 'photo' ? 'Photo' : 'Video'} from ${sender.name}`}, ${formatMessageTime(createdAt)}`;
