import { DEFAULT_CHAPTER_QUIZ_SETTINGS, chapterQuizSettingsSchema } from '@coursecraft/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface DemoOutline {
  subjects: { chapters: { name: string; topics: { lesson: string }[] }[] }[];
}

/** The files the seed reads (scripts/lib/seed.mjs). */
const DEMO_COURSE = path.resolve(import.meta.dirname, '../../emulator-data/demo-course');
const readJson = (file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(DEMO_COURSE, file), 'utf8'));
const outline = readJson('outline.json') as DemoOutline;
const questions = readJson('questions.json') as Record<string, unknown[]>;
const quizzes = readJson('quizzes.json') as Record<string, unknown>;
const chapters = outline.subjects.flatMap((subject) => subject.chapters);

describe('the demo course’s chapter quiz settings', () => {
  it('are given for exactly the chapters with questions, each as the API takes them', () => {
    const withQuestions = chapters
      .filter((chapter) => chapter.topics.some((topic) => (questions[topic.lesson] ?? []).length))
      .map((chapter) => chapter.name);
    expect(withQuestions.length).toBeGreaterThan(1);
    expect(Object.keys(quizzes).sort()).toEqual([...withQuestions].sort());
    for (const [name, settings] of Object.entries(quizzes)) {
      const parsed = chapterQuizSettingsSchema.safeParse(settings);
      expect(parsed.error?.issues ?? [], name).toEqual([]);
    }
  });

  it('limit one chapter to 3 attempts and leave the others at the defaults', () => {
    const all = Object.values(quizzes).map((settings) => chapterQuizSettingsSchema.parse(settings));
    const limited = all.filter((settings) => settings.attempts !== null);
    expect(limited).toEqual([{ ...DEFAULT_CHAPTER_QUIZ_SETTINGS, attempts: 3 }]);
    expect(all.filter((settings) => settings.attempts === null)).toEqual(
      Array.from({ length: all.length - 1 }, () => DEFAULT_CHAPTER_QUIZ_SETTINGS),
    );
  });
});
