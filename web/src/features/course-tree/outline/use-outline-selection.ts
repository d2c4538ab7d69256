import type { Chapter, Topic } from '@coursecraft/contracts';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useUserScope } from '../../../lib/user-query';
import { topicsQueryOptions, useTopics } from '../api/get-topics';
import { linkedChapter, outlineLinkState } from '../lib/outline-link';

/** On load the first chapter with topics is expanded, otherwise the first chapter. */
export function defaultExpandedChapter(chapters: Chapter[]): string | null {
  return (chapters.find((chapter) => chapter.has_topics) ?? chapters[0])?.id ?? null;
}

/**
 * The chapter whose topics hold `topicId`, among the chapters searched (in order); `undefined`
 * while a list it needs is still loading, `null` once every list is in without it.
 */
export function chapterHolding(
  topicId: string,
  searched: { chapterId: string; topics: Topic[] | undefined; settled: boolean }[],
): string | null | undefined {
  for (const { chapterId, topics, settled } of searched) {
    if (topics?.some((topic) => topic.id === topicId)) return chapterId;
    if (!settled) return undefined;
  }
  return null;
}

/**
 * The outline page's expanded chapter and selected topic. The address
 * holds the selected topic (`content/{topic_id}`); selecting rewrites it without a reload. When
 * no topic is selected and the expanded chapter's topics are in, the first one is selected.
 */
export function useOutlineSelection({
  courseId,
  subjectId,
  topicId,
  chapters,
}: {
  courseId: string;
  subjectId: string;
  topicId: string | undefined;
  chapters: Chapter[] | undefined;
}) {
  const scope = useUserScope();
  const navigate = useNavigate();
  const location = useLocation();
  const subject = { courseId, subjectId };

  /** `undefined` until the author expands or collapses a chapter: the default applies. */
  const [expandedChoice, setExpandedChoice] = useState<string | null | undefined>(undefined);
  /** The chapter of the selected topic travels with the address as router state. */
  const pinnedChapter = linkedChapter(location.state);

  // A topic in the address whose chapter nobody told us: look for it in every chapter with topics.
  const searchTopic = topicId !== undefined && pinnedChapter === null;
  const searchedChapters = searchTopic
    ? (chapters ?? []).filter((chapter) => chapter.has_topics).map((chapter) => chapter.id)
    : [];
  const searches = useQueries({
    queries: searchedChapters.map((chapterId) => {
      const options = topicsQueryOptions({ ...subject, chapterId });
      return {
        ...options,
        queryKey: scope.key(options.queryKey),
        enabled: scope.uid !== undefined,
      };
    }),
  });
  const located =
    searchTopic && chapters
      ? chapterHolding(
          topicId,
          searchedChapters.map((chapterId, index) => ({
            chapterId,
            topics: searches[index]?.data,
            settled: !searches[index]?.isPending,
          })),
        )
      : null;

  const locating = searchTopic && located === undefined;
  // A topic found in no chapter (a stale link) counts as no selection.
  const selectedChapterId = topicId === undefined ? null : (pinnedChapter ?? located ?? null);
  const selectedTopicId = selectedChapterId === null ? null : (topicId ?? null);

  let expandedId: string | null = null;
  /** The chapter expanded without the author's choice; undefined until that is known. */
  let openedByItself: string | null | undefined;
  if (expandedChoice !== undefined) expandedId = expandedChoice;
  else if (chapters && !locating) {
    expandedId = selectedChapterId ?? defaultExpandedChapter(chapters);
    openedByItself = expandedId;
  }

  const expandedTopics = useTopics(subject, expandedId);
  const firstTopic = expandedTopics.data?.[0];

  const showTopic = (chapterId: string | null, nextTopicId: string | null) => {
    if (nextTopicId === null || chapterId === null)
      void navigate(paths.outline(courseId, subjectId), { replace: true });
    else
      void navigate(paths.outline(courseId, subjectId, nextTopicId), {
        replace: true,
        state: outlineLinkState(chapterId),
      });
  };

  const firstToSelect =
    !locating && selectedTopicId === null && expandedId !== null ? firstTopic?.id : undefined;
  useEffect(() => {
    if (firstToSelect === undefined || expandedId === null) return;
    void navigate(paths.outline(courseId, subjectId, firstToSelect), {
      replace: true,
      state: outlineLinkState(expandedId),
    });
  }, [firstToSelect, expandedId, courseId, subjectId, navigate]);

  return {
    expandedId,
    expandedTopics,
    /** Shown while the chapter of the topic in the address is being looked up. */
    locating,
    /**
     * The chapter that opened by itself (or null for none) once the chapters are in and no
     * chapter was expanded or collapsed by hand; undefined before and after that.
     */
    openedByItself,
    selectedTopicId,
    selectedChapterId,
    /** Expands `chapterId`, or collapses it when it is the expanded one. */
    toggleChapter(chapterId: string) {
      setExpandedChoice(expandedId === chapterId ? null : chapterId);
    },
    expandChapter(chapterId: string) {
      setExpandedChoice(chapterId);
    },
    selectTopic(chapterId: string, nextTopicId: string) {
      showTopic(chapterId, nextTopicId);
    },
    /** After a chapter is deleted: deleting the expanded one clears the selection too. */
    chapterDeleted(chapterId: string) {
      if (chapterId === expandedId) setExpandedChoice(null);
      if (chapterId === expandedId || chapterId === selectedChapterId) showTopic(null, null);
    },
    /** After a topic is deleted: the first remaining topic of its chapter, or none, is selected. */
    topicDeleted(chapterId: string, deletedTopicId: string, remaining: Topic[]) {
      if (deletedTopicId !== selectedTopicId) return;
      showTopic(chapterId, remaining[0]?.id ?? null);
    },
  };
}

export type OutlineSelection = ReturnType<typeof useOutlineSelection>;
