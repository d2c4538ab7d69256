import { courseTreeSchema, type CourseTree } from '@coursecraft/contracts';
import { apiRequest } from '../../../lib/api-client';
import { publishingApi } from './publishing-keys';

/** `GET /api/courses/{c}/tree`: the course with every lesson, read afresh before a publish. */
export function fetchCourseLessons(courseId: string): Promise<CourseTree> {
  return apiRequest(publishingApi.tree(courseId), { schema: courseTreeSchema });
}
