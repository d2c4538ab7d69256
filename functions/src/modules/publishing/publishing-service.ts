import { randomBytes } from 'node:crypto';
import {
  ANALYTICS_DAYS,
  PUBLISHING_MESSAGES,
  documentIdSchema,
  slugSchema,
  type CourseAnalytics,
  type LearnerCourse,
  type LearnerLesson,
  type LearnerProgress,
  type Publication,
  type PublicationStatus,
} from '@coursecraft/contracts';
import type { CoursePath } from '../../lib/firestore/paths';
import { HttpError } from '../../lib/http-error';
import type { ImageStore } from '../../lib/storage/image-store';
import type { BodyReader } from '../courses/courses-service';
import type { CourseTree, OutlineRepository } from '../courses/outline-repository';
import { ownedOutline } from '../courses/owned-outline';
import type {
  PublicationRecord,
  PublishedOutline,
  PublishingRepository,
} from './publishing-repository';

/** The one answer for an unknown slug, an unpublished one and a topic it does not have. */
export const LEARN_NOT_FOUND = 'Not found';

const DAY_MS = 86_400_000;

export interface PublishingDependencies {
  outline: OutlineRepository;
  publications: PublishingRepository;
  store: () => ImageStore;
  /** The app's main origin comes first: share links point there. */
  appOrigins: () => string[];
  now: () => Date;
}

/** 96 random bits, URL-safe: nothing about the course or its author can be read from it. */
const newSlug = (): string => randomBytes(12).toString('base64url');

/** Every published image of a course, and those of one snapshot. */
const courseImages = ({ courseId }: CoursePath) => `published/${courseId}`;
const versionImages = (path: CoursePath, version: number) => `${courseImages(path)}/v${version}`;

function notFound(): never {
  throw new HttpError(404, 'NOT_FOUND', LEARN_NOT_FOUND);
}

const topicIdsOf = (outline: PublishedOutline): string[] =>
  outline.subjects.flatMap((subject) =>
    subject.chapters.flatMap((chapter) => chapter.topics.map((topic) => topic.id)),
  );

/** Logs a clean-up whose failure only leaves unreachable copies behind. */
async function bestEffort(what: string, work: () => Promise<unknown>): Promise<void> {
  await work().catch((error: unknown) => {
    console.error(`${what} failed; the copies are left behind`, error);
  });
}

/**
 * Publishing a course as an immutable snapshot learners open by a random slug, their progress,
 * and the author's analytics (derived from progress on every read, never stored).
 *
 * A publish runs under the course's lease (a second click meanwhile gets 409): it reads the whole
 * tree, writes the new version's lessons and image copies, then points the publication at them
 * in one transaction. Until that commit learners see the previous snapshot; a failure before it
 * removes what was written. The snapshot just replaced stays readable (a learner may have its
 * page open); older ones are deleted.
 */
