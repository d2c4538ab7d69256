import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { DiagramDrawing } from '@coursecraft/markdown';
import { db as defaultDb } from '../../lib/firestore/db';
import { deleteInBatches, setInBatches } from '../../lib/firestore/batches';
import { Timestamp } from '../../lib/firestore/sdk';
import {
  diagramDrawingRef,
  diagramDrawingsCollection,
  type CoursePath,
} from '../../lib/firestore/paths';

/** A sanitised drawing of one diagram, in both colour schemes. */
export interface StoredDrawing extends DiagramDrawing {
  key: string;
}

function toDrawing(snapshot: DocumentSnapshot): StoredDrawing | null {
  const data = snapshot.data();
  if (!data) return null;
  const { key, light, dark } = data;
  if (typeof key !== 'string' || typeof light !== 'string' || typeof dark !== 'string') return null;
  return { key, light, dark };
}

/**
 * Drawings of a course's diagrams, one document per diagram key (`diagram_drawings/{c}_{key}`),
 * each carrying `course_id` so a course's drawings are found by one query.
 */
export function diagramRepository(db: () => Firestore = defaultDb) {
  const ofCourse = ({ courseId }: CoursePath) =>
    diagramDrawingsCollection(db()).where('course_id', '==', courseId);

  return {
    /** The keys stored for the course (the SVGs are not needed, so only the key is selected). */
    async listKeys(path: CoursePath): Promise<string[]> {
      const found = await ofCourse(path).select('key').get();
      return found.docs
        .map((doc) => doc.get('key') as unknown)
        .filter((key): key is string => typeof key === 'string')
        .sort();
    },

    /** Stores each drawing under its key, replacing an older drawing of the same diagram. */
    async saveDrawings(path: CoursePath, drawings: StoredDrawing[], now: Date): Promise<void> {
      const updatedAt = Timestamp.fromDate(now);
      await setInBatches(
        db(),
        drawings.map(({ key, light, dark }) => [
          diagramDrawingRef(db(), path, key),
          { course_id: path.courseId, key, light, dark, updated_at: updatedAt },
        ]),
      );
    },

    /** The stored drawings among `keys` (one `getAll`), by key: the port publishing reads at publish. */
    async drawingsOf(
      path: CoursePath,
      keys: readonly string[],
    ): Promise<Map<string, DiagramDrawing>> {
      const unique = [...new Set(keys)];
      const found = new Map<string, DiagramDrawing>();
      if (unique.length === 0) return found;
      const snapshots = await db().getAll(
        ...unique.map((key) => diagramDrawingRef(db(), path, key)),
      );
      for (const snapshot of snapshots) {
        const drawing = toDrawing(snapshot);
        if (drawing) found.set(drawing.key, { light: drawing.light, dark: drawing.dark });
      }
      return found;
    },

    /** Deletes every drawing of the course. */
    async deleteCourseDrawings(path: CoursePath): Promise<void> {
      const found = await ofCourse(path).select().get();
      await deleteInBatches(
        db(),
        found.docs.map((doc) => doc.ref),
      );
    },
  };
}

export type DiagramRepository = ReturnType<typeof diagramRepository>;
