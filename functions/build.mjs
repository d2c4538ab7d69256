import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { bundleLock } from './bundle-lock.mjs';

/**
 * Bundles the API into dist/index.js (CommonJS, node22) with the contracts and markdown
 * workspaces, Express and zod inlined, and writes the package.json Cloud Functions installs from:
 * only the packages that stay external (firebase-admin, firebase-functions; @google/genai, which
 * the AI routes import on first use so other requests never load it; sharp, a native module
 * loaded at the first publish; katex, which the lesson renderer imports on the first lesson with
 * math; unpdf, mammoth and turndown, which only the reading of a source imports, and which
 * would add 3.8 MB to what every API instance loads), with a package-lock.json pinning them and all they need to the versions of the
 * repository's lock. No source map is written: the deployed
 * bundle carries no sources. `--watch` rebuilds on change (for the emulator).
 */
const here = import.meta.dirname;
const outDir = path.join(here, 'dist');
const readPackage = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const pkg = readPackage(here);
const markdownPkg = readPackage(path.join(here, '..', 'markdown'));
/** Each external package and the workspace manifest that declares it (its version range). */
const declaredBy = {
  'firebase-admin': pkg,
  'firebase-functions': pkg,
  '@google/genai': pkg,
  sharp: pkg,
  katex: markdownPkg,
  unpdf: pkg,
  mammoth: pkg,
  turndown: pkg,
  'turndown-plugin-gfm': pkg,
};
const external = Object.keys(declaredBy);
const watch = process.argv.includes('--watch');

for (const [name, manifest] of Object.entries(declaredBy)) {
  if (!manifest.dependencies?.[name]) throw new Error(`${manifest.name} lacks ${name}`);
}

/** Prints each watch rebuild's outcome; esbuild itself prints the errors. */
const reportRebuilds = {
  name: 'report-rebuilds',
  setup(build) {
    build.onEnd((result) => {
      const at = new Date().toLocaleTimeString();
      console.log(
        result.errors.length > 0
          ? `[${at}] functions build failed with ${result.errors.length} error(s)`
          : `[${at}] functions/dist/index.js rebuilt`,
      );
    });
  },
};

const options = {
  entryPoints: [path.join(here, 'src/index.ts')],
  outfile: path.join(outDir, 'index.js'),
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  sourcemap: false,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
  // Modules that load packages on first use (lib/firestore/sdk.ts) require them relative to
  // `import.meta.url`, which a CommonJS bundle lacks; the directive stays the bundle's first line.
  define: { 'import.meta.url': 'bundleUrl' },
  banner: {
    js: '"use strict";\nconst bundleUrl = require("node:url").pathToFileURL(__filename).href;',
  },
  plugins: watch ? [reportRebuilds] : [],
};

const bundlePackage = {
  name: 'coursecraft-functions',
  version: pkg.version,
  private: true,
  main: 'index.js',
  engines: { node: '22' },
  dependencies: Object.fromEntries(
    external.map((name) => [name, declaredBy[name].dependencies[name]]),
  ),
};
const rootLock = JSON.parse(fs.readFileSync(path.join(here, '..', 'package-lock.json'), 'utf8'));
const writeJson = (file, value) =>
  fs.writeFileSync(path.join(outDir, file), `${JSON.stringify(value, null, 2)}\n`);

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
writeJson('package.json', bundlePackage);
writeJson('package-lock.json', bundleLock(rootLock, path.basename(here), bundlePackage));

// Non-secret deploy settings (e.g. APP_ORIGINS in functions/.env.<project>) travel with the bundle.
for (const file of fs.readdirSync(here)) {
  if (/^\.env(\..+)?$/.test(file) && !file.endsWith('.example')) {
    fs.copyFileSync(path.join(here, file), path.join(outDir, file));
  }
}

if (watch) {
  const context = await esbuild.context(options);
  await context.watch();
  console.log('Watching functions/src for changes...');
} else {
  await esbuild.build(options);
}
