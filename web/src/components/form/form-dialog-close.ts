/**
 * The `onClose` of a form dialog: it stays open while its request runs, and a click beside it
 * does not throw away what was typed (Escape and Cancel still close it).
 */
export function formDialogClose(
  onClose: () => void,
  { busy, dirty }: { busy: boolean; dirty: boolean },
) {
  return (_event: unknown, reason: 'backdropClick' | 'escapeKeyDown') => {
    if (busy || (reason === 'backdropClick' && dirty)) return;
    onClose();
  };
}
