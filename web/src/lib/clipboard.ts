import toast from 'react-hot-toast';

/** Puts text on the clipboard, saying so in a toast, or that it could not. */
export function copyToClipboard(text: string, { copied, failed }: { copied: string; failed: string }): void {
  navigator.clipboard.writeText(text).then(
    () => toast.success(copied),
    () => toast.error(failed),
  );
}
