import type { Chapter } from '@coursecraft/contracts';
import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * The chapter that opens by itself when the page loads counts as opened, once per page load (of
 * this subject): `onOpened` runs for it.
 */
export function useChapterOpenedByItself(
  subjectId: string,
  openedByItself: string | null | undefined,
  chapters: Chapter[] | undefined,
  onOpened: (chapter: Chapter) => void,
) {
  const settledFor = useRef<string | null>(null);
  const opened = useEffectEvent((chapterId: string | null) => {
    const item = chapters?.find((chapter) => chapter.id === chapterId);
    if (item) onOpened(item);
  });
  useEffect(() => {
    if (openedByItself === undefined || settledFor.current === subjectId) return;
    settledFor.current = subjectId;
    opened(openedByItself);
  }, [openedByItself, subjectId]);
}
