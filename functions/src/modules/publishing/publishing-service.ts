import { randomBytes } from 'node:crypto';
import {
  PUBLISHING_MESSAGES,
  type ChapterQuizSettings,
  type LearnerQuestion,
  type Publication,
  type PublicationListing,
  type PublicationStatus,
  type PublishRequest,
  type Question,
} from '@coursecraft/contracts';
import { diagramKey, diagramSources, type DiagramDrawing } from '@coursecraft/markdown';
import type { BodyReader } from '../../lib/body-reader';
import type { CoursePath } from '../../lib/firestore/paths';
import { HttpError } from '../../lib/http-error';
import type { ImageStore } from '../../lib/storage/image-store';
import {
  publishedCourseCover,
  publishedImagesFolder,
  publishedSubjectCover,
  publishedVersionFolder,
} from '../../lib/storage/object-paths';
import { ownedOutline, type CourseTree, type NodeDeletionHandler, type Outline } from '../outline';
import { coverRenditions } from './learner-pages/cover-renditions';
import type { LearnerPagesRepository } from './learner-pages/learner-pages-repository';
import { pageDocuments, type PageCovers } from './learner-pages/page-documents';
import { notFound } from './not-found';
import {
  nextVersion,
  publishedLessons,
  publishedOutline,
  topicIdsOf,
  versionAgedOut,
  type SnapshotCovers,
} from './publish-snapshot';
import { learnerQuestions, publishQuestion } from './published-questions';
import { learnerChapterQuiz, snapshotQuizzes } from './quizzes/chapter-quizzes';
import type {
  PublicationRecord,
  PublishedOutline,
  PublishedTopicQuestions,
  PublishingRepository,
} from './publishing-repository';

export interface PublishingDependencies {
  outline: Outline;
  publications: PublishingRepository;
  store: () => ImageStore;
  /** The app's main origin comes first: share links point there. */
  appOrigins: () => string[];
  now: () => Date;
  /** The live snapshot's learner pages. */
  pages: Pick<LearnerPagesRepository, 'replacePages' | 'deletePages' | 'setListed'>;
  /** The stored drawings of a course's diagrams, by key (the diagrams module's lookup). */
  drawings: DrawingLookup;
  /** Every topic's questions in a course, by topic id (the questions module's lookup). */
  questions: QuestionsLookup;
  /** The chapters' stored quiz settings, by chapter id; absent: every chapter has the defaults. */
  quizSettings?: QuizSettingsLookup;
}

export type QuizSettingsLookup = (path: CoursePath) => Promise<Map<string, ChapterQuizSettings>>;

export type QuestionsLookup = (path: CoursePath) => Promise<Map<string, Question[]>>;

export type DrawingLookup = (
  path: CoursePath,
  keys: string[],
) => Promise<Map<string, DiagramDrawing>>;

/** 96 random bits, URL-safe: nothing about the course or its author can be read from it. */
const newSlug = (): string => randomBytes(12).toString('base64url');

/** Logs a clean-up whose failure only leaves unreachable copies behind. */
async function bestEffort(what: string, work: () => Promise<unknown>): Promise<void> {
  await work().catch((error: unknown) => {
    console.error(`${what} failed; the copies are left behind`, error);
  });
}

