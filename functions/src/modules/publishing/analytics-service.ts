import type { CourseAnalytics } from '@coursecraft/contracts';
import type { CoursePath } from '../../lib/firestore/paths';
import { ownedOutline, type Outline } from '../outline';
import { courseAnalytics } from './course-analytics';
import type { PublishingRepository } from './publishing-repository';

export interface AnalyticsDependencies {
  outline: Outline;
  publications: Pick<PublishingRepository, 'findPublication' | 'listProgress'>;
  now: () => Date;
}

/**
 * The author's view of learners: derived from the last published outline and every learner's
 * progress on each read, never stored.
 */
export function analyticsService({ outline, publications, now }: AnalyticsDependencies) {
  const owned = ownedOutline(outline);
  return {
    async analytics(uid: string, path: CoursePath): Promise<CourseAnalytics> {
      await owned.course(uid, path);
      const [found, progress] = await Promise.all([
        publications.findPublication(path),
        publications.listProgress(path),
      ]);
      return courseAnalytics(found?.course ?? null, progress, now());
    },
  };
}

export type AnalyticsService = ReturnType<typeof analyticsService>;
