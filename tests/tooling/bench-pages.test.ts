import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { heaviestLesson, lessonWeight } from '../../scripts/lib/bench-pages.mjs';
import { noisyCoverPng } from '../../scripts/lib/png.mjs';

const LESSONS_DIR = path.resolve(import.meta.dirname, '../../emulator-data/demo-course/lessons');

describe('the benches’ pages', () => {
  it('measure the demo lesson with a diagram and the most math, found by its content', () => {
    const lessons = fs.readdirSync(LESSONS_DIR).map((file) => ({
      topicId: file,
      markdown: fs.readFileSync(path.join(LESSONS_DIR, file), 'utf8'),
    }));
    expect(heaviestLesson(lessons)?.topicId).toBe('07-conditional-probability.md');
  });

  it('prefer a lesson with a diagram to one with more math and none', () => {
    const lessons = [
      { topicId: 'math', markdown: '$a$ $b$ $c$ $$d$$' },
      { topicId: 'diagram', markdown: 'Text $x$.\n\n```mermaid\ngraph TD; A-->B\n```\n' },
    ];
    expect(lessonWeight(lessons[1]!.markdown)).toEqual({ diagrams: 1, dollars: 2 });
    expect(heaviestLesson(lessons)?.topicId).toBe('diagram');
  });

  it('give the course a cover as large as a generated one: a 1024 × 1024 PNG of 1–2 MB', () => {
    const png = noisyCoverPng();
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024]);
    expect(png.length).toBeGreaterThan(1024 * 1024);
    expect(png.length).toBeLessThan(2 * 1024 * 1024);
  });
});
