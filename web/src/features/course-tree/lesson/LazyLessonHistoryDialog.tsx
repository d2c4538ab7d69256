import { lazy, Suspense, type ComponentProps } from 'react';

/** History loads when first opened. */
const LessonHistoryDialog = lazy(() =>
  import('./LessonHistoryDialog').then((m) => ({ default: m.LessonHistoryDialog })),
);

/** The lesson's history dialog, its code loaded the first time it opens. */
export function LazyLessonHistoryDialog(props: ComponentProps<typeof LessonHistoryDialog>) {
  return (
    <Suspense fallback={null}>
      <LessonHistoryDialog {...props} />
    </Suspense>
  );
}
