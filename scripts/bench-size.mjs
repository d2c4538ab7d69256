import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { localDir } from './lib/paths.mjs';
import { viteBuild } from './lib/build.mjs';

/**
 * Builds the SPA and prints the gzip size of the JavaScript the landing page (/home) loads
 * before it is interactive (the scripts its prerendered HTML lists and everything they import
 * statically), then what the
 * course outline page adds: its own chunks, the lesson view (KaTeX) once a lesson shows, and
 * Mermaid once a diagram shows; the learner course and topic pages; and the analytics page with
 * its charts. Exits
 * non-zero when mermaid, KaTeX, MUI X Charts, dnd-kit or the Gemini SDK is in the landing bundle.
 */
const outDir = localDir('bench', 'size');
await viteBuild(outDir, {}, ['--manifest']);
const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));

/** The files a chunk loads with its static imports, minus those already loaded. */
function closure(key, loaded = new Set()) {
  const files = new Set();
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file) || loaded.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}
/**
 * /home is served prerendered (home.html): what it loads before the app has taken over is the
 * module scripts and module preloads that page lists, with their static imports.
 */
const landingHtml = fs.readFileSync(path.join(outDir, 'home.html'), 'utf8');
const landingScripts = [
  ...landingHtml.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g),
  ...landingHtml.matchAll(/<link[^>]*rel="modulepreload"[^>]*\shref="\/([^"]+)"/g),
].map((match) => match[1]);
const initial = new Set();
for (const file of landingScripts) {
  const key = Object.keys(manifest).find((k) => manifest[k].file === file);
  if (!key) throw new Error(`home.html loads ${file}, which the build manifest does not list.`);
  for (const loaded of closure(key, initial)) initial.add(loaded);
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(outDir, file))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let total = 0;
console.log('JavaScript loaded by the landing page (gzip):');
for (const file of initial) {
  const size = gzipSize(file);
  total += size;
  console.log(`  ${file.padEnd(48)} ${kb(size)}`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(total)}`);

const lazy = Object.values(manifest).filter(
  (chunk) => chunk.file.endsWith('.js') && !initial.has(chunk.file),
);
const lazyTotal = lazy.reduce((sum, chunk) => sum + gzipSize(chunk.file), 0);
console.log(`Lazy chunks: ${lazy.length}, ${kb(lazyTotal)} gzip in all.`);

/** The manifest key of the chunk built from the source file ending in `suffix`. */
const keyOf = (suffix) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`No chunk for ${suffix}`);
  return key;
};
const sizeOf = (files) => [...files].reduce((sum, file) => sum + gzipSize(file), 0);
const outline = closure(
  keyOf('features/course-tree/outline/components/CourseOutlinePage.tsx'),
  initial,
);
const loadedWithOutline = new Set([...initial, ...outline]);
const lessonView = closure(keyOf('components/markdown/MarkdownView.tsx'), loadedWithOutline);
const mermaid = closure(
  keyOf('mermaid/dist/mermaid.core.mjs'),
  new Set([...loadedWithOutline, ...lessonView]),
);
console.log('Course outline page, after the landing bundle (gzip):');
console.log(`  ${'outline page chunks'.padEnd(48)} ${kb(sizeOf(outline))} (${outline.size} files)`);
console.log(`  ${'+ lesson view with KaTeX'.padEnd(48)} ${kb(sizeOf(lessonView))}`);
console.log(`  ${'+ Mermaid core, on the first diagram'.padEnd(48)} ${kb(sizeOf(mermaid))}`);
console.log(
  `  ${'total with a lesson and a diagram'.padEnd(48)} ${kb(total + sizeOf(outline) + sizeOf(lessonView) + sizeOf(mermaid))}`,
);

const learnCourse = closure(keyOf('features/learn/components/LearnCoursePage.tsx'), initial);
const learnTopic = closure(
  keyOf('features/learn/components/LearnTopicPage.tsx'),
  new Set([...initial, ...learnCourse]),
);
const learnLesson = closure(
  keyOf('components/markdown/MarkdownView.tsx'),
  new Set([...initial, ...learnCourse, ...learnTopic]),
);
console.log('Learner pages, after the landing bundle (gzip):');
console.log(
  `  ${'course page (/learn/<slug>)'.padEnd(48)} ${kb(sizeOf(learnCourse))} (${learnCourse.size} files)`,
);
console.log(
  `  ${'+ topic page, opened from it'.padEnd(48)} ${kb(sizeOf(learnTopic))} (${learnTopic.size} files)`,
);
console.log(`  ${'+ lesson view with KaTeX'.padEnd(48)} ${kb(sizeOf(learnLesson))}`);
console.log(
  `  ${'course page total, landing bundle included'.padEnd(48)} ${kb(total + sizeOf(learnCourse))}`,
);

const analytics = closure(keyOf('features/publishing/components/AnalyticsPage.tsx'), initial);
console.log('Analytics page, after the landing bundle (gzip):');
console.log(
  `  ${'route chunk with its charts (MUI X Charts)'.padEnd(48)} ${kb(sizeOf(analytics))} (${analytics.size} files)`,
);

/**
 * Libraries only some pages need; each must stay out of the landing bundle. A library counts as
 * in it when a landing chunk is built from its package or its code shows the library's marker.
 */
const heavy = {
  mermaid: { pattern: /mermaid/i, folder: 'node_modules/mermaid/' },
  katex: { pattern: /katex/i, folder: 'node_modules/katex/' },
  '@google/genai': { pattern: /GoogleGenAI/, folder: 'node_modules/@google/genai/' },
  '@mui/x-charts': { pattern: /MuiChartsSurface/, folder: 'node_modules/@mui/x-charts' },
  '@dnd-kit': { pattern: /DndDescribedBy|DndLiveRegion/, folder: 'node_modules/@dnd-kit/' },
};
const initialKeys = Object.keys(manifest).filter((key) => initial.has(manifest[key].file));
const initialCode = [...initial]
  .map((file) => fs.readFileSync(path.join(outDir, file), 'utf8'))
  .join('\n');
const leaked = [];
for (const [name, { pattern, folder }] of Object.entries(heavy)) {
  const present = pattern.test(initialCode) || initialKeys.some((key) => key.includes(folder));
  console.log(`${name} in the landing bundle: ${present ? 'YES' : 'no'}`);
  if (present) leaked.push(name);
}
if (leaked.length > 0) {
  console.error(
    `\nbench:size failed: ${leaked.join(', ')} ${leaked.length > 1 ? 'are' : 'is'} in the JavaScript ` +
      'the landing page loads. Import ' +
      (leaked.length > 1 ? 'them' : 'it') +
      ' lazily (a dynamic import() from the page that needs it) so /home stays small.',
  );
  process.exitCode = 1;
}

// The charts belong to the analytics page alone: the subjects screen, which links to it, must
// not load them either.
const subjectsScreen = new Set([
  ...closure(keyOf('features/course-tree/subjects/components/SubjectsPage.tsx')),
  ...closure(keyOf('features/publishing/components/PublishPanel.tsx')),
]);
const chartsOnSubjects = [...subjectsScreen].some((file) =>
  heavy['@mui/x-charts'].pattern.test(fs.readFileSync(path.join(outDir, file), 'utf8')),
);
console.log(`@mui/x-charts on the subjects screen: ${chartsOnSubjects ? 'YES' : 'no'}`);
if (chartsOnSubjects) {
  console.error('\nbench:size failed: the charts load with the subjects screen.');
  process.exitCode = 1;
}
