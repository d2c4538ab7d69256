import { arrayMove } from '@dnd-kit/sortable';
import type { MenuAction } from '../ui/MoreActionsMenu';

/**
 * "Move up" and "Move down" for the item `id` of a list in the order `ids`, for who does not drag:
 * each hands the new order and the one before to `onReorder`.
 */
export function stepActions(
  ids: string[],
  id: string,
  onReorder: (ids: string[], previousIds: string[]) => void,
): MenuAction[] {
  const index = ids.indexOf(id);
  return [
    {
      label: 'Move up',
      disabled: index <= 0,
      onClick: () => onReorder(arrayMove(ids, index, index - 1), ids),
    },
    {
      label: 'Move down',
      disabled: index < 0 || index >= ids.length - 1,
      onClick: () => onReorder(arrayMove(ids, index, index + 1), ids),
    },
  ];
}
