import type { Course } from '@coursecraft/contracts';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useRef, type ChangeEvent } from 'react';
import { serverErrorOr } from '../../../../lib/api-client';
import { useImportCourseBundle } from '../../export/api/markdown-bundle';

export const IMPORT_TEXT = {
  button: 'Import Course',
  importing: 'Importing...',
  fileLabel: 'Course bundle (.zip)',
  imported: (name: string) => `Imported “${name}”.`,
  failed: 'Failed to import the course. Please try again.',
} as const;

interface ImportCourseButtonProps {
  onImported: (course: Course) => void;
  /** The server's message, or a general one. */
  onFailed: (message: string) => void;
  onStart?: () => void;
}

/**
 * Import Course: picks a Markdown bundle (.zip, as exported from Coursecraft) and uploads it;
 * the new course joins the list. Disabled, with a spinner, while the upload runs.
 */
export function ImportCourseButton({ onImported, onFailed, onStart }: ImportCourseButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const importBundle = useImportCourseBundle();

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    onStart?.();
    try {
      onImported(await importBundle.mutateAsync(file));
    } catch (failure) {
      onFailed(serverErrorOr(failure, IMPORT_TEXT.failed));
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        aria-label={IMPORT_TEXT.fileLabel}
        hidden
        onChange={(event) => void upload(event)}
      />
      <Button
        variant="outlined"
        disabled={importBundle.isPending}
        startIcon={
          importBundle.isPending ? (
            <CircularProgress size={18} color="inherit" />
          ) : (
            <UploadFileIcon />
          )
        }
        onClick={() => input.current?.click()}
      >
        {importBundle.isPending ? IMPORT_TEXT.importing : IMPORT_TEXT.button}
      </Button>
    </>
  );
}
