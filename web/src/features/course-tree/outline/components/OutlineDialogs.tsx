import {
  CONTENT_MAX_LENGTH,
  chapterInputSchema,
  contentInputSchema,
  topicInputSchema,
  type Chapter,
  type Topic,
} from '@coursecraft/contracts';
import { NameDialog } from '../../../../components/form/NameDialog';
import { DeleteConfirmDialog } from '../../../../components/ui/DeleteConfirmDialog';
import { OUTLINE_TEXT } from '../outline-messages';

/** The outline page's modals: at most one is open. */
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

/** Texts and validation of the name and content modals, by level and purpose. */
const NAME_DIALOGS = {
  addChapter: {
    title: 'Add New Chapter',
    label: 'Chapter Name',
    submitLabel: 'Add Chapter',
    busyLabel: 'Adding...',
    fieldSchema: chapterInputSchema.shape.name,
    failureMessage: OUTLINE_TEXT.chapterCreateFailed,
  },
  editChapter: {
    title: 'Edit Chapter',
    label: 'Chapter Name',
    submitLabel: 'Save Changes',
    busyLabel: 'Saving...',
    fieldSchema: chapterInputSchema.shape.name,
    failureMessage: OUTLINE_TEXT.chapterUpdateFailed,
  },
  addTopic: {
    title: 'Add New Topic',
    label: 'Topic Name',
    submitLabel: 'Add Topic',
    busyLabel: 'Adding...',
    fieldSchema: topicInputSchema.shape.name,
    failureMessage: OUTLINE_TEXT.topicCreateFailed,
  },
  editTopic: {
    title: 'Edit Topic',
    label: 'Topic Name',
    submitLabel: 'Save Changes',
    busyLabel: 'Saving...',
    fieldSchema: topicInputSchema.shape.name,
    failureMessage: OUTLINE_TEXT.topicUpdateFailed,
  },
  addContent: {
    title: 'Add New Content',
    label: 'Content (Markdown)',
    submitLabel: 'Add Content',
    busyLabel: 'Adding...',
    fieldSchema: contentInputSchema.shape.content,
    failureMessage: OUTLINE_TEXT.contentCreateFailed,
  },
  editContent: {
    title: 'Edit Content',
    label: 'Content (Markdown)',
    submitLabel: 'Save Changes',
    busyLabel: 'Saving...',
    fieldSchema: contentInputSchema.shape.content,
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
    <DeleteConfirmDialog
      title={title}
      itemName={itemName}
      failureMessage={failureMessage}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}

/** The open modal of the outline page, if any. */
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
          initialValue={modal.chapter.name}
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
          initialValue={modal.topic.name}
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
          initialValue={replace ? modal.content : ''}
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
