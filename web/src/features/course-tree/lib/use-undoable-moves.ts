import { useRef, useState } from 'react';
import { ApiError, serverErrorOr } from '../../../lib/api-client';
import { useMoveTopic, type TopicMove } from '../api/move-topic';
import { useReorderList, type OrderedList } from '../api/reorder';
import { ORDER_TEXT } from './messages';

/** What the snackbar of the order says: a move done (with its Undo), an undo, or a failure. */
export interface MoveNotice {
  /** Changes with every notice, so a new one replaces the shown one. */
  id: number;
  message: string;
  failed: boolean;
  undo?: () => void;
}

/** The server's reason when it gave one (a stale list, a topic gone), else a general message. */
function failureMessage(error: unknown): string {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return refused ? serverErrorOr(error, ORDER_TEXT.saveFailed) : ORDER_TEXT.saveFailed;
}

/**
 * Reorders lists and moves topics the way every screen does: the change shows at once, a notice
 * says "Moved." with Undo, and a refusal puts the order back and says why.
 */
export function useUndoableMoves() {
  const reorder = useReorderList();
  const move = useMoveTopic();
  const [notice, setNotice] = useState<MoveNotice | null>(null);
  const lastId = useRef(0);

  const show = (message: string, failed: boolean, undo?: () => void) => {
    lastId.current += 1;
    setNotice({ id: lastId.current, message, failed, ...(undo ? { undo } : {}) });
  };
  const fail = (error: unknown) => {
    console.error(ORDER_TEXT.saveFailed, error);
    show(failureMessage(error), true);
  };
  /** Waits for a change in the background; a refusal is shown, after `undo` put things back. */
  const save = (pending: Promise<unknown>, undo?: () => void) => {
    pending.catch((error: unknown) => {
      undo?.();
      fail(error);
    });
  };
  const moveNow = (change: TopicMove, onMoved?: (chapterId: string) => void) => {
    onMoved?.(change.toChapterId);
    save(move.mutateAsync(change), () => onMoved?.(change.from.chapterId));
  };

  return {
    notice,
    dismiss: () => setNotice(null),
    /** Saves `ids` as the order of `list`; Undo saves `previousIds` again. */
    reorder(list: OrderedList, ids: string[], previousIds: string[]) {
      show(ORDER_TEXT.moved, false, () => {
        show(ORDER_TEXT.undone, false);
        save(reorder.mutateAsync({ list, ids: previousIds }));
      });
      save(reorder.mutateAsync({ list, ids }));
    },
    /**
     * Moves a topic; Undo moves it back to `previousIndex` of its chapter. `onMoved` is told the
     * chapter the topic is in whenever that changes (the move, a refusal, an Undo).
     */
    moveTopic(change: TopicMove, previousIndex: number, onMoved?: (chapterId: string) => void) {
      const back: TopicMove = {
        from: { ...change.from, chapterId: change.toChapterId },
        toChapterId: change.from.chapterId,
        index: previousIndex,
      };
      show(ORDER_TEXT.moved, false, () => {
        show(ORDER_TEXT.undone, false);
        moveNow(back, onMoved);
      });
      moveNow(change, onMoved);
    },
  };
}

export type UndoableMoves = ReturnType<typeof useUndoableMoves>;
