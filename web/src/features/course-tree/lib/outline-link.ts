/**
 * Router state a link may carry to the course outline page: the chapter of the topic it opens,
 * so the page need not look the topic up in every chapter.
 */
export interface OutlineLinkState {
  chapterId?: string;
}

export function outlineLinkState(chapterId: string): OutlineLinkState {
  return { chapterId };
}

/** The chapter a link's router state names, or null when it names none. */
export function linkedChapter(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('chapterId' in state)) return null;
  return typeof state.chapterId === 'string' ? state.chapterId : null;
}
