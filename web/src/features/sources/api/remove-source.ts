import { useMutation } from '@tanstack/react-query';
import { apiNoContent } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { sourcesApi, sourcesKeys } from './sources-keys';

/** `DELETE /api/courses/{c}/sources/{s}` (204): the source, its file and its text. */
export function removeSource(courseId: string, sourceId: string): Promise<void> {
  return apiNoContent(sourcesApi.one(courseId, sourceId), { method: 'DELETE' });
}

/** Removes a source; the list and the lessons showing Source changed are fetched again. */
export function useRemoveSource(courseId: string) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: (sourceId: string) => removeSource(courseId, sourceId),
    onSettled: () =>
      Promise.all([
        scope.invalidate(sourcesKeys.list(courseId)),
        scope.invalidate(sourcesKeys.changedLessons(courseId)),
      ]),
  });
}
