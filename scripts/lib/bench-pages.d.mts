/** Types of `bench-pages.mjs` for the TypeScript tests that check it. */
export interface BenchLesson {
  topicId: string;
  name?: string;
  markdown: string;
}

export function lessonWeight(markdown: string): { diagrams: number; dollars: number };
export function heaviestLesson<T extends BenchLesson>(
  lessons: T[],
): (T & { diagrams: number; dollars: number }) | undefined;
