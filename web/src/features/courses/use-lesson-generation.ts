import { useState } from 'react';
import { OUTLINE_TEXT } from './course-messages';
import { generationErrorMessage } from './generation-errors';
import { useOutlineMutations } from './outline-mutations';

/**
 * Generating one lesson at a time for a subject's topics: the draft streamed so far (for the
 * page to render live) and `generate`, which answers null on success or the message to show
 * (spec §8: it depends on whether the topic already had a lesson).
 */
export function useLessonGeneration(courseId: string, subjectId: string) {
  const { generateContent } = useOutlineMutations(courseId, subjectId);
  const [draft, setDraft] = useState<{ topicId: string; text: string } | null>(null);

  const generate = async (
    chapterId: string,
    topicId: string,
    hadContent: boolean,
  ): Promise<string | null> => {
    setDraft({ topicId, text: '' });
    try {
      await generateContent.mutateAsync({
        chapterId,
        topicId,
        onChunk: (text) =>
          setDraft((current) =>
            current?.topicId === topicId ? { topicId, text: current.text + text } : current,
          ),
      });
      return null;
    } catch (failure) {
      const fallback = hadContent
        ? OUTLINE_TEXT.contentUpdateFailed
        : OUTLINE_TEXT.generateContentFailed;
      console.error(fallback, failure);
      return generationErrorMessage(failure, fallback);
    } finally {
      setDraft(null);
    }
  };

  return { draft, generate };
}
