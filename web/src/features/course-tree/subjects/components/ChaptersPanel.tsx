import type { Chapter, Subject } from '@coursecraft/contracts';
import { useState } from 'react';
import { SortableList } from '../../../../components/sortable/SortableList';
import { stepActions } from '../../../../components/sortable/step-actions';
import { QueryList } from '../../../../components/ui/QueryList';
import { useChapters } from '../../api/get-chapters';
import { ConfirmLevelRegeneration } from '../../generation/ConfirmLevelRegeneration';
import { topicsFailureMessage, useLevelGeneration } from '../../generation/use-level-generation';
import { TREE_LIST_TEXT } from '../../lib/messages';
import type { UndoableMoves } from '../../lib/use-undoable-moves';
import { LevelPanel } from './LevelPanel';
import { LevelRow } from './LevelRow';
import { LevelRowActions } from './LevelRowActions';
import { TopicsPanel } from './TopicsPanel';

/**
 * The chosen subject's chapters, each with View Topics and Generate Topics (Update Topics once it
 * has some), and the topics of the chosen chapter below.
 */
export function ChaptersPanel({
  courseId,
  subject,
  notify,
  moves,
}: {
  courseId: string;
  subject: Subject;
  /** Shows a generation failure (null clears it). */
  notify: (message: string | null) => void;
  moves: UndoableMoves;
}) {
  const ref = { courseId, subjectId: subject.id };
  const reorder = (ids: string[], previousIds: string[]) =>
    moves.reorder({ level: 'chapters', ...ref }, ids, previousIds);
  const chapters = useChapters(ref);
  const [chosenId, setChosenId] = useState<string | null>(null);
  // Generated (or regenerated) topics are shown while they are being listed.
  const generation = useLevelGeneration({ courseId, notify, onTopicsStarting: setChosenId });
  const generatingTopics = generation.generatingTopics;
  const chosen = chapters.data?.find((chapter) => chapter.id === chosenId);

  /** Shows the chapter's topics, generating them first when it has none. */
  const view = (chapter: Chapter) => {
    setChosenId(chapter.id);
    return generation.openChapter(subject.id, chapter);
  };

  return (
    <>
      <LevelPanel title={`Chapters of ${subject.name}`}>
        <QueryList
          query={chapters}
          loadingLabel="Loading chapters"
          failureMessage={TREE_LIST_TEXT.chaptersLoadFailed}
          emptyText={TREE_LIST_TEXT.noChapters}
        >
          {(items) => (
            <SortableList
              items={items}
              noun="Chapter"
              place={`Subject ${subject.name}`}
              onReorder={reorder}
            >
              {items.map((chapter) => (
                <LevelRow
                  key={chapter.id}
                  id={chapter.id}
                  name={chapter.name}
                  chosen={chapter.id === chosenId}
                  moreActions={stepActions(
                    items.map((item) => item.id),
                    chapter.id,
                    reorder,
                  )}
                  actions={(describedBy) => (
                    <LevelRowActions
                      describedBy={describedBy}
                      noun="Topics"
                      what={`topics of ${chapter.name}`}
                      exists={chapter.has_topics}
                      canView
                      chosen={chapter.id === chosenId}
                      busy={generatingTopics.has(chapter.id)}
                      failureMessage={topicsFailureMessage}
                      onView={() => void view(chapter)}
                      onGenerate={() => generation.requestTopics(subject.id, chapter)}
                      onRegenerate={(instructions) =>
                        generation.regenerateTopics(subject.id, chapter.id, instructions)
                      }
                    />
                  )}
                />
              ))}
            </SortableList>
          )}
        </QueryList>
      </LevelPanel>
      {chosen && (
        <TopicsPanel
          courseId={courseId}
          subject={subject}
          chapter={chosen}
          chapters={chapters.data ?? []}
          generating={generatingTopics.has(chosen.id)}
          moves={moves}
        />
      )}
      <ConfirmLevelRegeneration generation={generation} />
    </>
  );
}