/**
 * Publishing a course as an immutable snapshot learners open by a random slug (what learners
 * then read is `learner-service`, what authors see of them `analytics-service`).
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
  pages,
  drawings,
  questions,
  quizSettings = async () => new Map(),
}: PublishingDependencies) {
  const owned = ownedOutline(outline);

  const toPublication = (record: PublicationRecord & { slug: string }): Publication => ({
    slug: record.slug,
    url: `${appOrigins()[0] ?? ''}/learn/${record.slug}`,
    published_at: record.publishedAt.toISOString(),
    version: record.version,
    listed: record.listed,
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

  /** The covers copied to the snapshot's own folder (a URL of no object of the store stays). */
  async function copyCovers(
    { courseId }: CoursePath,
    tree: CourseTree,
    version: number,
  ): Promise<SnapshotCovers> {
    const copied = async (url: string | null, to: string) =>
      url ? ((await store().copyFromUrl(url, to))?.url ?? url) : null;
    const [course, ...subjects] = await Promise.all([
      copied(tree.course.image_url, publishedCourseCover(courseId, version)),
      ...tree.subjects.map((subject) =>
        copied(subject.image_url, publishedSubjectCover(courseId, version, subject.id)),
      ),
    ]);
    return { course: course ?? null, subjects };
  }

  /** Each topic's diagram drawings, by topic id: one lookup for the whole course. */
  async function lessonDrawings(
    path: CoursePath,
    tree: CourseTree,
  ): Promise<Map<string, Record<string, DiagramDrawing>>> {
    const keysOf = new Map<string, string[]>();
    for (const subject of tree.subjects) {
      for (const chapter of subject.chapters) {
        for (const topic of chapter.topics) {
          if (topic.content === null) continue;
          const sources = diagramSources(topic.content);
          if (sources.length > 0) keysOf.set(topic.id, await Promise.all(sources.map(diagramKey)));
        }
      }
    }
    const stored = await drawings(path, [...new Set([...keysOf.values()].flat())]);
    return new Map(
      [...keysOf].map(([topicId, keys]) => [
        topicId,
        Object.fromEntries(
          keys.flatMap((key) => {
            const drawing = stored.get(key);
            return drawing ? [[key, drawing]] : [];
          }),
        ),
      ]),
    );
  }

  /** The questions of the tree's topics, rendered, in outline order (topics with none left out). */
  async function snapshotQuestions(
    path: CoursePath,
    tree: CourseTree,
  ): Promise<PublishedTopicQuestions[]> {
    const byTopic = await questions(path);
    const topics = tree.subjects.flatMap((subject) =>
      subject.chapters.flatMap((chapter) => chapter.topics.map((topic) => topic.id)),
    );
    const published: PublishedTopicQuestions[] = [];
    for (const topicId of topics) {
      const list = byTopic.get(topicId) ?? [];
      if (list.length > 0) {
        published.push({ topicId, questions: await Promise.all(list.map(publishQuestion)) });
      }
    }
    return published;
  }

  async function writePages(
    path: CoursePath,
    tree: CourseTree,
    snapshot: { slug: string; version: number; listed: boolean; covers: PageCovers },
    current: PublicationRecord | null,
    checks: Map<string, LearnerQuestion[]>,
    outline: PublishedOutline,
  ) {
    const byTopic = await lessonDrawings(path, tree);
    const quizzes = new Map(
      outline.subjects.flatMap((subject) =>
        subject.chapters.map((chapter) => [chapter.id, chapter.quiz] as const),
      ),
    );
    const { coursePage, topicPages } = pageDocuments(tree, {
      ...snapshot,
      courseId: path.courseId,
      drawingsOf: (topicId) => byTopic.get(topicId) ?? {},
      checksOf: (topicId) => checks.get(topicId) ?? [],
      quizOf: (chapterId) => quizzes.get(chapterId) ?? null,
      onDropped: (topicId, bytes, what) => {
        console.warn(
          `The page of topic ${topicId} (course ${path.courseId}) would be ${bytes} bytes; ${what}`,
        );
      },
    });
    const previous = current?.slug
      ? { slug: current.slug, topicIds: topicIdsOf(current.course) }
      : null;
    await pages.replacePages(coursePage, topicPages, previous);
  }

  async function deleteVersion(path: CoursePath, version: number) {
    await publications.deleteLessons(path, version);
    await publications.deleteQuestions(path, version);
    await publications.deleteQuizzes(path, version);
    await store().deletePrefix(publishedVersionFolder(path.courseId, version));
  }

  async function publishOwned(
    uid: string,
    path: CoursePath,
    tree: CourseTree,
    wanted: PublishRequest,
  ) {
    const current = await publications.findPublication(path);
    const slug = current?.slug ?? newSlug();
    const version = nextVersion(current);
    const listed = wanted.listed ?? (current?.slug ? current.listed : false);
    let committed: PublicationRecord & { slug: string };
    let covers: PageCovers;
    let checks: Map<string, LearnerQuestion[]>;
    try {
      await publications.writeLessons(path, { slug, version }, publishedLessons(tree));
      const [questionsOfSnapshot, settings] = await Promise.all([
        snapshotQuestions(path, tree),
        quizSettings(path),
      ]);
      await publications.writeQuestions(path, { slug, version }, questionsOfSnapshot);
      const quizzes = snapshotQuizzes(tree, questionsOfSnapshot, settings);
      await publications.writeQuizzes(path, { slug, version }, quizzes);
      checks = new Map(
        questionsOfSnapshot.map(({ topicId, questions: list }) => [
          topicId,
          learnerQuestions(list),
        ]),
      );
      const [copies, renditions] = await Promise.all([
        copyCovers(path, tree, version),
        coverRenditions(store(), { courseId: path.courseId, version }, tree),
      ]);
      covers = renditions;
      const course = publishedOutline(
        tree,
        copies,
        new Map(quizzes.map((quiz) => [quiz.chapterId, learnerChapterQuiz(quiz)])),
      );
      const record = { ownerUid: uid, slug, version, publishedAt: now(), course, listed };
      if (!(await publications.commitPublication(path, record))) notFound();
      committed = { ...record, courseId: path.courseId };
    } catch (error) {
      await bestEffort('Removing a failed publication', () => deleteVersion(path, version));
      throw error;
    }
    // The snapshot is live from here on: a failure to write its pages fails the request (the
    // author publishes again) but never removes the snapshot.
    await writePages(
      path,
      tree,
      { slug, version, listed, covers },
      current,
      checks,
      committed.course,
    );
    const agedOut = versionAgedOut(version);
    if (agedOut !== null) {
      await bestEffort('Deleting an older published version', () => deleteVersion(path, agedOut));
    }
    return toPublication(committed);
  }

  return {
    /** First publication and "Publish changes" alike: a new snapshot under the live slug. */
    async publish(
      uid: string,
      path: CoursePath,
      readBody: BodyReader<PublishRequest>,
    ): Promise<Publication> {
      const { course } = await owned.course(uid, path);
      const wanted = readBody();
      return withLease(path, async () =>
        publishOwned(uid, path, await outline.readCourseTree(path, course), wanted),
      );
    },

    /** "List in search engines" of a published course: the publication and every page. */
    async setListing(
      uid: string,
      path: CoursePath,
      readBody: BodyReader<PublicationListing>,
    ): Promise<Publication> {
      await owned.course(uid, path);
      const { listed } = readBody();
      return withLease(path, async () => {
        const found = await publications.findPublication(path);
        if (!found?.slug) {
          throw new HttpError(404, 'NOT_FOUND', PUBLISHING_MESSAGES.notPublished);
        }
        await publications.setListed(path, listed);
        await pages.setListed(path, listed);
        return toPublication({ ...found, slug: found.slug, listed });
      });
    },

    async status(uid: string, path: CoursePath): Promise<PublicationStatus> {
      await owned.course(uid, path);
      const found = await publications.findPublication(path);
      return { publication: found?.slug ? toPublication({ ...found, slug: found.slug }) : null };
    },

    /**
     * Takes the link down and deletes the published lessons, questions, quizzes and images; the
     * outline stays, for analytics, and so do learners' progress, answers and quiz attempts (a
     * later publication under a new link counts the topics and chapters that still exist). Idempotent, so a failed clean-up is finished by a retry.
     */
    async unpublish(uid: string, path: CoursePath): Promise<void> {
      await owned.course(uid, path);
      await withLease(path, async () => {
        // Pages first: a failure after them leaves a course learners cannot open, not one
        // still served after its Unpublish.
        await pages.deletePages(path);
        await publications.unpublish(path);
        await publications.deleteLessons(path);
        await publications.deleteQuestions(path);
        await publications.deleteQuizzes(path);
        await store().deletePrefix(publishedImagesFolder(path.courseId));
      });
    },

    /**
     * The outline's deletion handler: everything publishing holds about a course that is being
     * deleted, under the course's lease, which is held until the tree is gone (a publish
     * meanwhile gets 409, and so does a delete during a publish). Not best effort: a failure
     * fails the deletion, so the course stays and a retry finishes the job. Publishing keeps
     * nothing about a subject, chapter or topic apart from its course's snapshot.
     */
    forgetDeletedCourse: (async ({ level, path }, deleteNode) => {
      if (level !== 'course') return deleteNode();
      await withLease(path, async () => {
        await pages.deletePages(path);
        await publications.forgetCourse(path);
        await store().deletePrefix(publishedImagesFolder(path.courseId));
        await deleteNode();
      });
    }) satisfies NodeDeletionHandler,
  };
}

export type PublishingService = ReturnType<typeof publishingService>;
