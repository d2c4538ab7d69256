import { learnerProgressSchema, type LearnerProgress } from '@coursecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { learnApi, learnKeys } from '../learn-keys';
import { learnerToken, useLearner, type Learner } from '../learner';

/** `GET /api/learn/{slug}/progress` with the learner's own token. */
export async function fetchProgress(
  slug: string,
  uid: string,
  signal?: AbortSignal,
): Promise<LearnerProgress> {
  return apiRequest(learnApi.progress(slug), {
    schema: learnerProgressSchema,
    idToken: await learnerToken(uid),
    keepSessionOn401: true,
    signal,
  });
}

export const progressQueryOptions = (slug: string, uid: string) =>
  queryOptions({
    queryKey: learnKeys.progress(slug, uid),
    queryFn: ({ signal }) => fetchProgress(slug, uid, signal),
    // Only this learner changes it, and every change is written to the cache.
    staleTime: 5 * 60_000,
  });

const NOTHING_COMPLETED: ReadonlySet<string> = new Set();

export interface ProgressState {
  /** Null for a visitor who never completed a topic. */
  learner: Learner | null;
  /** The completed topic ids; undefined while loading. */
  completed: ReadonlySet<string> | undefined;
  isError: boolean;
}

/**
 * The learner's progress in the course. A visitor who never completed anything has none, and is
 * not signed in to read it.
 */
export function useProgress(slug: string): ProgressState {
  const { ready, learner } = useLearner();
  const query = useQuery({
    ...progressQueryOptions(slug, learner?.uid ?? ''),
    enabled: learner !== null,
  });
  const ids = query.data?.completed_topic_ids;
  const completedIds = useMemo(() => (ids ? new Set(ids) : undefined), [ids]);
  if (!ready) return { learner: null, completed: undefined, isError: false };
  if (!learner) return { learner, completed: NOTHING_COMPLETED, isError: false };
  return { learner, completed: completedIds, isError: query.isError };
}
