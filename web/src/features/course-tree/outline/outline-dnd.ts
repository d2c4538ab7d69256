import type { Chapter, Topic } from '@coursecraft/contracts';
import {
  closestCenter,
  pointerWithin,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';
import {
  ORDER_ANNOUNCEMENTS,
  positionText,
} from '../../../components/sortable/order-announcements';

/**
 * The outline sidebar's drag and drop: chapters sort among chapters; topics of the open chapter
 * sort among themselves, or land on another chapter's row (open, closed or empty) to move there.
 */
const CHAPTER = 'chapter:';
const TOPIC = 'topic:';

export const chapterDragId = (chapterId: string) => `${CHAPTER}${chapterId}`;
export const topicDragId = (topicId: string) => `${TOPIC}${topicId}`;

function parse(id: UniqueIdentifier | undefined) {
  const text = String(id ?? '');
  if (text.startsWith(CHAPTER)) return { kind: 'chapter' as const, id: text.slice(CHAPTER.length) };
  if (text.startsWith(TOPIC)) return { kind: 'topic' as const, id: text.slice(TOPIC.length) };
  return null;
}

/** A chapter dragged only meets chapters; a topic meets topics and other chapters' rows. */
export const outlineCollisions: CollisionDetection = (args) => {
  const kind = parse(args.active.id)?.kind;
  const droppableContainers = args.droppableContainers.filter(
    (container) => kind === 'topic' || parse(container.id)?.kind === 'chapter',
  );
  const within = pointerWithin({ ...args, droppableContainers });
  return within.length > 0 ? within : closestCenter({ ...args, droppableContainers });
};

export interface OutlineLists {
  chapters: Chapter[];
  /** The open chapter, whose topics are shown. */
  expandedId: string | null;
  topics: Topic[];
}

export type OutlineDrop =
  | { kind: 'chapters'; ids: string[]; previousIds: string[] }
  | { kind: 'topics'; chapterId: string; ids: string[]; previousIds: string[] }
  | {
      kind: 'move';
      topic: Topic;
      fromChapterId: string;
      fromIndex: number;
      toChapterId: string;
    };

/** What a drop means for the outline; null when nothing changes. */
export function outlineDrop(
  { active, over }: Pick<DragEndEvent, 'active' | 'over'>,
  { chapters, expandedId, topics }: OutlineLists,
): OutlineDrop | null {
  const dragged = parse(active.id);
  const target = parse(over?.id);
  if (!dragged || !target || (dragged.kind === target.kind && dragged.id === target.id)) {
    return null;
  }
  if (dragged.kind === 'chapter') {
    if (target.kind !== 'chapter') return null;
    const previousIds = chapters.map((chapter) => chapter.id);
    const from = previousIds.indexOf(dragged.id);
    const to = previousIds.indexOf(target.id);
    if (from < 0 || to < 0) return null;
    return { kind: 'chapters', ids: arrayMove(previousIds, from, to), previousIds };
  }
  if (expandedId === null) return null;
  const previousIds = topics.map((topic) => topic.id);
  const from = previousIds.indexOf(dragged.id);
  const topic = topics[from];
  if (!topic) return null;
  if (target.kind === 'chapter') {
    if (target.id === expandedId) return null;
    return {
      kind: 'move',
      topic,
      fromChapterId: expandedId,
      fromIndex: from,
      toChapterId: target.id,
    };
  }
  const to = previousIds.indexOf(target.id);
  if (to < 0) return null;
  return {
    kind: 'topics',
    chapterId: expandedId,
    ids: arrayMove(previousIds, from, to),
    previousIds,
  };
}

/** Where a drag stands, in words: "Topic Limits moved to position 2 of 5 in Chapter Derivatives". */
export function outlineAnnouncements({
  chapters,
  expandedId,
  topics,
}: OutlineLists): Announcements {
  const chapterName = (id: string) => chapters.find((chapter) => chapter.id === id)?.name ?? '';
  const open = expandedId === null ? '' : `Chapter ${chapterName(expandedId)}`;
  const describe = (id: UniqueIdentifier | undefined) => {
    const item = parse(id);
    if (!item) return { text: '', position: '' };
    if (item.kind === 'chapter') {
      const index = chapters.findIndex((chapter) => chapter.id === item.id);
      return {
        text: `Chapter ${chapterName(item.id)}`,
        position: positionText(Math.max(index, 0), chapters.length),
      };
    }
    const index = topics.findIndex((topic) => topic.id === item.id);
    return {
      text: `Topic ${topics[index]?.name ?? ''}`,
      position: positionText(Math.max(index, 0), topics.length, open),
    };
  };
  /** A topic over another chapter's row will go to the end of that chapter. */
  const landsIn = (activeId: UniqueIdentifier, overId: UniqueIdentifier | undefined) =>
    parse(activeId)?.kind === 'topic' && parse(overId)?.kind === 'chapter'
      ? (parse(overId)?.id ?? null)
      : null;
  return {
    onDragStart: ({ active }) => {
      const { text, position } = describe(active.id);
      return ORDER_ANNOUNCEMENTS.pickedUp(text, position);
    },
    onDragOver: ({ active, over }) => {
      if (!over) return undefined;
      const chapterId = landsIn(active.id, over.id);
      if (chapterId !== null) {
        return ORDER_ANNOUNCEMENTS.overTarget(
          describe(active.id).text,
          `Chapter ${chapterName(chapterId)}`,
        );
      }
      return ORDER_ANNOUNCEMENTS.at(describe(active.id).text, describe(over.id).position);
    },
    onDragEnd: ({ active, over }) => {
      const { text, position } = describe(active.id);
      if (!over || over.id === active.id) return ORDER_ANNOUNCEMENTS.stayed(text, position);
      const chapterId = landsIn(active.id, over.id);
      if (chapterId !== null) {
        const target = chapters.find((chapter) => chapter.id === chapterId);
        return ORDER_ANNOUNCEMENTS.moved(text, `the end of Chapter ${target?.name ?? ''}`);
      }
      return ORDER_ANNOUNCEMENTS.moved(text, describe(over.id).position);
    },
    onDragCancel: ({ active }) => {
      const { text, position } = describe(active.id);
      return ORDER_ANNOUNCEMENTS.cancelled(text, position);
    },
  };
}
