import { describe, expect, it } from 'vitest';
import { assertSafeObjectPath } from './image-store';
import {
  courseImagesFolder,
  coverFile,
  coverFolder,
  publishedCourseCover,
  publishedImagesFolder,
  publishedSubjectCover,
  publishedVersionFolder,
  subjectImagesFolder,
} from './object-paths';

describe('object paths', () => {
  it('keeps a course’s covers and its subjects’ covers under the course’s folder', () => {
    const course = courseImagesFolder('u1', 'c1');
    const subject = subjectImagesFolder('u1', 'c1', 's1');
    expect(course).toBe('users/u1/courses/c1');
    expect(subject).toBe('users/u1/courses/c1/subjects/s1');
    expect(coverFile(course, 1700, 'png')).toBe('users/u1/courses/c1/cover/1700.png');
    expect(coverFile(subject, 1700, 'webp').startsWith(`${course}/`)).toBe(true);
    expect(coverFile(subject, 1700, 'webp').startsWith(`${coverFolder(subject)}/`)).toBe(true);
  });

  it('keeps every snapshot’s copies under the course’s published folder', () => {
    const all = publishedImagesFolder('c1');
    expect(publishedVersionFolder('c1', 3)).toBe('published/c1/v3');
    expect(publishedCourseCover('c1', 3)).toBe('published/c1/v3/cover');
    expect(publishedSubjectCover('c1', 3, 's1')).toBe('published/c1/v3/subjects/s1');
    expect(publishedSubjectCover('c1', 3, 's1').startsWith(`${all}/`)).toBe(true);
  });

  it('builds only paths the stores accept', () => {
    for (const path of [
      coverFile(subjectImagesFolder('u1', 'c1', 's1'), 1, 'png'),
      publishedSubjectCover('c1', 12, 's1'),
      publishedCourseCover('c1', 1),
    ]) {
      expect(() => assertSafeObjectPath(path)).not.toThrow();
    }
  });
});
