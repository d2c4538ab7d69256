import {
  LESSON_HISTORY_MESSAGES,
  lessonVersionIdSchema,
  type LessonVersion,
  type LessonVersionSummary,
} from '@coursecraft/contracts';
import type { TopicPath } from '../../lib/firestore/paths';
import { HttpError } from '../../lib/http-error';
import { expectLessonWritten, ownedOutline, type Outline } from '../outline';

export interface HistoryDependencies {
  outline: Outline;
}

function versionNotFound(): never {
  throw new HttpError(404, 'NOT_FOUND', LESSON_HISTORY_MESSAGES.notFound);
}

/**
 * The version history of the caller's lessons: list, read and restore. Ownership is checked
 * first (404 as in the courses module); a version id is looked at only after it, so a foreign
 * topic answers 'Topic not found' whatever the version id.
 */
export function historyService({ outline }: HistoryDependencies) {
  const owned = ownedOutline(outline);

  async function versionOf(path: TopicPath, versionId: string): Promise<LessonVersion> {
    if (!lessonVersionIdSchema.safeParse(versionId).success) versionNotFound();
    return (await outline.getVersion(path, versionId)) ?? versionNotFound();
  }

  return {
    /** Every kept version, newest first; the newest is `current` while the topic has a lesson. */
    async listVersions(uid: string, path: TopicPath): Promise<LessonVersionSummary[]> {
      const { topic } = await owned.topic(uid, path);
      const versions = await outline.listVersions(path);
      return versions.map((version, index) => ({
        ...version,
        current: index === 0 && topic.has_content,
      }));
    },

    async getVersion(uid: string, path: TopicPath, versionId: string): Promise<LessonVersion> {
      await owned.topic(uid, path);
      return versionOf(path, versionId);
    },

    /**
     * Makes the version's markdown the topic's lesson, itself recorded as a new 'restored'
     * version; answers the lesson as stored.
     */
    async restoreVersion(uid: string, path: TopicPath, versionId: string): Promise<string> {
      await owned.topic(uid, path);
      const { markdown } = await versionOf(path, versionId);
      expectLessonWritten(await outline.saveContent(path, markdown, 'restored'));
      return markdown;
    },
  };
}

export type HistoryService = ReturnType<typeof historyService>;
