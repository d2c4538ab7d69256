import type { Firestore } from 'firebase-admin/firestore';
import { db as defaultDb } from '../../lib/firestore/db';
import { countRepository } from './count-repository';
import { courseRepository } from './course-repository';
import { deletionRepository } from './deletion-repository';
import { importRepository } from './import-repository';
import { lessonRepository } from './lesson-repository';
import { nodeRepository } from './node-repository';
import { pathRepository } from './path-repository';
import { positionRepository } from './position-repository';
import { treeRepository } from './tree-repository';
import { versionRepository } from './version-repository';

/**
 * Everything the course tree stores, the one code that reads or writes its collections. Every
 * method but the `read*Path` ones trusts its path: callers first read the path, which shows that
 * each document on it exists and who owns the course.
 */
export function outlineRepository(db: () => Firestore = defaultDb) {
  return {
    ...pathRepository(db),
    ...courseRepository(db),
    ...nodeRepository(db),
    ...deletionRepository(db),
    ...lessonRepository(db),
    ...countRepository(db),
    ...treeRepository(db),
    ...positionRepository(db),
    ...versionRepository(db),
    ...importRepository(db),
  };
}

export type OutlineRepository = ReturnType<typeof outlineRepository>;
