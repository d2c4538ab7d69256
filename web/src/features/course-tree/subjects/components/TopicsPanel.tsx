import { ORDER_MAX_ITEMS, type Chapter, type Subject, type Topic } from '@coursecraft/contracts';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { MoveToChapterDialog } from '../../../../components/sortable/MoveToChapterDialog';
import { SortableList } from '../../../../components/sortable/SortableList';
import { stepActions } from '../../../../components/sortable/step-actions';
import { QueryList } from '../../../../components/ui/QueryList';
import { LoadingSpinner } from '../../../../components/ui/QueryState';
import { paths } from '../../../../config/paths';
import { useTopics } from '../../api/get-topics';
import { TREE_LIST_TEXT } from '../../lib/messages';
import { outlineLinkState } from '../../lib/outline-link';
import type { UndoableMoves } from '../../lib/use-undoable-moves';
import { LevelPanel } from './LevelPanel';
import { LevelRow } from './LevelRow';

/** The chosen chapter's topics, each a link to its lesson, reorderable and movable to another chapter. */
export function TopicsPanel({
  courseId,
  subject,
  chapter,
  chapters,
  generating,
  moves,
}: {
  courseId: string;
  subject: Subject;
  chapter: Chapter;
  /** The subject's chapters, for Move to chapter…. */
  chapters: Chapter[];
  generating: boolean;
  moves: UndoableMoves;
}) {
  const topics = useTopics({ courseId, subjectId: subject.id }, chapter.id);
  const [moving, setMoving] = useState<Topic | null>(null);
  const list = { level: 'topics' as const, courseId, subjectId: subject.id, chapterId: chapter.id };
  const reorder = (ids: string[], previousIds: string[]) => moves.reorder(list, ids, previousIds);
  const moveTo = (topic: Topic, toChapterId: string) => {
    const fromIndex = topics.data?.findIndex((item) => item.id === topic.id) ?? 0;
    moves.moveTopic(
      { from: { ...list, topicId: topic.id }, toChapterId, index: ORDER_MAX_ITEMS },
      Math.max(fromIndex, 0),
    );
  };
  return (
    <LevelPanel title={`Topics of ${chapter.name}`}>
      {generating ? (
        <LoadingSpinner label="Generating topics" size={28} />
      ) : (
        <QueryList
          query={topics}
          loadingLabel="Loading topics"
          failureMessage={TREE_LIST_TEXT.topicsLoadFailed}
          emptyText={TREE_LIST_TEXT.noTopics}
        >
          {(items) => (
            <SortableList
              items={items}
              noun="Topic"
              place={`Chapter ${chapter.name}`}
              onReorder={reorder}
            >
              {items.map((topic) => (
                <LevelRow
                  key={topic.id}
                  id={topic.id}
                  name={topic.name}
                  moreActions={[
                    ...stepActions(
                      items.map((item) => item.id),
                      topic.id,
                      reorder,
                    ),
                    { label: 'Move to chapter…', onClick: () => setMoving(topic) },
                  ]}
                >
                  <ListItemButton
                    component={RouterLink}
                    to={paths.outline(courseId, subject.id, topic.id)}
                    state={outlineLinkState(chapter.id)}
                    sx={{ minWidth: 0, flexGrow: 1, px: 0.5 }}
                  >
                    <ListItemText primary={topic.name} sx={{ overflowWrap: 'anywhere' }} />
                  </ListItemButton>
                </LevelRow>
              ))}
            </SortableList>
          )}
        </QueryList>
      )}
      {moving && (
        <MoveToChapterDialog
          topicName={moving.name}
          chapters={chapters}
          currentChapterId={chapter.id}
          onClose={() => setMoving(null)}
          onMove={(toChapterId) => moveTo(moving, toChapterId)}
        />
      )}
    </LevelPanel>
  );
}
