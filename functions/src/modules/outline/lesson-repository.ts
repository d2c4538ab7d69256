import { LESSON_HISTORY_KEPT, type LessonVersionSource } from '@coursecraft/contracts';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { isAlreadyExists } from '../../lib/firestore/errors';
import { Timestamp } from '../../lib/firestore/sdk';
import { contentRef, lessonVersionOf, topicRef, type TopicPath } from '../../lib/firestore/paths';
import type { WriteGuard } from '../../lib/firestore/write-guard';
import { versionData } from './outline-converters';
import type { FillOutcome, LessonWriteOutcome } from './outline-types';
import { historyNextOf, storedLesson } from './tree-documents-repository';

type GuardedWriteOutcome = LessonWriteOutcome | 'refused';

const noGuard = async (write: Promise<GuardedWriteOutcome>): Promise<LessonWriteOutcome> => {
  const outcome = await write;
  if (outcome === 'refused') throw new Error('A lesson write without a guard was refused.');
  return outcome;
};

/** Tries of a lesson write whose version number another write took (only the stand-in allows that). */
const LESSON_WRITE_ATTEMPTS = 3;

/** A topic's lesson (`.../content/markdown`), written together with its version history. */
export function lessonRepository(db: () => Firestore) {
  /**
   * Writes a topic's lesson and records it as the lesson's newest version `history/{n}`, in one
   * transaction that reads only the topic document (which holds n as `history_next`): the
   * lesson, the topic's `has_content` and `history_next`, the version, and the deletion of the
   * version that falls out of the window (n − LESSON_HISTORY_KEPT). A lesson stored before the
   * history existed is read too, once, and recorded first as version 1 ('edited', at its own
   * time). `create` refuses a topic that has a lesson.
   */
  async function writeContent(
    path: TopicPath,
    markdown: string,
    source: LessonVersionSource,
    mode: 'create' | 'upsert',
    guard?: WriteGuard,
  ): Promise<GuardedWriteOutcome> {
    const topic = topicRef(db(), path);
    const content = contentRef(db(), path);
    const attempt = () =>
      db().runTransaction(async (tx: Transaction): Promise<GuardedWriteOutcome> => {
        const snapshot = await tx.get(topic);
        if (!snapshot.exists) return 'topicGone';
        const hasContent = snapshot.get('has_content') === true;
        if (mode === 'create' && hasContent) return 'exists';
        if (guard && !(await guard.holds(tx))) return 'refused';
        const stored = historyNextOf(snapshot);
        const earlier = stored === null && hasContent ? storedLesson(await tx.get(content)) : null;
        const n = (stored ?? 1) + (earlier ? 1 : 0);
        const now = Timestamp.now();
        // The topic first: the offline stand-in applies a commit write by write, so a topic
        // deleted meanwhile fails the commit before anything else is written.
        tx.update(topic, { has_content: true, history_next: n + 1, updated_at: now });
        const data = { markdown, updated_at: now };
        if (mode === 'create') tx.create(content, data);
        else tx.set(content, data);
        if (earlier) {
          tx.create(
            lessonVersionOf(topic, n - 1),
            versionData(earlier.markdown, 'edited', earlier.at),
          );
        }
        tx.create(lessonVersionOf(topic, n), versionData(markdown, source, now));
        if (n > LESSON_HISTORY_KEPT) tx.delete(lessonVersionOf(topic, n - LESSON_HISTORY_KEPT));
        return 'written';
      });
    for (let tries = 1; ; tries += 1) {
      try {
        return await attempt();
      } catch (error) {
        // ALREADY_EXISTS: a create found its lesson there, or (on the stand-in, which does not
        // isolate transactions) another write took the same version number; the next try reads
        // the topic again and decides.
        if (!isAlreadyExists(error)) throw error;
        if (tries >= LESSON_WRITE_ATTEMPTS) {
          if (mode === 'create') return 'exists';
          throw error;
        }
      }
    }
  }

  return {
    async getContent(path: TopicPath): Promise<string | null> {
      const markdown: unknown = (await contentRef(db(), path).get()).get('markdown');
      return typeof markdown === 'string' ? markdown : null;
    },

    /**
     * Writes the topic's first markdown, sets `has_content` and records the lesson as a version
     * from `source`; 'exists' when it has one already.
     */
    createContent: (path: TopicPath, markdown: string, source: LessonVersionSource) =>
      noGuard(writeContent(path, markdown, source, 'create')),

    /**
     * Writes (or replaces) the topic's markdown, sets `has_content` and records the lesson as a
     * version from `source`, the lesson before it staying in the history.
     */
    saveContent: (path: TopicPath, markdown: string, source: LessonVersionSource) =>
      noGuard(writeContent(path, markdown, source, 'upsert')),

    /** Writes a generated first lesson while the topic has none and `guard` holds. */
    async fillLesson(path: TopicPath, markdown: string, guard: WriteGuard): Promise<FillOutcome> {
      const outcome = await writeContent(path, markdown, 'generated', 'create', guard);
      if (outcome === 'exists') return 'present';
      return outcome === 'topicGone' ? 'gone' : outcome;
    },

    /**
     * Deletes the markdown and clears `has_content`; the lesson's versions stay, so it can be
     * restored (a lesson stored before the history existed is kept as version 1 first). False
     * when there was none.
     */
    async deleteContent(path: TopicPath): Promise<boolean> {
      const topic = topicRef(db(), path);
      const content = contentRef(db(), path);
      return db().runTransaction(async (tx) => {
        const [existing, snapshot] = await tx.getAll(content, topic);
        if (!existing?.exists) return false;
        const beforeHistory = snapshot?.exists === true && historyNextOf(snapshot) === null;
        const lesson = beforeHistory ? storedLesson(existing) : null;
        const now = Timestamp.now();
        tx.delete(content);
        tx.update(topic, {
          has_content: false,
          updated_at: now,
          ...(lesson && { history_next: 2 }),
        });
        if (lesson) {
          tx.create(lessonVersionOf(topic, 1), versionData(lesson.markdown, 'edited', lesson.at));
        }
        return true;
      });
    },
  };
}
