import fs from 'node:fs';
import path from 'node:path';
import { diagramKey, diagramSources } from '@coursecraft/markdown';
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../functions/src/modules/diagrams/svg-allowlist';
import { demoLessonDiagrams, readDemoDrawing } from '../../scripts/lib/demo-diagrams.mjs';

const LESSONS = path.resolve(import.meta.dirname, '../../emulator-data/demo-course/lessons');
const lessons = fs
  .readdirSync(LESSONS)
  .filter((file) => file.endsWith('.md'))
  .map((file) => ({ file, markdown: fs.readFileSync(path.join(LESSONS, file), 'utf8') }));

describe('the demo course’s pre-drawn diagrams', () => {
  it('has diagrams to draw', () => {
    expect(lessons.flatMap(({ markdown }) => diagramSources(markdown)).length).toBeGreaterThan(0);
  });

  it.each(lessons)(
    '$file: the seed finds the renderer’s diagrams, each drawn',
    async ({ markdown }) => {
      const renderer = await Promise.all(
        diagramSources(markdown).map(async (source) => ({ source, key: await diagramKey(source) })),
      );
      expect(demoLessonDiagrams(markdown)).toEqual(renderer);
      for (const { key } of renderer) {
        const drawing = readDemoDrawing(key);
        expect(drawing, `no drawing of ${key}`).not.toBeNull();
        for (const svg of [drawing?.light ?? '', drawing?.dark ?? '']) {
          expect(svg).toMatch(/^<svg /);
          expect(svg).not.toContain('foreignObject');
          // Mermaid's own drawing passes the upload's allowlist unchanged.
          expect(sanitizeSvg(svg)).toBe(svg);
        }
      }
    },
  );
});
