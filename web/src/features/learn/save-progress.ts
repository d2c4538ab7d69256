import '../../lib/zod-without-eval';
import { firebaseLinks } from './save-account';
import { openSaveDialog, type SaveDialogOptions } from './save-progress-dialog';

/** The lazily loaded Save your progress: the dialog linking through Firebase Auth. */
export function openSaveProgress(doc: Document, options: SaveDialogOptions): HTMLDialogElement {
  return openSaveDialog(doc, options, firebaseLinks);
}
