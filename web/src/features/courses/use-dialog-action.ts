import { useState } from 'react';

/**
 * The busy and error state of a modal's one action: `run` performs it, closes the modal on
 * success and shows `failureMessage` on failure (the details go to the console).
 */
export function useDialogAction(failureMessage: string, onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      onClose();
    } catch (failure) {
      console.error(failureMessage, failure);
      setError(failureMessage);
      setBusy(false);
    }
  };

  return { busy, error, setError, run };
}
