import { Image, Paperclip, Smile } from 'lucide-react';
import type { Attachments } from './use-attachments';
import { useTranslation } from 'react-i18next';

interface AttachButtonsProps {
  attachments: Attachments;
  isPickerOpen: boolean;
  onTogglePicker(): void;
}

/** Beside the box: the emoji picker's button, a photo (or several) and a file (or several). */
export function AttachButtons({ attachments, isPickerOpen, onTogglePicker }: AttachButtonsProps) {
  const { t } = useTranslation();
  const { image, file, attach, attachAll, imageInputRef, fileInputRef } = attachments;
  return (
    <>
      <input
        type="file"
        accept="image/*"
        className="hidden"
        ref={imageInputRef}
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
        ref={fileInputRef}
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
        onClick={onTogglePicker}
        aria-label={t('Emoji')}
        aria-expanded={isPickerOpen}
      >
        <Smile className="size-5" />
      </button>
      <button
        type="button"
        className={`btn btn-circle btn-sm hidden sm:flex ${image ? 'text-success' : 'text-base-content/60'}`}
        onClick={() => imageInputRef.current?.click()}
        aria-label={t('Attach image')}
      >
        <Image className="size-5" />
      </button>
      <button
        type="button"
        className={`btn btn-circle btn-sm ${file ? 'text-success' : 'text-base-content/60'}`}
        onClick={() => fileInputRef.current?.click()}
        aria-label={t('Attach file')}
        title={t('Attach a file or a photo')}
      >
        <Paperclip className="size-5" />
      </button>
    </>
  );
}
