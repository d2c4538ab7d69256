import { sourceUploadResponseSchema, type Source } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { sourceForm } from './add-source';
import { sourcesApi, sourcesKeys } from './sources-keys';

/** `PUT /api/courses/{c}/sources/{s}`: a new file for the source, read again (202). */
export async function replaceSource(
  courseId: string,
  sourceId: string,
  file: File,
): Promise<Source> {
  const { source } = await apiRequest(sourcesApi.one(courseId, sourceId), {
    method: 'PUT',
    body: sourceForm(file),
    schema: sourceUploadResponseSchema,
  });
  return source;
}

/** Replaces a source's file; the list and the lessons showing Source changed are fetched again. */
export function useReplaceSource(courseId: string) {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ sourceId, file }: { sourceId: string; file: File }) =>
      replaceSource(courseId, sourceId, file),
    onSettled: () =>
      Promise.all([
        scope.invalidate(sourcesKeys.list(courseId)),
        scope.invalidate(sourcesKeys.changedLessons(courseId)),
      ]),
  });
}
