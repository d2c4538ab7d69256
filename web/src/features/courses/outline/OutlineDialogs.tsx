import { CONTENT_MAX_LENGTH, type Chapter, type Topic } from '@coursecraft/contracts';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { NameDialog } from '../components/NameDialog';
import { OUTLINE_TEXT } from '../course-messages';

/** The outline page's modals (spec §2): at most one is open. */
export type OutlineModal =
  | { kind: 'addChapter' }
  | { kind: 'editChapter'; chapter: Chapter }
  | { kind: 'deleteChapter'; chapter: Chapter }
  | { kind: 'addTopic'; chapterId: string }
  | { kind: 'editTopic'; chapterId: string; topic: Topic }
  | { kind: 'deleteTopic'; chapterId: string; topic: Topic }
  | { kind: 'addContent'; chapterId: string; topic: Topic }
  | { kind: 'editContent'; chapterId: string; topic: Topic; content: string }
  | { kind: 'deleteContent'; chapterId: string; topic: Topic };

/** What each modal does once confirmed; every handler receives trimmed text. */
export interface OutlineModalActions {
  addChapter: (name: string) => Promise<unknown>;
  renameChapter: (chapter: Chapter, name: string) => Promise<unknown>;
  deleteChapter: (chapter: Chapter) => Promise<unknown>;
  addTopic: (chapterId: string, name: string) => Promise<unknown>;
  renameTopic: (chapterId: string, topic: Topic, name: string) => Promise<unknown>;
  deleteTopic: (chapterId: string, topic: Topic) => Promise<unknown>;
  saveContent: (
    chapterId: string,
    topic: Topic,
    content: string,
    replace: boolean,
  ) => Promise<unknown>;
  deleteContent: (chapterId: string, topic: Topic) => Promise<unknown>;
}

/** Texts of the name modals, by level and purpose (spec §2, §5, §8). */
const NAME_DIALOGS = {
  addChapter: {
    title: 'Add New Chapter',
    label: 'Chapter Name',
    submitLabel: 'Add Chapter',
    busyLabel: 'Adding...',
    requiredMessage: OUTLINE_TEXT.chapterNameRequired,
    failureMessage: OUTLINE_TEXT.chapterCreateFailed,
  },
  editChapter: {
    title: 'Edit Chapter',
    label: 'Chapter Name',
    submitLabel: 'Save Changes',
    busyLabel: 'Saving...',
    requiredMessage: OUTLINE_TEXT.chapterNameRequired,
    failureMessage: OUTLINE_TEXT.chapterUpdateFailed,
  },
  addTopic: {
    title: 'Add New Topic',
    label: 'Topic Name',
    submitLabel: 'Add Topic',
    busyLabel: 'Adding...',
    requiredMessage: OUTLINE_TEXT.topicNameRequired,
    failureMessage: OUTLINE_TEXT.topicCreateFailed,
  },
  editTopic: {
    title: 'Edit Topic',
    label: 'Topic Name',
    submitLabel: 'Save Changes',
    busyLabel: 'Saving...',
    requiredMessage: OUTLINE_TEXT.topicNameRequired,
    failureMessage: OUTLINE_TEXT.topicUpdateFailed,
  },
  addContent: {
    title: 'Add New Content',
    label: 'Content (Markdown)',
    submitLabel: 'Add Content',
    busyLabel: 'Adding...',
    requiredMessage: OUTLINE_TEXT.contentRequired,
    failureMessage: OUTLINE_TEXT.contentCreateFailed,
  },
  editContent: {
    title: 'Edit Content',
    label: 'Content (Markdown)',
    submitLabel: 'Save Changes',
    busyLabel: 'Saving...',
    requiredMessage: OUTLINE_TEXT.contentRequired,
    failureMessage: OUTLINE_TEXT.contentUpdateFailed,
  },
} as const;

const DELETE_DIALOGS = {
  deleteChapter: { title: 'Delete Chapter', failureMessage: OUTLINE_TEXT.chapterDeleteFailed },
  deleteTopic: { title: 'Delete Topic', failureMessage: OUTLINE_TEXT.topicDeleteFailed },
  deleteContent: { title: 'Delete Content', failureMessage: OUTLINE_TEXT.contentDeleteFailed },
} as const;

function deleteDialog(
  kind: keyof typeof DELETE_DIALOGS,
  itemName: string,
  onConfirm: () => Promise<unknown>,
  onClose: () => void,
) {
  const { title, failureMessage } = DELETE_DIALOGS[kind];
  return (
    <ConfirmDeleteDialog
      title={title}
      itemName={itemName}
      confirmLabel={title}
      failureMessage={failureMessage}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}

export function OutlineDialogs({
  modal,
  actions,
  onClose,
}: {
  modal: OutlineModal | null;
  actions: OutlineModalActions;
  onClose: () => void;
}) {
  switch (modal?.kind) {
    case undefined:
      return null;
    case 'addChapter':
      return (
        <NameDialog {...NAME_DIALOGS.addChapter} onClose={onClose} onSubmit={actions.addChapter} />
      );
    case 'editChapter':
      return (
        <NameDialog
          {...NAME_DIALOGS.editChapter}
          initialName={modal.chapter.name}
          onClose={onClose}
          onSubmit={(name) => actions.renameChapter(modal.chapter, name)}
        />
      );
    case 'addTopic':
      return (
        <NameDialog
          {...NAME_DIALOGS.addTopic}
          onClose={onClose}
          onSubmit={(name) => actions.addTopic(modal.chapterId, name)}
        />
      );
    case 'editTopic':
      return (
        <NameDialog
          {...NAME_DIALOGS.editTopic}
          initialName={modal.topic.name}
          onClose={onClose}
          onSubmit={(name) => actions.renameTopic(modal.chapterId, modal.topic, name)}
        />
      );
    case 'addContent':
    case 'editContent': {
      const replace = modal.kind === 'editContent';
      return (
        <NameDialog
          {...NAME_DIALOGS[modal.kind]}
          initialName={replace ? modal.content : ''}
          multiline
          maxLength={CONTENT_MAX_LENGTH}
          onClose={onClose}
          onSubmit={(content) =>
            actions.saveContent(modal.chapterId, modal.topic, content, replace)
          }
        />
      );
    }
    case 'deleteChapter':
      return deleteDialog(
        modal.kind,
        modal.chapter.name,
        () => actions.deleteChapter(modal.chapter),
        onClose,
      );
    case 'deleteTopic':
      return deleteDialog(
        modal.kind,
        modal.topic.name,
        () => actions.deleteTopic(modal.chapterId, modal.topic),
        onClose,
      );
    case 'deleteContent':
      return deleteDialog(
        modal.kind,
        `the content of ${modal.topic.name}`,
        () => actions.deleteContent(modal.chapterId, modal.topic),
        onClose,
      );
  }
}
