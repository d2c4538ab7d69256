import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/** Where the learner pages' assets are built (served at /learn-assets/). */
export const LEARN_ASSETS_DIR = 'dist/learn-assets';

/** KaTeX's stylesheet and fonts, copied under their own names for pages showing math. */
function copyKatexAssets(): Plugin {
  let outDir = '';
  return {
    name: 'coursecraft:katex-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const katexDist = path.dirname(createRequire(import.meta.url).resolve('katex'));
      const target = path.join(outDir, 'katex');
      fs.rmSync(target, { recursive: true, force: true });
      fs.mkdirSync(path.join(target, 'fonts'), { recursive: true });
      fs.copyFileSync(path.join(katexDist, 'katex.min.css'), path.join(target, 'katex.min.css'));
      for (const font of fs.readdirSync(path.join(katexDist, 'fonts'))) {
        fs.copyFileSync(path.join(katexDist, 'fonts', font), path.join(target, 'fonts', font));
      }
    },
  };
}

/**
 * The learner pages' script: `learner.js` and the chunks it loads on demand, under stable names
 * (no hashes), so a page cached before a deploy still finds them; Hosting caches them briefly.
 * Built after the app (whose build empties dist/), into dist/learn-assets without emptying it:
 * the app's public/learn-assets files are there already.
 */
export default defineConfig({
  base: '/learn-assets/',
  publicDir: false,
  build: {
    outDir: LEARN_ASSETS_DIR,
    emptyOutDir: false,
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { learner: path.resolve(import.meta.dirname, 'src/learner.ts') },
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name].js',
        assetFileNames: 'assets/[name][extname]',
      },
    },
  },
  plugins: [copyKatexAssets()],
});