export function publishingService({
  outline,
  publications,
  store,
  appOrigins,
  now,
}: PublishingDependencies) {
  const owned = ownedOutline(outline);

  const toPublication = (record: PublicationRecord & { slug: string }): Publication => ({
    slug: record.slug,
    url: `${appOrigins()[0] ?? ''}/learn/${record.slug}`,
    published_at: record.publishedAt.toISOString(),
    version: record.version,
  });

  async function withLease<T>(path: CoursePath, work: () => Promise<T>): Promise<T> {
    const release = await publications.tryAcquireLease(path);
    if (!release) throw new HttpError(409, 'CONFLICT', PUBLISHING_MESSAGES.publishInProgress);
    try {
      return await work();
    } finally {
      await release();
    }
  }

  /** The outline learners see, its covers copied to the snapshot's own folder. */
  async function snapshotOutline(
    path: CoursePath,
    tree: CourseTree,
    version: number,
  ): Promise<PublishedOutline> {
    const folder = versionImages(path, version);
    const copied = async (url: string | null, to: string) =>
      url ? ((await store().copyFromUrl(url, to))?.url ?? url) : null;
    return {
      name: tree.course.name,
      description: tree.course.description,
      image_url: await copied(tree.course.image_url, `${folder}/cover`),
      subjects: await Promise.all(
        tree.subjects.map(async (subject) => ({
          id: subject.id,
          name: subject.name,
          description: subject.description,
          image_url: await copied(subject.image_url, `${folder}/subjects/${subject.id}`),
          chapters: subject.chapters.map((chapter) => ({
            id: chapter.id,
            name: chapter.name,
            topics: chapter.topics.map((topic) => ({
              id: topic.id,
              name: topic.name,
              has_content: topic.content !== null,
            })),
          })),
        })),
      ),
    };
  }

  async function publishOwned(uid: string, path: CoursePath): Promise<Publication> {
    const tree = (await outline.readCourseTree(path)) ?? notFound();
    const current = await publications.findPublication(path);
    const slug = current?.slug ?? newSlug();
    const version = (current?.version ?? 0) + 1;
    try {
      const lessons = tree.subjects.flatMap((subject) =>
        subject.chapters.flatMap((chapter) =>
          chapter.topics.map((topic) => ({ topicId: topic.id, content: topic.content ?? '' })),
        ),
      );
      await publications.writeLessons(path, { slug, version }, lessons);
      const course = await snapshotOutline(path, tree, version);
      const publishedAt = now();
      const record = { ownerUid: uid, slug, version, publishedAt, course };
      if (!(await publications.commitPublication(path, record))) notFound();
      // Versions before the previous one were deleted when they aged out (or on unpublish).
      if (version > 2) {
        await bestEffort('Deleting an older published version', async () => {
          await publications.deleteLessons(path, version - 2);
          await store().deletePrefix(versionImages(path, version - 2));
        });
      }
      return toPublication({ ...record, courseId: path.courseId });
    } catch (error) {
      await bestEffort('Removing a failed publication', async () => {
        await publications.deleteLessons(path, version);
        await store().deletePrefix(versionImages(path, version));
      });
      throw error;
    }
  }

  /** The live publication a slug names, or the 404 learners get for anything else. */
  async function live(slug: string): Promise<PublicationRecord> {
    if (!slugSchema.safeParse(slug).success) notFound();
    const found = await publications.findLiveBySlug(slug);
    return found?.slug === slug ? found : notFound();
  }

  return {
    /** First publication and "Publish changes" alike: a new snapshot under the live slug. */
    async publish(uid: string, path: CoursePath): Promise<Publication> {
      await owned.course(uid, path);
      return withLease(path, () => publishOwned(uid, path));
    },

    async status(uid: string, path: CoursePath): Promise<PublicationStatus> {
      await owned.course(uid, path);
      const found = await publications.findPublication(path);
      return { publication: found?.slug ? toPublication({ ...found, slug: found.slug }) : null };
    },

    /**
     * Takes the link down and deletes the published lessons and images; the outline stays, for
     * analytics, and so does learners' progress (a later publication under a new link counts
     * the topics that still exist). Idempotent, so a failed clean-up is finished by a retry.
     */
    async unpublish(uid: string, path: CoursePath): Promise<void> {
      await owned.course(uid, path);
      await withLease(path, async () => {
        await publications.unpublish(path);
        await publications.deleteLessons(path);
        await store().deletePrefix(courseImages(path));
      });
    },

    /**
     * CoursePublications: everything publishing holds about a course that is being deleted, under
     * the course's lease, which is held until the tree is gone (a publish meanwhile gets 409,
     * and so does a delete during a publish).
     */
    async forgetCourse(path: CoursePath, deleteTree: () => Promise<void>): Promise<void> {
      await withLease(path, async () => {
        await publications.forgetCourse(path);
        await store().deletePrefix(courseImages(path));
        await deleteTree();
      });
    },

    async analytics(uid: string, path: CoursePath): Promise<CourseAnalytics> {
      await owned.course(uid, path);
      const [found, progress] = await Promise.all([
        publications.findPublication(path),
        publications.listProgress(path),
      ]);
      const subjects = found?.course.subjects ?? [];
      const topicIds = found ? topicIdsOf(found.course) : [];
      const completedBy = new Map<string, number>();
      let learnersCompleted = 0;
      for (const learner of progress) {
        const done = new Set(learner.completed);
        for (const id of done) completedBy.set(id, (completedBy.get(id) ?? 0) + 1);
        if (topicIds.length > 0 && topicIds.every((id) => done.has(id))) learnersCompleted += 1;
      }
      const today = Math.floor(now().getTime() / DAY_MS);
      const startedPerDay = Array.from({ length: ANALYTICS_DAYS }, (_, index) => {
        const day = today - (ANALYTICS_DAYS - 1) + index;
        return {
          date: new Date(day * DAY_MS).toISOString().slice(0, 10),
          learners: progress.filter(
            (learner) => Math.floor(learner.startedAt.getTime() / DAY_MS) === day,
          ).length,
        };
      });
      return {
        learners_started: progress.length,
        learners_completed: learnersCompleted,
        completion_rate: progress.length === 0 ? 0 : learnersCompleted / progress.length,
        topics: subjects.flatMap((subject) =>
          subject.chapters.flatMap((chapter) =>
            chapter.topics.map((topic) => ({
              topic_id: topic.id,
              name: topic.name,
              subject_name: subject.name,
              chapter_name: chapter.name,
              completed: completedBy.get(topic.id) ?? 0,
            })),
          ),
        ),
        started_per_day: startedPerDay,
      };
    },

    async learnerCourse(slug: string): Promise<LearnerCourse> {
      const found = await live(slug);
      return {
        slug,
        version: found.version,
        published_at: found.publishedAt.toISOString(),
        ...found.course,
      };
    },

    /**
     * One lesson of the snapshot `version` (one read: its document id follows from the URL), or
     * of the live snapshot when no version is given.
     */
    async learnerLesson(
      slug: string,
      topicId: string,
      version: number | null,
    ): Promise<LearnerLesson> {
      if (!documentIdSchema.safeParse(topicId).success) notFound();
      if (!slugSchema.safeParse(slug).success) notFound();
      const wanted = version ?? (await live(slug)).version;
      const content = await publications.readLesson({ slug, version: wanted, topicId });
      if (content === null) notFound();
      return { topic_id: topicId, version: wanted, content };
    },

    /** The caller's completed topics that the live snapshot still has. */
    async progress(slug: string, uid: string): Promise<LearnerProgress> {
      const found = await live(slug);
      const stored = new Set(await publications.readProgress({ courseId: found.courseId }, uid));
      return { completed_topic_ids: topicIdsOf(found.course).filter((id) => stored.has(id)) };
    },

    /** Replaces the caller's completed set; every id must be a topic of the live snapshot. */
    async saveProgress(
      slug: string,
      uid: string,
      readBody: BodyReader<{ completed_topic_ids: string[] }>,
    ): Promise<LearnerProgress> {
      const found = await live(slug);
      const wanted = new Set(readBody().completed_topic_ids);
      const known = new Set(topicIdsOf(found.course));
      if ([...wanted].some((id) => !known.has(id))) {
        throw new HttpError(400, 'VALIDATION', PUBLISHING_MESSAGES.unknownTopics);
      }
      const completed = topicIdsOf(found.course).filter((id) => wanted.has(id));
      await publications.saveProgress({ courseId: found.courseId }, uid, completed, now());
      return { completed_topic_ids: completed };
    },
  };
}

export type PublishingService = ReturnType<typeof publishingService>;
