import {
  courseSettingsOf,
  type Chapter,
  type Course,
  type LessonVersionSource,
  type Subject,
  type Topic,
} from '@coursecraft/contracts';
import type { Timestamp } from '../../lib/firestore/sdk';

/** A stored document's fields, as the SDK hands them over. */
export type Fields = Record<string, unknown>;

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function toCourse(id: string, data: Fields): Course {
  return {
    id,
    name: text(data.name),
    description: text(data.description),
    image_url: textOrNull(data.image_url),
    has_subjects: data.has_subjects === true,
    published: data.published === true,
    settings: courseSettingsOf(data.settings),
  };
}

export function toSubject(id: string, data: Fields): Subject {
  return {
    id,
    name: text(data.name),
    description: textOrNull(data.description),
    image_url: textOrNull(data.image_url),
    has_chapters: data.has_chapters === true,
  };
}

export function toChapter(id: string, data: Fields): Chapter {
  return { id, name: text(data.name), has_topics: data.has_topics === true };
}

export function toTopic(id: string, data: Fields): Topic {
  return { id, name: text(data.name), has_content: data.has_content === true };
}

/** One version of a lesson as `history/{n}` stores it. */
export function versionData(markdown: string, source: LessonVersionSource, createdAt: Timestamp) {
  return { markdown, source, characters: markdown.length, created_at: createdAt };
}
