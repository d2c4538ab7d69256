import type { CourseAnalytics } from '@coursecraft/contracts';
import type { CoursePath } from '../../lib/firestore/paths';
import { ownedOutline, type Outline } from '../outline';
import type { AnalyticsRepository } from './analytics-repository';
import { courseAnalytics } from './course-analytics';
import type { PublishingRepository } from './publishing-repository';

export interface AnalyticsDependencies {
  outline: Outline;
  publications: Pick<PublishingRepository, 'findPublication' | 'listProgress'>;
  stats: AnalyticsRepository;
  now: () => Date;
}

/**
 * The author's view of learners: derived on each read from the last published outline, every
 * learner's progress and the counters kept at learners' first answers, never stored. The
 * questions' texts come from the live snapshot's published questions; an unpublished course has
 * none left, so it lists no question (its counters stay for the next publication).
 */
export function analyticsService({ outline, publications, stats, now }: AnalyticsDependencies) {
  const owned = ownedOutline(outline);
  return {
    async analytics(uid: string, path: CoursePath): Promise<CourseAnalytics> {
      await owned.course(uid, path);
      const [found, progress, counters] = await Promise.all([
        publications.findPublication(path),
        publications.listProgress(path),
        stats.questionStats(path),
      ]);
      const published =
        found?.slug != null ? await stats.publishedQuestions(path, found.version) : new Map();
      return courseAnalytics(found?.course ?? null, progress, now(), {
        published,
        stats: counters,
      });
    },
  };
}

export type AnalyticsService = ReturnType<typeof analyticsService>;
