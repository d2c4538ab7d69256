import { aiUsageSchema, type AiUsage } from '@coursecraft/contracts';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUserQuery } from '../../../lib/user-query';

/** `GET /api/ai-usage`: the user's AI requests today and their daily budget. */
export function fetchAiUsage(signal?: AbortSignal): Promise<AiUsage> {
  return apiRequest('/ai-usage', { schema: aiUsageSchema, signal });
}

const AI_USAGE_KEY: QueryKey = ['ai-usage'];

export function aiUsageQueryOptions() {
  return queryOptions({
    queryKey: AI_USAGE_KEY,
    queryFn: ({ signal }) => fetchAiUsage(signal),
  });
}

/** Today's AI requests, read again each time the profile opens. */
export function useAiUsage() {
  const { queryKey, queryFn } = aiUsageQueryOptions();
  return useUserQuery({ queryKey, queryFn, staleTime: 0 });
}
