import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { localDir } from './lib/paths.mjs';
import { viteBuild } from './lib/build.mjs';

/**
 * Builds the SPA and prints the gzip size of the JavaScript the landing page (/home) loads
 * before it is interactive: the entry chunk and everything it imports statically.
 */
const outDir = localDir('bench', 'size');
await viteBuild(outDir, {}, ['--manifest']);
const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

const initial = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || initial.has(chunk.file)) return;
  initial.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);

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

const heavy = { mermaid: /mermaid/i, katex: /katex/i, '@google/genai': /GoogleGenAI/ };
const initialCode = [...initial]
  .map((file) => fs.readFileSync(path.join(outDir, file), 'utf8'))
  .join('\n');
for (const [name, pattern] of Object.entries(heavy)) {
  console.log(`${name} in the landing bundle: ${pattern.test(initialCode) ? 'YES' : 'no'}`);
}
