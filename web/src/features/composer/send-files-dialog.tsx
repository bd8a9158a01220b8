import { formatFileSize } from '@chat/contracts';
import { useModalDialog } from '../../ui/use-modal-dialog';
import { useTranslation } from 'react-i18next';

/** Asks before several files picked or dropped at once go, each as a message of its own. */
export function SendFilesDialog({ files, onSend, onDone }: { files: File[] | null; onSend(files: File[]): void; onDone(): void }) {
  const { t } = useTranslation();
  const dialogRef = useModalDialog(files !== null);
  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby="send-files-title" onClose={onDone}>
      <div className="modal-box max-w-sm">
        <h3 id="send-files-title" className="text-lg font-semibold">
          {t('Send {{count}} files?', { count: files?.length ?? 0 })}
        </h3>
        <p className="pt-1 text-sm text-muted">{t('Each goes as a message of its own, pictures as photos.')}</p>
        <ul className="max-h-60 overflow-y-auto py-3 text-sm" aria-label={t('Files to send')}>
          {files?.map((file, index) => (
            <li key={`${index}-${file.name}`} className="flex justify-between gap-3 py-0.5">
              <span className="truncate">{file.name}</span>
              <span className="shrink-0 text-muted">{formatFileSize(file.size)}</span>
            </li>
          ))}
        </ul>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            {t('Cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              if (files) onSend(files);
              onDone();
            }}
          >
            {t('Send')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
