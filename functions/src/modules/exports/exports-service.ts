import type { CourseTree } from '@coursecraft/contracts';
import type { CoursePath } from '../../lib/firestore/paths';
import type { OutlineRepository } from '../courses/outline-repository';
import { ownedOutline, OUTLINE_NOT_FOUND } from '../courses/owned-outline';
import { HttpError } from '../../lib/http-error';

export interface ExportsDependencies {
  outline: OutlineRepository;
}

/** Courses leaving Coursecraft: the whole tree for the browser's exports. */
export function exportsService({ outline }: ExportsDependencies) {
  const owned = ownedOutline(outline);
  return {
    async courseTree(uid: string, path: CoursePath): Promise<CourseTree> {
      await owned.course(uid, path);
      const tree = await outline.readCourseTree(path);
      if (!tree) throw new HttpError(404, OUTLINE_NOT_FOUND.courseId);
      return tree;
    },
  };
}

export type ExportsService = ReturnType<typeof exportsService>;
