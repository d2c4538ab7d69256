import { useState } from 'react';
import { serverErrorOr } from '../../lib/api-client';
import { useAddSource } from './api/add-source';
import { sourceFileRefusal, type SourceRefusal } from './source-file-check';
import { SOURCES_TEXT } from './sources-text';

/** The file being sent, counted among the files picked. */
export interface UploadProgress {
  name: string;
  position: number;
  total: number;
}

/**
 * Sends picked files to the course one request each, in order. A file the browser can tell is
 * refused (type, size, count) is not sent; each refusal, the browser's or the server's, is kept
 * beside the file's name, and the files after it are still sent.
 */
export function useAddSources() {
  const addSource = useAddSource();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [refusals, setRefusals] = useState<SourceRefusal[]>([]);

  const add = async (courseId: string, files: File[], sourcesBefore: number) => {
    const refused: SourceRefusal[] = [];
    let count = sourcesBefore;
    setRefusals([]);
    for (const [index, file] of files.entries()) {
      const early = sourceFileRefusal(file, count);
      if (early) {
        refused.push({ name: file.name, message: early });
        continue;
      }
      setProgress({ name: file.name, position: index + 1, total: files.length });
      try {
        await addSource.mutateAsync({ courseId, file });
        count += 1;
      } catch (failure) {
        refused.push({ name: file.name, message: serverErrorOr(failure, SOURCES_TEXT.addFailed) });
      }
    }
    setProgress(null);
    setRefusals(refused);
    return refused;
  };

  return {
    add,
    busy: progress !== null,
    progress,
    refusals,
    showRefusals: setRefusals,
    clearRefusals: () => setRefusals([]),
  };
}
