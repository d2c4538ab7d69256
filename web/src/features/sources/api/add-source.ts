import { SOURCE_FILE_FIELD, sourceUploadResponseSchema, type Source } from '@coursecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserScope } from '../../../lib/user-query';
import { sourcesApi, sourcesKeys } from './sources-keys';

/** The multipart body of an upload: the one file. */
export function sourceForm(file: File): FormData {
  const form = new FormData();
  form.append(SOURCE_FILE_FIELD, file, file.name);
  return form;
}

/** `POST /api/courses/{c}/sources`: one file, answered 202 with the source, now Reading…. */
export async function addSource(courseId: string, file: File): Promise<Source> {
  const { source } = await apiRequest(sourcesApi.list(courseId), {
    method: 'POST',
    body: sourceForm(file),
    schema: sourceUploadResponseSchema,
  });
  return source;
}

/** Adds one source; the list is fetched again (and then follows its reading). */
export function useAddSource() {
  const scope = useUserScope();
  return useMutation({
    mutationFn: ({ courseId, file }: { courseId: string; file: File }) => addSource(courseId, file),
    onSettled: (_source, _error, { courseId }) => scope.invalidate(sourcesKeys.list(courseId)),
  });
}
