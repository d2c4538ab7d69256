import type { SubjectRef } from '../lib/keys';
import { useCreateChapter } from './api/create-chapter';
import { useCreateContent } from './api/create-content';
import { useCreateTopic } from './api/create-topic';
import { useDeleteChapter } from './api/delete-chapter';
import { useDeleteContent } from './api/delete-content';
import { useDeleteTopic } from './api/delete-topic';
import { useUpdateChapter } from './api/update-chapter';
import { useUpdateContent } from './api/update-content';
import { useUpdateTopic } from './api/update-topic';
import type { OutlineModalActions } from './components/OutlineDialogs';
import type { OutlineSelection } from './use-outline-selection';

/**
 * What the outline's add, rename and delete dialogs do for chapters, topics and lessons; the
 * selection follows what was added or deleted.
 */
export function useOutlineModalActions(
  subjectRef: SubjectRef,
  selection: OutlineSelection,
): OutlineModalActions {
  const createChapter = useCreateChapter(subjectRef);
  const updateChapter = useUpdateChapter(subjectRef);
  const deleteChapter = useDeleteChapter(subjectRef);
  const createTopic = useCreateTopic(subjectRef);
  const updateTopic = useUpdateTopic(subjectRef);
  const deleteTopic = useDeleteTopic(subjectRef);
  const createContent = useCreateContent(subjectRef);
  const updateContent = useUpdateContent(subjectRef);
  const deleteContent = useDeleteContent(subjectRef);
  return {
    addChapter: async (name) => {
      const created = await createChapter.mutateAsync(name);
      selection.expandChapter(created.id);
    },
    renameChapter: (item, name) => updateChapter.mutateAsync({ chapterId: item.id, name }),
    deleteChapter: async (item) => {
      await deleteChapter.mutateAsync(item.id);
      selection.chapterDeleted(item.id);
    },
    addTopic: async (chapterId, name) => {
      const created = await createTopic.mutateAsync({ chapterId, name });
      selection.selectTopic(chapterId, created.id);
    },
    renameTopic: (chapterId, item, name) =>
      updateTopic.mutateAsync({ chapterId, topicId: item.id, name }),
    deleteTopic: async (chapterId, item) => {
      await deleteTopic.mutateAsync({ chapterId, topicId: item.id });
      const remaining = (selection.expandedTopics.data ?? []).filter((t) => t.id !== item.id);
      selection.topicDeleted(chapterId, item.id, remaining);
    },
    saveContent: (chapterId, item, text, replace) =>
      (replace ? updateContent : createContent).mutateAsync({
        chapterId,
        topicId: item.id,
        content: text,
      }),
    deleteContent: (chapterId, item) => deleteContent.mutateAsync({ chapterId, topicId: item.id }),
  };
}
