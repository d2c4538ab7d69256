import { SOURCE_LIMITS, SOURCE_MESSAGES, sourceKindOfName } from '@coursecraft/contracts';

/**
 * Why the server would refuse `file` before reading it, checked in the browser with the same
 * words so a wrong pick fails at once; null when it may be sent. `sourcesBefore` counts the
 * course's sources already there (none for a replacement).
 */
export function sourceFileRefusal(
  file: Pick<File, 'name' | 'size'>,
  sourcesBefore: number | null,
): string | null {
  if (sourceKindOfName(file.name) === null) return SOURCE_MESSAGES.wrongType;
  if (file.size > SOURCE_LIMITS.fileBytes) return SOURCE_MESSAGES.tooLarge;
  if (sourcesBefore !== null && sourcesBefore >= SOURCE_LIMITS.perCourse) {
    return SOURCE_MESSAGES.tooMany;
  }
  return null;
}

/** A refused file, by its name, with the reason. */
export interface SourceRefusal {
  name: string;
  message: string;
}
