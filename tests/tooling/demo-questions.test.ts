import {
  QUESTION_TYPES,
  QUESTIONS_PER_TOPIC_MAX,
  questionInputSchema,
} from '@coursecraft/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface DemoOutline {
  subjects: { chapters: { topics: { lesson: string }[] }[] }[];
}

/** The files the seed reads (scripts/lib/seed.mjs). */
const DEMO_COURSE = path.resolve(import.meta.dirname, '../../emulator-data/demo-course');
const readJson = (file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(DEMO_COURSE, file), 'utf8'));
const outline = readJson('outline.json') as DemoOutline;
const byLesson = readJson('questions.json') as Record<string, unknown[]>;
const lessons = outline.subjects
  .flatMap((s) => s.chapters.flatMap((c) => c.topics))
  .map((t) => t.lesson);

describe('the demo course’s questions', () => {
  it('belong to lessons of the demo course, within the limit per topic', () => {
    expect(Object.keys(byLesson).filter((lesson) => !lessons.includes(lesson))).toEqual([]);
    for (const questions of Object.values(byLesson)) {
      expect(questions.length).toBeLessThanOrEqual(QUESTIONS_PER_TOPIC_MAX);
    }
    expect(byLesson[lessons[0] ?? '']?.length).toBeGreaterThan(0);
  });

  it('are each a sound question the API accepts', () => {
    for (const [lesson, questions] of Object.entries(byLesson)) {
      for (const [index, question] of questions.entries()) {
        const parsed = questionInputSchema.safeParse(question);
        expect(parsed.error?.issues ?? [], `${lesson} #${index + 1}`).toEqual([]);
      }
    }
  });

  it('hold every type, and a quiz-only question', () => {
    const all = Object.values(byLesson)
      .flat()
      .map((question) => questionInputSchema.parse(question));
    expect(new Set(all.map((question) => question.type))).toEqual(new Set(QUESTION_TYPES));
    expect(all.some((question) => question.quiz_only)).toBe(true);
    expect(all.some((question) => !question.quiz_only)).toBe(true);
  });
});
