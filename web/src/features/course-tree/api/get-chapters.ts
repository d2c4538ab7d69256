import { chapterSchema, type Chapter } from '@coursecraft/contracts';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';
import { courseTreeKeys, type SubjectRef } from '../lib/keys';
import { courseTreeApi } from './api-paths';

export function fetchChapters(ref: SubjectRef, signal?: AbortSignal): Promise<Chapter[]> {
  return apiRequest(courseTreeApi.chapters(ref), { schema: z.array(chapterSchema), signal });
}

export const chaptersQueryOptions = (ref: SubjectRef) =>
  queryOptions({
    queryKey: courseTreeKeys.chapters(ref),
    queryFn: ({ signal }) => fetchChapters(ref, signal),
  });

/** The chapters of one subject. */
export function useChapters(ref: SubjectRef) {
  return useUserQuery(chaptersQueryOptions(ref));
}
