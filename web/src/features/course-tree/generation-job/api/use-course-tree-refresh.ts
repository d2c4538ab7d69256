import type { GenerationJob } from '@coursecraft/contracts';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useUserScope } from '../../../../lib/user-query';
import { courseTreeKeys } from '../../lib/keys';

/**
 * Reads the course's tree again (the course, its card and every list and lesson below it) each
 * time the job writes a step, and once more when it stops or finishes, so what it writes shows
 * as it is written.
 */
export function useCourseTreeRefresh(courseId: string, job: GenerationJob | null | undefined) {
  const scope = useUserScope();
  const progress = job ? `${job.id} ${job.status} ${job.done}` : null;
  const previous = useRef(progress);
  const refresh = useEffectEvent(() => {
    void Promise.all([
      scope.invalidate(courseTreeKeys.course(courseId)),
      scope.invalidate(courseTreeKeys.courses(), { exact: true }),
    ]);
  });
  useEffect(() => {
    // The first sight of a job changes nothing: the tree was read with it.
    if (previous.current !== null && progress !== null && previous.current !== progress) {
      refresh();
    }
    previous.current = progress;
  }, [progress]);
}
