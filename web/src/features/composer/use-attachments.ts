import { checkAttachedFile, isImageType, MAX_FILES_AT_ONCE } from '@chat/contracts';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { photoFrom } from '../../lib/read-image';
import { useChatStore } from '../../store/use-chat-store';
import { t } from '../../i18n';

/** How a chosen file goes: a picture as a photo (made to fit the limit, read as a data URL), anything else as a file; or why it cannot. */
async function attachmentOf(
  chosen: File,
  asPhoto = isImageType(chosen.type),
): Promise<{ problem: string } | { image: string } | { file: File }> {
  if (!asPhoto) {
    const problem = checkAttachedFile(chosen);
    return problem ? { problem } : { file: chosen };
  }
  const photo = await photoFrom(chosen);
  return 'problem' in photo ? photo : { image: photo.dataUrl };
}

/**
 * What is attached to the message written to `peerId` (a photo or a file, kept with the draft), and
 * the ways in: dropped, pasted or picked. Several at once are asked about (`choosingMany`), then each
 * goes as a message of its own; one is attached to the message being written.
 */
export function useAttachments(peerId: string, droppedFiles: File[] | null) {
  const image = useChatStore((state) => state.draftImages[peerId] ?? null);
  const file = useChatStore((state) => state.draftFiles[peerId] ?? null);
  const setDraftImage = useChatStore((state) => state.setDraftImage);
  const setDraftFile = useChatStore((state) => state.setDraftFile);
  const sendMessage = useChatStore((state) => state.sendMessage);
  const imageInputRef = useRef<HTMLInputElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [choosingMany, setChoosingMany] = useState<File[] | null>(null);

  /** Attached to the message being written: a picture as a photo (or as `asPhoto` says), anything else as a file. */
  const attach = async (chosen: File, asPhoto?: boolean) => {
    const attachment = await attachmentOf(chosen, asPhoto);
    if ('problem' in attachment) toast.error(t(attachment.problem));
    else if ('image' in attachment) setDraftImage(peerId, attachment.image);
    else setDraftFile(peerId, attachment.file);
  };
  const attachAll = (chosen: File[]) => {
    if (chosen.length === 1) void attach(chosen[0]!);
    else if (chosen.length > MAX_FILES_AT_ONCE) toast.error(t('You can send up to {{count}} files at once', { count: MAX_FILES_AT_ONCE }));
    else if (chosen.length > 1) setChoosingMany(chosen);
  };
  const sendEach = async (chosen: File[]) => {
    for (const each of chosen) {
      const attachment = await attachmentOf(each);
      if ('problem' in attachment) toast.error(`${each.name}: ${t(attachment.problem)}`);
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
    for (const input of [imageInputRef.current, fileInputRef.current]) if (input) input.value = '';
  };

  return {
    image,
    file,
    attachment: image ?? file,
    attach,
    attachAll,
    removeAttachment,
    choosingMany,
    doneChoosing: () => setChoosingMany(null),
    sendEach,
    imageInputRef,
    fileInputRef,
  };
}

export type Attachments = ReturnType<typeof useAttachments>;
