import { lazy, Suspense, type ReactNode } from 'react';
// The slots' own file, not the tree's entry: this wraps every page, and the entry would bring
// the tree's hooks and lesson view into the first chunk.
import { CourseTreeSlotsProvider, type CourseTreeSlots } from '../features/course-tree/slots';

const PublishPanel = lazy(() =>
  import('../features/publishing/components/PublishPanel').then((m) => ({
    default: m.PublishPanel,
  })),
);

/** What the app composes into the course tree's pages. */
const courseTreeSlots: CourseTreeSlots = {
  subjectsActions: (courseId) => (
    <Suspense fallback={null}>
      <PublishPanel courseId={courseId} />
    </Suspense>
  ),
};

/** The course tree's slots, filled, for the pages below. */
export function WithCourseTreeSlots({ children }: { children: ReactNode }) {
  return <CourseTreeSlotsProvider slots={courseTreeSlots}>{children}</CourseTreeSlotsProvider>;
}
