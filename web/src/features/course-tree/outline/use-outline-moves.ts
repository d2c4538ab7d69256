import { ORDER_MAX_ITEMS, type Topic } from '@coursecraft/contracts';
import type { SubjectRef } from '../lib/keys';
import { useUndoableMoves } from '../lib/use-undoable-moves';
import type { OutlineDrop } from './outline-dnd';
import type { OutlineSelection } from './use-outline-selection';

/**
 * The outline's undoable reorders and moves; a moved topic keeps its selection in its new
 * chapter.
 */
export function useOutlineMoves(
  subjectRef: SubjectRef,
  selection: OutlineSelection,
  selectedTopicId: string | null,
) {
  const moves = useUndoableMoves();

  /** A topic moved to the end of another chapter; the selection follows the selected topic. */
  const moveTopic = (
    topic: Topic,
    fromChapterId: string,
    fromIndex: number,
    toChapterId: string,
  ) => {
    moves.moveTopic(
      {
        from: { ...subjectRef, chapterId: fromChapterId, topicId: topic.id },
        toChapterId,
        index: ORDER_MAX_ITEMS,
      },
      fromIndex,
      (chapterId) => {
        if (topic.id === selectedTopicId) selection.selectTopic(chapterId, topic.id);
      },
    );
  };

  const reorder = (change: OutlineDrop) => {
    if (change.kind === 'chapters') {
      moves.reorder({ level: 'chapters', ...subjectRef }, change.ids, change.previousIds);
    } else if (change.kind === 'topics') {
      const list = { level: 'topics' as const, ...subjectRef, chapterId: change.chapterId };
      moves.reorder(list, change.ids, change.previousIds);
    } else {
      moveTopic(change.topic, change.fromChapterId, change.fromIndex, change.toChapterId);
    }
  };

  return { moveTopic, reorder, notice: moves.notice, dismiss: moves.dismiss };
}
