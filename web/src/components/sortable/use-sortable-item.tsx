import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import IconButton from '@mui/material/IconButton';
import type { CSSProperties, ReactNode } from 'react';

/** What the sortable item says about itself to the lists it is dragged over. */
export interface SortableData {
  kind: string;
  name: string;
}

/**
 * One sortable item: the ref and style for the element that moves, and its drag handle, the only
 * part that starts a drag, named "Reorder {name}". `dropDisabled` keeps other items from landing
 * on it (an item of another kind, a topic's own chapter).
 */
export function useSortableItem({
  id,
  data,
  dropDisabled = false,
}: {
  id: string;
  data: SortableData;
  dropDisabled?: boolean;
}): {
  setNodeRef: (node: HTMLElement | null) => void;
  style: CSSProperties;
  dragging: boolean;
  /** Another item is over this one. */
  over: boolean;
  handle: ReactNode;
} {
  const sortable = useSortable({
    id,
    data,
    disabled: { draggable: false, droppable: dropDisabled },
  });
  const { attributes, listeners, setActivatorNodeRef, transform, transition, isDragging, isOver } =
    sortable;
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      size="small"
      {...attributes}
      {...listeners}
      aria-label={`Reorder ${data.name}`}
      sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none', flexShrink: 0 }}
    >
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  );
  return {
    setNodeRef: sortable.setNodeRef,
    style: {
      transform: CSS.Translate.toString(transform),
      transition,
      position: 'relative',
      zIndex: isDragging ? 2 : undefined,
    },
    dragging: isDragging,
    over: isOver && !isDragging,
    handle,
  };
}
