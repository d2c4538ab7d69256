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
        <NameDialog
          title="Add New Chapter"
          label="Chapter Name"
          submitLabel="Add Chapter"
          busyLabel="Adding..."
          requiredMessage={OUTLINE_TEXT.chapterNameRequired}
          failureMessage={OUTLINE_TEXT.chapterCreateFailed}
          onClose={onClose}
          onSubmit={actions.addChapter}
        />
      );
    case 'editChapter':
      return (
        <NameDialog
          title="Edit Chapter"
          label="Chapter Name"
          initialName={modal.chapter.name}
          submitLabel="Save Changes"
          busyLabel="Saving..."
          requiredMessage={OUTLINE_TEXT.chapterNameRequired}
          failureMessage={OUTLINE_TEXT.chapterUpdateFailed}
          onClose={onClose}
          onSubmit={(name) => actions.renameChapter(modal.chapter, name)}
        />
      );
    case 'deleteChapter':
      return (
        <ConfirmDeleteDialog
          title="Delete Chapter"
          itemName={modal.chapter.name}
          confirmLabel="Delete Chapter"
          failureMessage={OUTLINE_TEXT.chapterDeleteFailed}
          onClose={onClose}
          onConfirm={() => actions.deleteChapter(modal.chapter)}
        />
      );
    case 'addTopic':
      return (
        <NameDialog
          title="Add New Topic"
          label="Topic Name"
          submitLabel="Add Topic"
          busyLabel="Adding..."
          requiredMessage={OUTLINE_TEXT.topicNameRequired}
          failureMessage={OUTLINE_TEXT.topicCreateFailed}
          onClose={onClose}
          onSubmit={(name) => actions.addTopic(modal.chapterId, name)}
        />
      );
    case 'editTopic':
      return (
        <NameDialog
          title="Edit Topic"
          label="Topic Name"
          initialName={modal.topic.name}
          submitLabel="Save Changes"
          busyLabel="Saving..."
          requiredMessage={OUTLINE_TEXT.topicNameRequired}
          failureMessage={OUTLINE_TEXT.topicUpdateFailed}
          onClose={onClose}
          onSubmit={(name) => actions.renameTopic(modal.chapterId, modal.topic, name)}
        />
      );
    case 'deleteTopic':
      return (
        <ConfirmDeleteDialog
          title="Delete Topic"
          itemName={modal.topic.name}
          confirmLabel="Delete Topic"
          failureMessage={OUTLINE_TEXT.topicDeleteFailed}
          onClose={onClose}
          onConfirm={() => actions.deleteTopic(modal.chapterId, modal.topic)}
        />
      );
    case 'addContent':
    case 'editContent': {
      const replace = modal.kind === 'editContent';
      return (
        <NameDialog
          title={replace ? 'Edit Content' : 'Add New Content'}
          label="Content (Markdown)"
          initialName={replace ? modal.content : ''}
          submitLabel={replace ? 'Save Changes' : 'Add Content'}
          busyLabel={replace ? 'Saving...' : 'Adding...'}
          requiredMessage={OUTLINE_TEXT.contentRequired}
          failureMessage={
            replace ? OUTLINE_TEXT.contentUpdateFailed : OUTLINE_TEXT.contentCreateFailed
          }
          multiline
          maxLength={CONTENT_MAX_LENGTH}
          onClose={onClose}
          onSubmit={(content) =>
            actions.saveContent(modal.chapterId, modal.topic, content, replace)
          }
        />
      );
    }
    case 'deleteContent':
      return (
        <ConfirmDeleteDialog
          title="Delete Content"
          itemName={`the content of ${modal.topic.name}`}
          confirmLabel="Delete Content"
          failureMessage={OUTLINE_TEXT.contentDeleteFailed}
          onClose={onClose}
          onConfirm={() => actions.deleteContent(modal.chapterId, modal.topic)}
        />
      );
  }
}
