import { lazy, Suspense, type ReactNode } from 'react';
// The slots' own file, not the tree's entry: this wraps every page, and the entry would bring
// the tree's hooks and lesson view into the first chunk.
import { CourseTreeSlotsProvider, type CourseTreeSlots } from '../features/course-tree/slots';

const importPublishPanel = () => import('../features/publishing/components/PublishPanel');
let publishPanelModule: ReturnType<typeof importPublishPanel> | undefined;

/** Loads the publishing panel once; the subjects route starts it with its page. */
export function loadPublishPanel() {
  publishPanelModule ??= importPublishPanel();
  return publishPanelModule;
}

const PublishPanel = lazy(() => loadPublishPanel().then((m) => ({ default: m.PublishPanel })));

const SourcesButton = lazy(() =>
  import('../features/sources/components/SourcesButton').then((m) => ({
    default: m.SourcesButton,
  })),
);

const CreateFromDocumentsButton = lazy(() =>
  import('../features/sources/components/CreateFromDocumentsButton').then((m) => ({
    default: m.CreateFromDocumentsButton,
  })),
);

const SourceChangedAlert = lazy(() =>
  import('../features/sources/components/SourceChangedAlert').then((m) => ({
    default: m.SourceChangedAlert,
  })),
);

const QuestionsSection = lazy(() =>
  import('../features/questions/components/QuestionsSection').then((m) => ({
    default: m.QuestionsSection,
  })),
);

const ChapterQuizButton = lazy(() =>
  import('../features/quizzes/components/ChapterQuizButton').then((m) => ({
    default: m.ChapterQuizButton,
  })),
);

/** What the app composes into the course tree's pages. */
const courseTreeSlots: CourseTreeSlots = {
  subjectsActions: (courseId, actions) => (
    <>
      <Suspense fallback={null}>
        <SourcesButton courseId={courseId} actions={actions} />
      </Suspense>
      <Suspense fallback={null}>
        <PublishPanel courseId={courseId} />
      </Suspense>
    </>
  ),
  topicSection: (topic, { hasLesson }) => (
    <Suspense fallback={null}>
      <QuestionsSection key={topic.topicId} topic={topic} hasLesson={hasLesson} />
    </Suspense>
  ),
  lessonNotice: (topic, actions) => (
    <Suspense fallback={null}>
      <SourceChangedAlert topic={topic} actions={actions} />
    </Suspense>
  ),
  chapterSection: (chapter, { chapterName }) => (
    <Suspense fallback={null}>
      <ChapterQuizButton key={chapter.chapterId} chapter={chapter} chapterName={chapterName} />
    </Suspense>
  ),
  createCourseActions: () => (
    <Suspense fallback={null}>
      <CreateFromDocumentsButton />
    </Suspense>
  ),
};

/** The course tree's slots, filled, for the pages below. */
export function WithCourseTreeSlots({ children }: { children: ReactNode }) {
  return <CourseTreeSlotsProvider slots={courseTreeSlots}>{children}</CourseTreeSlotsProvider>;
}
