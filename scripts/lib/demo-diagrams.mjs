import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';

/** Where the demo course's pre-drawn diagrams live: `{key}-light.svg` and `{key}-dark.svg`. */
export const DEMO_DIAGRAMS_DIR = path.join(ROOT, 'emulator-data/demo-course/diagrams');

/**
 * The mermaid fences of a demo lesson, trimmed, in order, no repeats, and their keys (hex
 * SHA-256 of the trimmed source, as `diagramKey` computes it). Plain fences only: the demo
 * lessons use nothing else, and tests/tooling/demo-diagrams.test.ts checks this against the
 * renderer's own `diagramSources`.
 */
export function demoLessonDiagrams(markdown) {
  const sources = [...markdown.matchAll(/^```mermaid[ \t]*\r?\n([\s\S]*?)^```[ \t]*$/gm)].map(
    (match) => match[1].trim(),
  );
  return [...new Set(sources)].map((source) => ({
    source,
    key: createHash('sha256').update(source).digest('hex'),
  }));
}

const fileOf = (key, scheme) => path.join(DEMO_DIAGRAMS_DIR, `${key}-${scheme}.svg`);

/** The committed drawing of a demo diagram, or null when it has none. */
export function readDemoDrawing(key) {
  const [light, dark] = ['light', 'dark'].map((scheme) => fileOf(key, scheme));
  if (!fs.existsSync(light) || !fs.existsSync(dark)) return null;
  return { key, light: fs.readFileSync(light, 'utf8'), dark: fs.readFileSync(dark, 'utf8') };
}

export function writeDemoDrawing({ key, light, dark }) {
  fs.mkdirSync(DEMO_DIAGRAMS_DIR, { recursive: true });
  fs.writeFileSync(fileOf(key, 'light'), light);
  fs.writeFileSync(fileOf(key, 'dark'), dark);
}
