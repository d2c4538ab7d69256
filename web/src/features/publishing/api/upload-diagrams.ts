import { diagramKeysSchema, type DiagramDrawingInput } from '@coursecraft/contracts';
import { apiRequest } from '../../../lib/api-client';
import { publishingApi, type TopicIds } from './publishing-keys';

/** `PUT …/topics/{t}/diagrams`: drawings of diagrams of that topic's lesson, light and dark. */
export function uploadDiagrams(topic: TopicIds, drawings: DiagramDrawingInput[]) {
  return apiRequest(publishingApi.topicDiagrams(topic), {
    method: 'PUT',
    body: { drawings },
    schema: diagramKeysSchema,
  });
}
