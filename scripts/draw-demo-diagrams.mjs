import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_DIAGRAMS_DIR, demoLessonDiagrams, writeDemoDrawing } from './lib/demo-diagrams.mjs';
import { ROOT } from './lib/paths.mjs';

/**
 * Draws the demo course's diagrams (emulator-data/demo-course/diagrams/*.svg) in a real Chromium
 * with the mermaid the app ships, as the Publish dialog does: light ('default' theme) and dark,
 * `htmlLabels: false` so labels are SVG text, strict security. The seed uploads them before it
 * publishes the demo course. Run once after changing a demo lesson's diagram:
 * `node scripts/draw-demo-diagrams.mjs` (CHROMIUM_PATH overrides the browser).
 */
const LESSONS_DIR = path.join(ROOT, 'emulator-data/demo-course/lessons');
const MERMAID = path.join(ROOT, 'node_modules/mermaid/dist/mermaid.min.js');
const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) => fs.existsSync(file));

const diagrams = fs
  .readdirSync(LESSONS_DIR)
  .filter((file) => file.endsWith('.md'))
  .sort()
  .flatMap((file) => demoLessonDiagrams(fs.readFileSync(path.join(LESSONS_DIR, file), 'utf8')));

const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ path: MERMAID });
  fs.rmSync(DEMO_DIAGRAMS_DIR, { recursive: true, force: true });
  for (const { key, source } of diagrams) {
    const drawing = { key };
    for (const [scheme, theme] of [
      ['light', 'default'],
      ['dark', 'dark'],
    ]) {
      drawing[scheme] = await page.evaluate(
        async ({ id, code, theme }) => {
          const { mermaid } = globalThis;
          mermaid.initialize({
            startOnLoad: false,
            securityLevel: 'strict',
            theme,
            htmlLabels: false,
            flowchart: { htmlLabels: false },
          });
          return (await mermaid.render(id, code)).svg;
        },
        { id: `diagram-${key.slice(0, 16)}-${scheme}`, code: source, theme },
      );
    }
    writeDemoDrawing(drawing);
    console.log(`${key}: ${drawing.light.length} + ${drawing.dark.length} characters`);
  }
} finally {
  await browser.close();
}
