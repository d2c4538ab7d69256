import type { Course } from '@coursecraft/contracts';
import type { UserScope } from '../../../lib/user-query';
import { patchItem } from './cache';
import { courseTreeKeys } from './keys';

/**
 * A course as the server answered a change to it: it replaces the cached course and its card in
 * the course list, which is then read again.
 */
export async function storeCourse(scope: UserScope, course: Course): Promise<void> {
  scope.setData(courseTreeKeys.course(course.id), course);
  scope.setData(
    courseTreeKeys.courses(),
    patchItem(course.id, () => course),
  );
  await scope.invalidate(courseTreeKeys.courses(), { exact: true });
}
