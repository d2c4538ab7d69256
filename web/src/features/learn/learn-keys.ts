import type { QueryKey } from '@tanstack/react-query';
import { userKey } from '../../lib/user-query';

/**
 * Cache keys of the learner pages. A published course and its lessons are public, the same for
 * everyone; a lesson's key carries the snapshot version, so a page never shows lessons of two
 * versions. Progress belongs to one learner (anonymous ones too), under their uid.
 */
export const learnKeys = {
  course: (slug: string): QueryKey => ['learn', slug],
  lesson: (slug: string, topicId: string, version: number): QueryKey => [
    'learn',
    slug,
    'topic',
    topicId,
    version,
  ],
  progress: (slug: string, uid: string): QueryKey => userKey(uid, ['learn', slug, 'progress']),
};

export const learnApi = {
  course: (slug: string) => `/learn/${encodeURIComponent(slug)}`,
  lesson: (slug: string, topicId: string, version: number) =>
    `/learn/${encodeURIComponent(slug)}/topics/${encodeURIComponent(topicId)}?v=${version}`,
  progress: (slug: string) => `/learn/${encodeURIComponent(slug)}/progress`,
};
