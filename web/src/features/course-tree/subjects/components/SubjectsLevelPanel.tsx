import type { Subject } from '@coursecraft/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { SortableList } from '../../../../components/sortable/SortableList';
import { stepActions } from '../../../../components/sortable/step-actions';
import { QueryList } from '../../../../components/ui/QueryList';
import {
  chaptersFailureMessage,
  type LevelGeneration,
} from '../../generation/use-level-generation';
import { SUBJECT_TEXT } from '../subject-messages';
import { LevelPanel } from './LevelPanel';
import { LevelRow } from './LevelRow';
import { LevelRowActions } from './LevelRowActions';

/** The course's subjects, each with View Chapters (once it has some) and Generate Chapters. */
export function SubjectsLevelPanel({
  subjects,
  chosenId,
  generation,
  onChoose,
  onReorder,
}: {
  subjects: UseQueryResult<Subject[]>;
  chosenId: string | null;
  generation: LevelGeneration;
  onChoose: (subjectId: string) => void;
  onReorder: (ids: string[], previousIds: string[]) => void;
}) {
  return (
    <LevelPanel title="Subjects">
      <QueryList
        query={subjects}
        loadingLabel="Loading subjects"
        failureMessage={SUBJECT_TEXT.loadFailed}
        emptyText={SUBJECT_TEXT.empty}
      >
        {(items) => (
          <SortableList items={items} noun="Subject" onReorder={onReorder}>
            {items.map((item) => (
              <LevelRow
                key={item.id}
                id={item.id}
                name={item.name}
                chosen={item.id === chosenId}
                moreActions={stepActions(
                  items.map((subjectItem) => subjectItem.id),
                  item.id,
                  onReorder,
                )}
                actions={(describedBy) => (
                  <LevelRowActions
                    describedBy={describedBy}
                    noun="Chapters"
                    what={`chapters of ${item.name}`}
                    exists={item.has_chapters}
                    canView={item.has_chapters}
                    chosen={item.id === chosenId}
                    busy={generation.generatingChapters.has(item.id)}
                    updateLabel="Update"
                    failureMessage={chaptersFailureMessage}
                    onView={() => onChoose(item.id)}
                    onGenerate={() =>
                      generation.requestChapters({
                        subjectId: item.id,
                        subjectName: item.name,
                        exists: item.has_chapters,
                      })
                    }
                    onRegenerate={(instructions) =>
                      generation.regenerateChapters(item.id, instructions)
                    }
                  />
                )}
              />
            ))}
          </SortableList>
        )}
      </QueryList>
    </LevelPanel>
  );
}
