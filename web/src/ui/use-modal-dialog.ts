import { useEffect, useRef } from 'react';

/** A `<dialog>` shown as a modal while `open` holds (focus moves into it, Escape closes it), closed otherwise. */
export function useModalDialog(open: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return dialogRef;
}
