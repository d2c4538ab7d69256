import {
  lessonVersionSourceSchema,
  type LessonVersion,
  type LessonVersionSource,
  type LessonVersionSummary,
} from '@coursecraft/contracts';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { Timestamp } from '../../lib/firestore/sdk';
import { historyRef, type TopicPath } from '../../lib/firestore/paths';

/** A version as listed: everything but its markdown and whether it is the current lesson. */
export type StoredVersionSummary = Omit<LessonVersionSummary, 'current'>;

const sourceOf = (value: unknown): LessonVersionSource => {
  const parsed = lessonVersionSourceSchema.safeParse(value);
  return parsed.success ? parsed.data : 'edited';
};
const timeOf = (value: unknown): string =>
  (value instanceof Timestamp ? value.toDate() : new Date(0)).toISOString();

function toSummary(id: string, data: DocumentData): StoredVersionSummary {
  const characters: unknown = data.characters;
  return {
    id,
    source: sourceOf(data.source),
    created_at: timeOf(data.created_at),
    characters: typeof characters === 'number' ? characters : 0,
  };
}

/**
 * Reads the versions of a topic's lesson (`.../topics/{t}/history/{n}`); they are written with
 * the lesson (lesson-repository). Trusts its path: the caller checked ownership.
 */
export function versionRepository(db: () => Firestore) {
  return {
    /**
     * The topic's versions, newest first, without their markdown (a projection: on Firestore
     * the lessons are not sent; the offline stand-in ignores it). At most the window's 30.
     */
    async listVersions(path: TopicPath): Promise<StoredVersionSummary[]> {
      const snapshot = await historyRef(db(), path)
        .select('source', 'created_at', 'characters')
        .get();
      return snapshot.docs
        .map((doc) => toSummary(doc.id, doc.data()))
        .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    },

    /** One version with its markdown; null when the topic has no such version. */
    async getVersion(path: TopicPath, versionId: string): Promise<LessonVersion | null> {
      const snapshot = await historyRef(db(), path).doc(versionId).get();
      const markdown: unknown = snapshot.get('markdown');
      if (!snapshot.exists || typeof markdown !== 'string') return null;
      const { id, source, created_at } = toSummary(snapshot.id, snapshot.data() ?? {});
      return { id, source, created_at, markdown };
    },
  };
}
