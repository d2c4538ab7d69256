import { documentIdSchema } from '@coursecraft/contracts';
import type { Request, Response } from 'express';
import { callerOf } from '../../middleware/request-caller';
import { HttpError } from '../../lib/http-error';
import type { ChapterPath, CoursePath, SubjectPath, TopicPath } from '../../lib/firestore/paths';
import type { OutlineRepository } from './outline-repository';

const NOT_FOUND = {
  topicId: 'Topic not found',
  chapterId: 'Chapter not found',
  subjectId: 'Subject not found',
  courseId: 'Course not found',
} as const;

const PATH_KEYS = ['courseId', 'subjectId', 'chapterId', 'topicId'] as const;
type PathParams = Partial<Record<(typeof PATH_KEYS)[number], string>>;

/**
 * The path of a request once every id on it is checked: well-formed, existing under the one
 * before it, in a course the caller owns. Anything else is a 404, so foreign ids look exactly
 * like unknown ones.
 */
export function ownedPaths(outline: OutlineRepository) {
  async function ownedPath(req: Request, res: Response, levels: number) {
    const params = req.params as PathParams;
    const keys = PATH_KEYS.slice(0, levels);
    const notFound = new HttpError(404, NOT_FOUND[keys[keys.length - 1] ?? 'courseId']);
    const ids = keys.map((key) => params[key]);
    if (ids.some((value) => !documentIdSchema.safeParse(value).success)) throw notFound;
    const [courseId = '', subjectId, chapterId, topicId] = ids;
    const path = { courseId, subjectId, chapterId, topicId };
    if ((await outline.checkPath(callerOf(res).uid, path)) !== 'ok') throw notFound;
    return {
      courseId,
      subjectId: subjectId ?? '',
      chapterId: chapterId ?? '',
      topicId: topicId ?? '',
    };
  }
  return {
    coursePath: async (req: Request, res: Response): Promise<CoursePath> => ownedPath(req, res, 1),
    subjectPath: async (req: Request, res: Response): Promise<SubjectPath> =>
      ownedPath(req, res, 2),
    chapterPath: async (req: Request, res: Response): Promise<ChapterPath> =>
      ownedPath(req, res, 3),
    topicPath: async (req: Request, res: Response): Promise<TopicPath> => ownedPath(req, res, 4),
  };
}
