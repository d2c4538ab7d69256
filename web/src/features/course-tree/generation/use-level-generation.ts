import type { Chapter, Topic } from '@coursecraft/contracts';
import { useState } from 'react';
import { useReadCurrentUser } from '../../../lib/account/get-current-user';
import { useGenerateChapters, useSubjectsGeneratingChapters } from '../api/generate-chapters';
import {
  useChaptersGeneratingTopics,
  useGenerateTopics,
  useIsGeneratingTopics,
} from '../api/generate-topics';
import type { RegenerateTarget } from '../components/RegenerateConfirmDialog';
import { generationErrorMessage, reportGenerationFailure } from '../lib/generation-errors';
import { GENERATION_TEXT } from '../lib/messages';

/** The words for a failed (re)generation of a subject's chapters. */
export const chaptersFailureMessage = (failure: unknown) =>
  generationErrorMessage(failure, GENERATION_TEXT.generateChaptersFailed);

/** The words for a failed (re)generation of a chapter's topics. */
export const topicsFailureMessage = (failure: unknown) =>
  generationErrorMessage(failure, GENERATION_TEXT.generateTopicsFailed);

export interface LevelGenerationOptions {
  courseId: string;
  /** Shows a generation failure; null clears it when a generation starts. */
  notify: (message: string | null) => void;
  /** A subject's chapters were generated (opens them). */
  onChaptersGenerated?: (subjectId: string) => void;
  /** A chapter's topics are about to be generated (shows the chapter while they are). */
  onTopicsStarting?: (chapterId: string) => void;
  /** A chapter's topics were generated (selects the first). */
  onTopicsGenerated?: (chapterId: string, first: Topic | undefined) => void;
}

/** A subject or a chapter whose level below is generated. */
interface SubjectTarget {
  subjectId: string;
  subjectName: string;
  /** Whether it has chapters already: generating them again asks first. */
  exists: boolean;
}

export interface LevelGeneration {
  /** Ids of the subjects whose chapters are being generated. */
  generatingChapters: ReadonlySet<string>;
  /** Ids of the chapters whose topics are being generated. */
  generatingTopics: ReadonlySet<string>;
  /** Generates a subject's chapters, or asks first when it has some; failures go to `notify`. */
  requestChapters: (subject: SubjectTarget) => void;
  /** Replaces a subject's chapters, following `instructions`; failures are thrown. */
  regenerateChapters: (subjectId: string, instructions: string) => Promise<void>;
  /** Generates a chapter's topics, or asks first when it has some; failures go to `notify`. */
  requestTopics: (subjectId: string, chapter: Chapter) => void;
  /** Replaces a chapter's topics, following `instructions`; failures are thrown. */
  regenerateTopics: (subjectId: string, chapterId: string, instructions: string) => Promise<void>;
  /**
   * An opened chapter without topics gets them generated, for users with a saved key (the
   * profile is read only then, so opening costs no extra request otherwise).
   */
  openChapter: (subjectId: string, chapter: Chapter) => Promise<void>;
  /** The regeneration waiting for its confirmation. */
  confirming: RegenerateTarget | null;
  /** Runs the confirmed regeneration; failures are thrown (the dialog shows them). */
  confirm: () => Promise<void>;
  cancel: () => void;
}

/**
 * The generation of a course's levels below its subjects: a subject's chapters and a chapter's
 * topics, generated, regenerated (after a confirmation with counts) or regenerated with
 * instructions, then opened or selected through the callbacks, with the busy state of each.
 */
export function useLevelGeneration(options: LevelGenerationOptions): LevelGeneration {
  const { courseId, notify, onChaptersGenerated, onTopicsStarting, onTopicsGenerated } = options;
  const chaptersMutation = useGenerateChapters();
  const topicsMutation = useGenerateTopics();
  const generatingChapters = useSubjectsGeneratingChapters();
  const generatingTopics = useChaptersGeneratingTopics();
  const isGeneratingTopics = useIsGeneratingTopics();
  const readCurrentUser = useReadCurrentUser();
  const [confirming, setConfirming] = useState<RegenerateTarget | null>(null);

  const chapters = async (subjectId: string, instructions?: string) => {
    await chaptersMutation.mutateAsync({ courseId, subjectId, instructions });
    onChaptersGenerated?.(subjectId);
  };

  const topics = async (subjectId: string, chapterId: string, instructions?: string) => {
    onTopicsStarting?.(chapterId);
    const list = await topicsMutation.mutateAsync({
      courseId,
      subjectId,
      chapterId,
      instructions,
    });
    onTopicsGenerated?.(chapterId, list[0]);
  };

  const generateChapters = async (subjectId: string) => {
    notify(null);
    try {
      await chapters(subjectId);
    } catch (failure) {
      notify(reportGenerationFailure(failure, GENERATION_TEXT.generateChaptersFailed));
    }
  };

  const generateTopics = async (subjectId: string, chapterId: string) => {
    if (isGeneratingTopics(chapterId)) return;
    notify(null);
    try {
      await topics(subjectId, chapterId);
    } catch (failure) {
      notify(reportGenerationFailure(failure, GENERATION_TEXT.generateTopicsFailed));
    }
  };

  return {
    generatingChapters,
    generatingTopics,
    requestChapters: ({ subjectId, subjectName, exists }) =>
      exists
        ? setConfirming({ level: 'chapters', courseId, subjectId, subjectName })
        : void generateChapters(subjectId),
    regenerateChapters: (subjectId, instructions) => chapters(subjectId, instructions),
    requestTopics: (subjectId, chapter) =>
      chapter.has_topics
        ? setConfirming({
            level: 'topics',
            chapter: { courseId, subjectId, chapterId: chapter.id },
            chapterName: chapter.name,
          })
        : void generateTopics(subjectId, chapter.id),
    regenerateTopics: (subjectId, chapterId, instructions) =>
      topics(subjectId, chapterId, instructions),
    openChapter: async (subjectId, chapter) => {
      if (chapter.has_topics) return;
      const user = await readCurrentUser().catch(() => null);
      if (user?.has_api_key) await generateTopics(subjectId, chapter.id);
    },
    confirming,
    confirm: async () => {
      if (!confirming || confirming.level === 'subjects') return;
      notify(null);
      if (confirming.level === 'chapters') await chapters(confirming.subjectId);
      else await topics(confirming.chapter.subjectId, confirming.chapter.chapterId);
    },
    cancel: () => setConfirming(null),
  };
}
