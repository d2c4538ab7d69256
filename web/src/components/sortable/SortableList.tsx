import {
  closestCenter,
  DndContext,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ORDER_ANNOUNCEMENTS, positionText } from './order-announcements';
import { useSortableItem } from './use-sortable-item';
import { useSortSensors } from './use-sort-sensors';

interface Named {
  id: string;
  name: string;
}

/** The announcements of one list: items by `noun` and name, positions within `place`. */
export function listAnnouncements(items: Named[], noun: string, place?: string): Announcements {
  const ids = items.map((item) => item.id);
  const itemText = (id: UniqueIdentifier) =>
    `${noun} ${items.find((item) => item.id === id)?.name ?? ''}`;
  const at = (id: UniqueIdentifier | undefined) =>
    positionText(Math.max(0, ids.indexOf(String(id))), ids.length, place);
  return {
    onDragStart: ({ active }) => ORDER_ANNOUNCEMENTS.pickedUp(itemText(active.id), at(active.id)),
    onDragOver: ({ active, over }) =>
      over ? ORDER_ANNOUNCEMENTS.at(itemText(active.id), at(over.id)) : undefined,
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? ORDER_ANNOUNCEMENTS.moved(itemText(active.id), at(over.id))
        : ORDER_ANNOUNCEMENTS.stayed(itemText(active.id), at(active.id)),
    onDragCancel: ({ active }) => ORDER_ANNOUNCEMENTS.cancelled(itemText(active.id), at(active.id)),
  };
}

/** The ids in their new order after `active` was dropped on `over`; null when nothing moved. */
export function orderAfterDrop(ids: string[], { active, over }: DragEndEvent): string[] | null {
  if (!over || over.id === active.id) return null;
  const from = ids.indexOf(String(active.id));
  const to = ids.indexOf(String(over.id));
  if (from < 0 || to < 0) return null;
  return arrayMove(ids, from, to);
}

/**
 * A list whose items can be put in another order by dragging their handles (mouse, touch or
 * keyboard). Each item is a `SortableItem`; `onReorder` gets the new order and the one before.
 */
export function SortableList({
  items,
  noun,
  place,
  layout = 'list',
  onReorder,
  children,
}: {
  items: Named[];
  /** What an item is called in announcements: "Topic", "Chapter", "Subject". */
  noun: string;
  /** The list's own name in announcements, e.g. "Chapter Derivatives". */
  place?: string;
  layout?: 'list' | 'grid';
  onReorder: (ids: string[], previousIds: string[]) => void;
  children: ReactNode;
}) {
  const sensors = useSortSensors();
  const ids = items.map((item) => item.id);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        announcements: listAnnouncements(items, noun, place),
        screenReaderInstructions: { draggable: ORDER_ANNOUNCEMENTS.instructions },
        // The hidden instructions and live region go to the body: inside a list they would
        // be children of a <ul> that may only hold <li>.
        container: document.body,
      }}
      onDragEnd={(event) => {
        const next = orderAfterDrop(ids, event);
        if (next) onReorder(next, ids);
      }}
    >
      <SortableContext
        items={ids}
        strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
      >
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One item of a `SortableList`, as a list element; `children` places the drag handle. */
export function SortableItem({
  id,
  name,
  sx,
  children,
}: {
  id: string;
  name: string;
  sx?: SxProps<Theme>;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { setNodeRef, style, handle } = useSortableItem({ id, data: { kind: 'item', name } });
  return (
    <Box component="li" ref={setNodeRef} style={style} sx={sx}>
      {children(handle)}
    </Box>
  );
}
