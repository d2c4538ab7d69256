import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { progressQueryOptions } from './api/get-progress';
import { useSaveProgress } from './api/save-progress';
import { saveProgressMessage } from './learn-messages';
import { ensureLearner } from './learner';

/**
 * Marks a topic complete, or not complete again. The first completion of a visitor signs them in
 * anonymously; the whole completed set is then saved, built from the learner's stored progress
 * (read first if not cached, so a save never drops topics completed elsewhere).
 */
export function useTopicCompletion(slug: string) {
  const queryClient = useQueryClient();
  const save = useSaveProgress(slug);
  const [error, setError] = useState<string | null>(null);

  const toggle = async (topicId: string) => {
    setError(null);
    try {
      const { uid } = await ensureLearner();
      const stored = await queryClient.ensureQueryData(progressQueryOptions(slug, uid));
      const completed = new Set(stored.completed_topic_ids);
      if (completed.has(topicId)) completed.delete(topicId);
      else completed.add(topicId);
      await save.mutateAsync({ uid, completedTopicIds: [...completed] });
    } catch (failure) {
      console.error('Saving progress failed', failure);
      setError(saveProgressMessage(failure));
    }
  };

  return { toggle, error, dismissError: () => setError(null) };
}
