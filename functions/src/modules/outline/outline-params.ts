import { documentIdSchema } from '@coursecraft/contracts';
import { HttpError } from '../../lib/http-error';
import type { ChapterPath, CoursePath, SubjectPath, TopicPath } from '../../lib/firestore/paths';
import { OUTLINE_NOT_FOUND } from './owned-outline';

const PATH_KEYS = ['courseId', 'subjectId', 'chapterId', 'topicId'] as const;
type PathParams = Partial<Record<(typeof PATH_KEYS)[number], string>>;

/**
 * The ids of a course route's path, each a well-formed document id; anything else is the 404
 * of the path's last level, before any read.
 */
function idsOf(params: PathParams, levels: number): string[] {
  const keys = PATH_KEYS.slice(0, levels);
  const ids = keys.map((key) => params[key] ?? '');
  if (ids.some((id) => !documentIdSchema.safeParse(id).success)) {
    throw new HttpError(404, 'NOT_FOUND', OUTLINE_NOT_FOUND[keys[keys.length - 1] ?? 'courseId']);
  }
  return ids;
}

export function coursePathOf(params: PathParams): CoursePath {
  const [courseId = ''] = idsOf(params, 1);
  return { courseId };
}

export function subjectPathOf(params: PathParams): SubjectPath {
  const [courseId = '', subjectId = ''] = idsOf(params, 2);
  return { courseId, subjectId };
}

export function chapterPathOf(params: PathParams): ChapterPath {
  const [courseId = '', subjectId = '', chapterId = ''] = idsOf(params, 3);
  return { courseId, subjectId, chapterId };
}

export function topicPathOf(params: PathParams): TopicPath {
  const [courseId = '', subjectId = '', chapterId = '', topicId = ''] = idsOf(params, 4);
  return { courseId, subjectId, chapterId, topicId };
}
