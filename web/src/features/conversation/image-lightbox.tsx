import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { useTranslation } from 'react-i18next';

/** An image of the conversation, and what it is in words. */
export interface LightboxImage {
  url: string;
  description: string;
}

interface ImageLightboxProps {
  /** The conversation's images, oldest first. */
  images: LightboxImage[];
  /** The one shown, or null when the lightbox is closed. */
  open: string | null;
  onShow(image: string | null): void;
}

/**
 * An image at full size over the conversation: Escape, the close button or a click beside the
 * image closes it; the arrow keys and buttons move to the conversation's previous and next image.
 */
export function ImageLightbox({ images, open, onShow }: ImageLightboxProps) {
  const { t } = useTranslation();
  const dialogRef = useModalDialog(open !== null);
  const index = open ? images.findIndex((image) => image.url === open) : -1;
  const previous = index > 0 ? images[index - 1]?.url : undefined;
  const next = index >= 0 && index < images.length - 1 ? images[index + 1]?.url : undefined;
  // A photo still on its way is not among the conversation's yet: it is shown without a place.
  const description =
    index >= 0
      ? t('{{photo}} ({{place}} of {{count}})', { photo: images[index]!.description, place: index + 1, count: images.length })
      : t('Photo');

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-label={t('Image')}
      onClose={() => onShow(null)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft' && previous) onShow(previous);
        if (event.key === 'ArrowRight' && next) onShow(next);
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, not what it holds) closes it.
        if (event.target === event.currentTarget) onShow(null);
      }}
    >
      {open && (
        <div className="relative flex max-h-[90vh] max-w-[90vw] items-center justify-center">
          <img src={open} alt={description} className="max-h-[90vh] max-w-[90vw] rounded-lg object-contain" />
          <LightboxButton place="top-2 end-2" label={t('Close image')} onClick={() => onShow(null)}>
            <X className="size-4" />
          </LightboxButton>
          {previous && (
            <LightboxButton place="start-2" label={t('Previous image')} onClick={() => onShow(previous)}>
              <ChevronLeft className="size-4 rtl:rotate-180" />
            </LightboxButton>
          )}
          {next && (
            <LightboxButton place="end-2" label={t('Next image')} onClick={() => onShow(next)}>
              <ChevronRight className="size-4 rtl:rotate-180" />
            </LightboxButton>
          )}
        </div>
      )}
    </dialog>
  );
}

/** A round button over the picture: close, previous, next. */
function LightboxButton({ place, label, onClick, children }: { place: string; label: string; onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className={`btn btn-circle btn-sm absolute ${place}`} aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}
