import { diagramKeysSchema } from '@coursecraft/contracts';
import { apiRequest } from '../../../lib/api-client';
import { publishingApi } from './publishing-keys';

/** `GET /api/courses/{c}/diagrams`: the keys of the diagrams already drawn for the course. */
export async function fetchDiagramKeys(courseId: string): Promise<Set<string>> {
  const { keys } = await apiRequest(publishingApi.diagrams(courseId), {
    schema: diagramKeysSchema,
  });
  return new Set(keys);
}
