import type { Topic } from '@coursecraft/contracts';
import { reportLessonFailure, useGenerateContent } from '../api/generate-content';
import type { SubjectRef } from '../lib/keys';
import type { OutlineModal } from './components/OutlineDialogs';
import { OUTLINE_TEXT } from './outline-messages';

/**
 * What the outline's lesson buttons do for the selected topic: generate or regenerate its lesson
 * (streamed in), or open the add, edit or delete dialog; without a selected topic they say so.
 */
export function useOutlineLessonActions({
  subjectRef,
  chapterId,
  topic,
  markdown,
  notify,
  openModal,
}: {
  subjectRef: SubjectRef;
  chapterId: string | null;
  topic: Topic | undefined;
  /** The selected topic's lesson (null: none, undefined: not loaded). */
  markdown: string | null | undefined;
  notify: (message: string | null) => void;
  openModal: (modal: OutlineModal) => void;
}) {
  const lessons = useGenerateContent(subjectRef);
  const selected = topic && chapterId ? { chapterId, topic } : null;

  const generate = async () => {
    if (!selected) {
      notify(OUTLINE_TEXT.selectTopicFirst);
      return;
    }
    notify(null);
    try {
      await lessons.mutation.mutateAsync({
        chapterId: selected.chapterId,
        topicId: selected.topic.id,
      });
    } catch (failure) {
      notify(reportLessonFailure(failure, Boolean(markdown)));
    }
  };

  const regenerate = async (instructions: string) => {
    if (!selected) return;
    await lessons.mutation.mutateAsync({
      chapterId: selected.chapterId,
      topicId: selected.topic.id,
      instructions,
    });
  };

  const openContentModal = (kind: 'addContent' | 'editContent' | 'deleteContent') => {
    if (!selected) {
      notify(OUTLINE_TEXT.selectTopicFirst);
      return;
    }
    if (kind === 'editContent') openModal({ kind, ...selected, content: markdown ?? '' });
    else openModal({ kind, ...selected });
  };

  return {
    generate,
    regenerate,
    openContentModal,
    generating: lessons.mutation.isPending,
    draftOf: lessons.draftOf,
    removedCitationsOf: lessons.removedCitationsOf,
    dismissRemovedCitations: lessons.dismissRemovedCitations,
  };
}
