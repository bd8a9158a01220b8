import { formatDuration, VOICE_MESSAGE_NAME, type FileAttachment, type Message, type QuotedMessage } from '@chat/contracts';
import { formatMessageTime } from './format-time';
import { t, translatable } from '../i18n';
import { callWords } from './call-words';

/** What a message deleted for everyone shows in its place. */
export const DELETED_MESSAGE = translatable('This message was deleted');

/** What a deleted message says in its place: who deleted it, when it was an admin of its group and not its author. */
export const deletedWords = (message: Pick<Message, 'deletedBy'>): string =>
  message.deletedBy ? t('This message was deleted by an admin') : t(DELETED_MESSAGE);

/**
 * A message in one line, as the inbox and notifications show it: its text, "📷 Photo", "🎤 Voice
 * message (0:07)", "🎥 beach.mp4", "📄 report.pdf", or a call's line ("📞 Missed voice call"; as
 * `myId` reads it, the person called when not said).
 */
export const messagePreview = (message: Message, myId?: string): string =>
  message.deletedAt
    ? `🚫 ${deletedWords(message)}`
    : message.call
      ? `📞 ${callWords(message.call, message.senderId === myId)}`
      : message.text?.trim() || (message.image ? `📷 ${t('Photo')}` : message.file ? filePreview(message.file) : '');

const filePreview = ({ name, voice, video }: FileAttachment) =>
  voice ? `🎤 ${t(VOICE_MESSAGE_NAME)} (${formatDuration(voice.seconds)})` : `${video ? '🎥' : '📄'} ${name}`;

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
    ? quote.fileName === VOICE_MESSAGE_NAME
      ? `🎤 ${t(VOICE_MESSAGE_NAME)}`
      : `📄 ${quote.fileName}`
    : quote.text?.trim() || (quote.image ? `📷 ${t('Photo')}` : t(DELETED_MESSAGE));

/**
 * A message's photo (or video) in words, for those who cannot see it: who sent it and when ("Photo
 * from Bob Stone, 10:42 AM", "Your video, 10:42 AM").
 */
export function photoDescription(createdAt: string, sender: { name: string; isMe: boolean }, what: 'photo' | 'video' = 'photo'): string {
  const time = formatMessageTime(createdAt);
  if (what === 'photo')
    return sender.isMe ? t('Your photo, {{time}}', { time }) : t('Photo from {{name}}, {{time}}', { name: sender.name, time });
  return sender.isMe ? t('Your video, {{time}}', { time }) : t('Video from {{name}}, {{time}}', { name: sender.name, time });
}
