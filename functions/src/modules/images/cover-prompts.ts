import type { Course, Subject } from '@coursecraft/contracts';
import { quoted } from '../../lib/gemini/prompt-text';

const COVER_STYLE =
  'A clean, modern flat illustration in soft colours, landscape 16:9, with no text, letters or logos.';

/** Whom the course is for, when the author said so: a cover for children differs from one for surgeons. */
const audienceLine = ({ settings }: Course) =>
  settings.audience ? `Its learners: ${quoted(settings.audience)}.` : '';

export function courseImagePrompt(course: Course): string {
  return [
    `Draw the cover image of the online course ${quoted(course.name)}.`,
    course.description ? `The course: ${course.description}` : '',
    audienceLine(course),
    COVER_STYLE,
  ]
    .filter(Boolean)
    .join('\n');
}

export function subjectImagePrompt(course: Course, subject: Subject): string {
  return [
    `Draw the cover image of the subject ${quoted(subject.name)} in the course ${quoted(course.name)}.`,
    subject.description ? `The subject: ${subject.description}` : '',
    audienceLine(course),
    COVER_STYLE,
  ]
    .filter(Boolean)
    .join('\n');
}
