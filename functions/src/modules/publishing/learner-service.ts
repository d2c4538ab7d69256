import {
  PUBLISHING_MESSAGES,
  courseCompleted,
  documentIdSchema,
  slugSchema,
  type LearnerCourse,
  type LearnerLesson,
  type LearnerProgress,
  type LearnerQuizProgress,
} from '@coursecraft/contracts';
import { HttpError } from '../../lib/http-error';
import type { BodyReader } from '../../lib/body-reader';
import { livePublication } from './live-publication';
import { notFound } from './not-found';
import { quizChaptersOf, topicIdsOf } from './publish-snapshot';
import type { PublishedOutline, PublishingRepository } from './publishing-repository';
import { attemptsLeft, quizStandingOf, type QuizStanding } from './quiz-standing';

/**
 * A learner's progress answer against the live snapshot: its topics they completed, their
 * standing at each of its chapter quizzes (standings of chapters it no longer has are kept but
 * not shown) and whether that completes the course.
 */
function progressOf(
  course: PublishedOutline,
  completed: string[],
  standings: ReadonlyMap<string, QuizStanding>,
): LearnerProgress {
  const quizzes = quizChaptersOf(course).map(({ chapterId, quiz }): LearnerQuizProgress => {
    const standing = standings.get(chapterId) ?? quizStandingOf(undefined);
    return {
      chapter_id: chapterId,
      attempts_used: standing.attempts,
      attempts_left: attemptsLeft(quiz.attempts, standing.attempts),
      best_score: standing.bestScore,
      passed: standing.passed,
      open_attempt: standing.openAttempt !== null,
    };
  });
  return {
    completed_topic_ids: completed,
    quizzes,
    course_completed: courseCompleted({
      topicIds: topicIdsOf(course),
      completedTopicIds: new Set(completed),
      quizChapterIds: quizzes.map((quiz) => quiz.chapter_id),
      passedChapterIds: new Set(quizzes.filter((quiz) => quiz.passed).map((q) => q.chapter_id)),
      requireQuizPass: course.require_quiz_pass,
    }),
  };
}

export interface LearnerDependencies {
  publications: Pick<
    PublishingRepository,
    'findLiveBySlug' | 'readLesson' | 'readProgress' | 'saveProgress'
  >;
  now: () => Date;
}

/**
 * What learners reach through a share link: the live snapshot, its lessons (of an older
 * version too, while it is kept), and their own progress. Anything a slug does not name is the
 * same 404.
 */
export function learnerService({ publications, now }: LearnerDependencies) {
  const live = (slug: string) => livePublication(publications, slug);

  return {
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
     * One lesson of the snapshot `version`, or of the live snapshot when no version is given.
     * Either way the course must still be published under `slug`: the lessons of an unpublished
     * course stay stored but are never served. With a version both reads run at once.
     */
    async learnerLesson(
      slug: string,
      topicId: string,
      version: number | null,
    ): Promise<LearnerLesson> {
      if (!documentIdSchema.safeParse(topicId).success) notFound();
      if (!slugSchema.safeParse(slug).success) notFound();
      const readVersion = (wanted: number) =>
        publications.readLesson({ slug, version: wanted, topicId });
      const [current, versioned] = await Promise.all([
        live(slug),
        version === null ? null : readVersion(version),
      ]);
      const wanted = version ?? current.version;
      const content = version === null ? await readVersion(wanted) : versioned;
      if (content === null) notFound();
      return { topic_id: topicId, version: wanted, content };
    },

    /** The caller's completed topics and quiz standings that the live snapshot still has. */
    async progress(slug: string, uid: string): Promise<LearnerProgress> {
      const found = await live(slug);
      const stored = await publications.readProgress({ courseId: found.courseId }, uid);
      const done = new Set(stored.completed);
      const completed = topicIdsOf(found.course).filter((id) => done.has(id));
      return progressOf(found.course, completed, stored.quizzes);
    },

    /**
     * Replaces the caller's completed set; every id must be a topic of the live snapshot. A
     * learner's first stored progress on a course counts once against `admitNewLearner` (429
     * beyond its limit, nothing stored), so minted guests cannot inflate "learners started".
     */
    async saveProgress(
      slug: string,
      uid: string,
      readBody: BodyReader<{ completed_topic_ids: string[] }>,
      admitNewLearner: () => Promise<void>,
    ): Promise<LearnerProgress> {
      const found = await live(slug);
      const wanted = new Set(readBody().completed_topic_ids);
      const known = new Set(topicIdsOf(found.course));
      if ([...wanted].some((id) => !known.has(id))) {
        throw new HttpError(400, 'VALIDATION', PUBLISHING_MESSAGES.unknownTopics);
      }
      const completed = topicIdsOf(found.course).filter((id) => wanted.has(id));
      const path = { courseId: found.courseId };
      const at = now();
      let saved = await publications.saveProgress(path, uid, completed, { at, start: false });
      if (saved === 'not-started') {
        await admitNewLearner();
        saved = await publications.saveProgress(path, uid, completed, { at, start: true });
      }
      return progressOf(
        found.course,
        completed,
        saved === 'not-started' ? new Map() : saved.quizzes,
      );
    },
  };
}

export type LearnerService = ReturnType<typeof learnerService>;
