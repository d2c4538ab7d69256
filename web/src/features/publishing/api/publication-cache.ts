import type { Course, Publication, PublicationStatus } from '@coursecraft/contracts';
import type { UserScope } from '../../../lib/user-query';
import { courseTreeKeys, patchItem, patchOne } from '../../course-tree';
import { publishingKeys } from './publishing-keys';

/**
 * Stores the course's new publication (null once unpublished), flags the cached course, and
 * refetches the course list, whose cards show the Published chip.
 */
export async function storePublication(
  scope: UserScope,
  courseId: string,
  publication: Publication | null,
): Promise<void> {
  scope.setData<PublicationStatus>(publishingKeys.publication(courseId), { publication });
  const flag = (course: Course) => ({ ...course, published: publication !== null });
  scope.setData(courseTreeKeys.course(courseId), patchOne(flag));
  scope.setData(courseTreeKeys.courses(), patchItem(courseId, flag));
  await scope.invalidate(courseTreeKeys.courses(), { exact: true });
}
