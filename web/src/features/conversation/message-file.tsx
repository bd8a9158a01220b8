import { formatFileSize, type FileAttachment } from '@chat/contracts';
import { Download, FileText, Film } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** What kind of file it is, from its name: "PDF", "DOCX"; "File" for a name without an extension. */
const kindOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && name.length - dot <= 6 ? name.slice(dot + 1).toUpperCase() : 'File';
};

/**
 * A file a message carries: its name, size and kind, and a download under its name (the server
 * serves a document only as a download). A video a browser plays plays above it, as WhatsApp shows
 * one. A file still on its way has nothing to play or download yet.
 */
export function MessageFile({ file, isPending }: { file: FileAttachment; isPending: boolean }) {
  const card = <FileCard file={file} isPending={isPending} />;
  if (!file.video || isPending || !file.url) return card;
  return (
    <div className="mb-2 max-w-xs">
      {/* Only the first frame and the length are read until it is played. */}
      <video src={file.url} controls preload="metadata" className="max-h-80 w-full rounded-md bg-black" aria-label={`Video ${file.name}`} />
      {card}
    </div>
  );
}

function FileCard({ file, isPending }: { file: FileAttachment; isPending: boolean }) {
  const { t } = useTranslation();
  const details = `${formatFileSize(file.size)} · ${kindOf(file.name)}`;
  return (
    <div className="mb-2 flex max-w-xs items-center gap-3 rounded-md border border-current/30 px-3 py-2" data-testid="message-file">
      {file.video ? <Film className="size-8 shrink-0" aria-hidden="true" /> : <FileText className="size-8 shrink-0" aria-hidden="true" />}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium" title={file.name}>
          {file.name}
        </span>
        <span className="block text-xs">
          <bdi>{details}</bdi>
        </span>
      </span>
      {!isPending && file.url && (
        <a
          href={file.url}
          download={file.name}
          className="btn btn-ghost btn-sm btn-circle shrink-0 text-inherit"
          aria-label={t('Download {{name}}', { name: file.name })}
          title={t('Download')}
        >
          <Download className="size-5" />
        </a>
      )}
    </div>
  );
}
