import { imageSizeOf, thumbnailUrl, type Message } from '@chat/contracts';
import { Ban, Forward } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { isJumboEmoji } from '../../lib/emoji-only';
import { deletedWords, photoDescription } from '../../lib/message-preview';
import { LinkCard } from '../link-previews';
import { MessageFile } from './message-file';
import { MessageText } from './message-text';
import { QuotedMessage } from './quoted-message';
import { VoiceMessage } from './voice-message';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../store/use-auth-store';

interface MessageBubbleProps {
  message: Message;
  isOwn: boolean;
  /** Still in the outbox: its picture is its own data, not yet a thumbnail of ours. */
  isPending: boolean;
  /** How much of its attachment is uploaded (0 to 1), while it is. */
  uploadProgress?: number;
  /** Just gone to from a reply: outlined for a moment. */
  isHighlighted: boolean;
  /** A search of the conversation: its words are marked in the text. */
  searchQuery: string;
  nameOf(userId: string): string;
  onOpenImage?(image: string): void;
  onOpenQuoted?(messageId: string): void;
  /** Its time, edits, star and ticks, kept in the bubble's corner. */
  meta: ReactNode;
  /** The last of its group: its bubble points at the sender with a tail. */
  tailed: boolean;
}

/** What a message says: forwarded or not, the message it answers, its photo, file or voice, its text, or that it is gone. */
export function MessageBubble({
  message,
  isOwn,
  isPending,
  uploadProgress,
  isHighlighted,
  searchQuery,
  nameOf,
  meta,
  tailed,
  ...open
}: MessageBubbleProps) {
  const { t } = useTranslation();
  const isDeleted = message.deletedAt !== null;
  const { image, file, text } = message;
  const me = useAuthStore((state) => state.authUser);
  // A mention is written with the name itself: mine as my name, not as "You".
  const mentionedName = (userId: string) => (userId === me?._id ? me.fullName : nameOf(userId));
  return (
    <div
      className={`chat-bubble flex flex-col ${isOwn ? 'chat-bubble-primary text-on-primary' : ''} ${tailed ? '' : 'rounded-field before:hidden'} ${isHighlighted ? 'outline-2 outline-offset-2 outline-accent' : ''}`}
    >
      {message.forwarded && !isDeleted && (
        <span className="mb-1 flex items-center gap-1 text-xs italic">
          <Forward className="size-3" aria-hidden="true" /> {t('Forwarded')}
        </span>
      )}
      {message.replyTo && (
        <QuotedMessage quote={message.replyTo} authorName={nameOf(message.replyTo.senderId)} onOpen={open.onOpenQuoted} />
      )}
      {image && (
        <button type="button" className="mb-2 cursor-zoom-in" title={t('Open full size')} onClick={() => open.onOpenImage?.(image)}>
          {/* The thumbnail in the conversation (a message still on its way shows its own picture); the lightbox loads the original. */}
          <img
            src={isPending ? image : thumbnailUrl(image)}
            alt={photoDescription(message.createdAt, { name: nameOf(message.senderId), isMe: isOwn })}
            className="max-h-80 max-w-[200px] rounded-md object-cover"
            style={isPending ? undefined : reservedBox(image)}
            loading="lazy"
          />
        </button>
      )}
      {file?.voice ? (
        <VoiceMessage url={file.url} seconds={file.voice.seconds} isPending={isPending} />
      ) : (
        file && <MessageFile file={file} isPending={isPending} />
      )}
      {uploadProgress !== undefined && (
        <progress
          className="progress mb-2 w-full max-w-[200px] text-primary-content"
          value={Math.round(uploadProgress * 100)}
          max={100}
          aria-label={file?.voice ? t('Uploading voice message') : file ? t('Uploading file') : t('Uploading image')}
        />
      )}
      {text && !isDeleted && !isPending && !message.noLinkPreview && <LinkCard text={text} />}
      {text ? (
        <WithMeta meta={meta}>
          <p className={`inline break-words whitespace-pre-wrap ${isJumboEmoji(text) ? 'text-4xl leading-tight' : ''}`}>
            <MessageText text={text} query={searchQuery} mentioned={message.mentions?.map(mentionedName)} />
          </p>
        </WithMeta>
      ) : isDeleted ? (
        <WithMeta meta={meta}>
          <p className="inline italic">
            <Ban className="me-1.5 inline size-4 align-[-0.1875rem]" aria-hidden="true" />
            {deletedWords(message)}
          </p>
        </WithMeta>
      ) : (
        <span className="self-end">{meta}</span>
      )}
    </div>
  );
}

/**
 * A text with the bubble's time after it: on its last line when there is room (floated to the line's
 * end, as WhatsApp does), on a line of its own under it when not. The text's own direction is the
 * block's (dir="auto" reads the first strong letter, the text's, not the time's).
 */
function WithMeta({ meta, children }: { meta: ReactNode; children: ReactNode }) {
  return (
    <div dir="auto" className="flow-root">
      {children}
      {/* A space between the words and the time, for whatever reads the text whole ("ok 01:10 PM", not "ok01:10 PM"). */}{' '}
      <span className="float-end ms-3 mt-2 leading-none">{meta}</span>
    </div>
  );
}

/** The thumbnail's box from the size its address says, so the list does not jump when it loads. */
function reservedBox(image: string): CSSProperties | undefined {
  const size = imageSizeOf(image);
  if (!size) return undefined;
  return { aspectRatio: `${size.width} / ${size.height}`, width: Math.min(size.width, 200) };
}
