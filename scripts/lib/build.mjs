import fs from 'node:fs';
import path from 'node:path';
import { ROOT, localDir } from './paths.mjs';
import { runOrThrow } from './run.mjs';

const WEB_INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/vite.learner.config.ts',
  'web/prerender-plugin.ts',
  'web/.env.emulator',
  'contracts/src',
  'markdown/src',
  'package-lock.json',
];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Builds the SPA in emulator mode into outDir (extra Vite flags after the variables). */
export async function viteBuild(outDir, variables = {}, extraArgs = []) {
  await runOrThrow(
    'npx',
    [
      'vite',
      'build',
      '--mode',
      'emulator',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
      ...extraArgs,
    ],
    { cwd: path.join(ROOT, 'web'), env: { ...process.env, ...variables }, quiet: true },
  );
}

/**
 * Builds the learner pages' script into outDir/learn-assets, beside the SPA built there first
 * (its build empties outDir; this one keeps the app's public learn-assets files).
 */
export async function viteBuildLearner(outDir, variables = {}) {
  await runOrThrow(
    'npx',
    [
      'vite',
      'build',
      '--config',
      'vite.learner.config.ts',
      '--mode',
      'emulator',
      '--outDir',
      path.join(outDir, 'learn-assets'),
      '--logLevel',
      'warn',
    ],
    { cwd: path.join(ROOT, 'web'), env: { ...process.env, ...variables }, quiet: true },
  );
}

/** Bundles the API for the Functions emulator (fast, so always). */
export async function buildFunctions() {
  await runOrThrow('npm', ['run', 'build', '--workspace', '@coursecraft/functions', '--silent'], {
    quiet: true,
  });
}

/**
 * Builds the SPA for a profile's emulators into .local/<profile>/public, skipping the build when
 * no input changed since the last one with the same settings.
 */
export async function buildWeb(profile, { authEmulatorUrl, fakeGemini }) {
  const outDir = localDir(profile, 'public');
  const stampFile = localDir(profile, 'web-build.json');
  const inputsAt = Math.max(...WEB_INPUTS.map((entry) => newestMtime(path.join(ROOT, entry))));
  const stamp = JSON.stringify({
    inputsAt,
    authEmulatorUrl,
    fakeGemini,
    manifest: true,
    learner: true,
  });
  if (
    fs.existsSync(path.join(outDir, 'index.html')) &&
    fs.existsSync(path.join(outDir, 'learn-assets', 'learner.js')) &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, 'utf8') === stamp
  ) {
    return { skipped: true };
  }
  // The manifest (not served: Hosting ignores dot folders) tells bench:size what each file holds.
  const variables = {
    VITE_AUTH_EMULATOR_URL: authEmulatorUrl,
    VITE_FAKE_GEMINI: fakeGemini ? 'true' : '',
  };
  await viteBuild(outDir, variables, ['--manifest']);
  await viteBuildLearner(outDir, variables);
  fs.writeFileSync(stampFile, stamp);
  return { skipped: false };
}
