import type { Subject } from '@coursecraft/contracts';
import { useState } from 'react';
import { useGenerateSubjectImage, useSubjectsDrawingCover } from '../api/generate-subject-image';
import {
  useCoursesDrawingSubjectCovers,
  useGenerateSubjectImages,
} from '../api/generate-subject-images';
import { useCoursesGeneratingSubjects, useGenerateSubjects } from '../api/generate-subjects';
import { generationErrorMessage, reportGenerationFailure } from '../lib/generation-errors';
import { GENERATION_TEXT, IMAGE_TEXT } from '../lib/messages';

/** The words for a failed regeneration of the course's subjects. */
export const subjectsFailureMessage = (failure: unknown) =>
  generationErrorMessage(failure, GENERATION_TEXT.updateSubjectsFailed);

/**
 * What the subjects screen has Gemini make: the subjects (generated, regenerated or regenerated
 * with instructions) and their cover images, one or all, with their busy states, the failure to
 * show and the warning when some covers failed.
 */
export function useSubjectsGeneration(courseId: string, hasSubjects: boolean) {
  const generateSubjects = useGenerateSubjects();
  const generating = useCoursesGeneratingSubjects().has(courseId);
  const subjectImage = useGenerateSubjectImage();
  const drawingCovers = useSubjectsDrawingCover();
  const allSubjectImages = useGenerateSubjectImages();
  const drawingAll = useCoursesDrawingSubjectCovers().has(courseId);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const generateImage = async (subject: Subject) => {
    setError(null);
    try {
      await subjectImage.mutateAsync({ courseId, subjectId: subject.id });
    } catch (failure) {
      setError(reportGenerationFailure(failure, IMAGE_TEXT.failed));
    }
  };

  const generateAllImages = async () => {
    setError(null);
    setWarning(null);
    try {
      const { results, failed = [] } = await allSubjectImages.mutateAsync(courseId);
      if (failed.length > 0) {
        setWarning(IMAGE_TEXT.partlyFailed(failed.length, results.length + failed.length));
      }
    } catch (failure) {
      setError(reportGenerationFailure(failure, IMAGE_TEXT.bulkFailed));
    }
  };

  const generate = async () => {
    setError(null);
    try {
      await generateSubjects.mutateAsync({ courseId });
    } catch (failure) {
      const fallback = hasSubjects
        ? GENERATION_TEXT.updateSubjectsFailed
        : GENERATION_TEXT.generateSubjectsFailed;
      setError(reportGenerationFailure(failure, fallback));
    }
  };

  return {
    generating,
    drawingAll,
    drawingCover: (subjectId: string) => drawingAll || drawingCovers.has(subjectId),
    error,
    warning,
    clearError: () => setError(null),
    clearWarning: () => setWarning(null),
    generate,
    /** The confirmed regeneration; its failure is thrown for the dialog to show. */
    regenerate: () => {
      setError(null);
      return generateSubjects.mutateAsync({ courseId });
    },
    regenerateWithInstructions: (instructions: string) =>
      generateSubjects.mutateAsync({ courseId, instructions }),
    generateImage,
    generateAllImages,
  };
}

export type SubjectsGeneration = ReturnType<typeof useSubjectsGeneration>;
