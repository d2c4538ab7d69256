import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleLock, type PackageLock } from '../../functions/bundle-lock.mjs';

/**
 * What deploys: the API bundle (functions/dist, built here with its real build script) and the
 * web app (a production `vite build` into a temporary folder). Neither publishes source maps, and
 * the API bundle carries a lock file pinning what Cloud Functions installs.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const FUNCTIONS_DIST = path.join(ROOT, 'functions/dist');
const run = promisify(execFile);

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Files that are source maps or point at one. */
function sourceMapTraces(dir: string): string[] {
  return filesUnder(dir)
    .filter(
      (file) =>
        file.endsWith('.map') ||
        (/\.(c|m)?js$|\.css$/.test(file) &&
          fs.readFileSync(file, 'utf8').includes('sourceMappingURL=')),
    )
    .map((file) => path.relative(dir, file));
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as PackageLock;

describe('the deployed bundles', () => {
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'coursecraft-web-dist-'));
    await Promise.all([
      run('node', ['functions/build.mjs'], { cwd: ROOT }),
      run('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'error'], {
        cwd: path.join(ROOT, 'web'),
        // Vitest sets NODE_ENV=test, which would build the development variants of libraries;
        // a deploy has the project's web configuration (prerendering the public pages reads it).
        env: {
          ...process.env,
          NODE_ENV: 'production',
          VITE_FIREBASE_API_KEY: 'deploy-test-key',
          VITE_FIREBASE_AUTH_DOMAIN: 'coursecraft-deploy-test.firebaseapp.com',
          VITE_FIREBASE_PROJECT_ID: 'coursecraft-deploy-test',
        },
      }),
    ]);
    return () => fs.rmSync(webDist, { recursive: true, force: true });
  }, 180_000);

  it('publish no source maps', () => {
    expect(filesUnder(webDist).some((file) => file.endsWith('index.html'))).toBe(true);
    expect(sourceMapTraces(webDist)).toEqual([]);
    expect(fs.existsSync(path.join(FUNCTIONS_DIST, 'index.js'))).toBe(true);
    expect(sourceMapTraces(FUNCTIONS_DIST)).toEqual([]);
  });

  it('the API bundle ships a lock pinning its dependencies at the repository’s versions', async () => {
    const manifest = readJson(path.join(FUNCTIONS_DIST, 'package.json')) as unknown as {
      dependencies: Record<string, string>;
    };
    const lock = readJson(path.join(FUNCTIONS_DIST, 'package-lock.json'));
    const rootLock = readJson(path.join(ROOT, 'package-lock.json'));
    expect(lock.packages['']?.dependencies).toEqual(manifest.dependencies);
    // Left out of the bundle, so Cloud Functions must install them: sharp (native code for the
    // platform it runs on) and KaTeX (imported on the first lesson with math).
    expect(Object.keys(manifest.dependencies)).toEqual(expect.arrayContaining(['sharp', 'katex']));
    for (const name of Object.keys(manifest.dependencies)) {
      const locked = lock.packages[`node_modules/${name}`];
      expect(locked?.version, name).toBe(rootLock.packages[`node_modules/${name}`]?.version);
      expect(locked?.integrity, name).toBeTruthy();
    }
    // npm itself finds the locked tree complete and within every declared range.
    const listed = await run('npm', ['ls', '--package-lock-only', '--all', '--json'], {
      cwd: FUNCTIONS_DIST,
    });
    const tree = JSON.parse(listed.stdout) as { problems?: string[] };
    expect(tree.problems ?? []).toEqual([]);
  });
});

describe('bundleLock', () => {
  const pkg = { name: 'bundle', version: '1.0.0', dependencies: { a: '^1.0.0' } };
  const entry = (version: string, extra: object = {}) => ({
    version,
    integrity: `sha512-${version}`,
    ...extra,
  });

  it('keeps what the dependencies resolve to, nested versions where they were, and nothing else', () => {
    const lock = bundleLock(
      {
        lockfileVersion: 3,
        packages: {
          '': { name: 'root' },
          'node_modules/a': entry('1.2.0', {
            dependencies: { b: '^2' },
            optionalDependencies: { gone: '*' },
          }),
          'node_modules/a/node_modules/b': entry('2.0.0'),
          'node_modules/b': entry('1.0.0', { dev: true }),
          'node_modules/unrelated': entry('9.9.9'),
        },
      },
      'workspace',
      pkg,
    );
    expect(lock.packages).toEqual({
      '': { name: 'bundle', version: '1.0.0', dependencies: { a: '^1.0.0' } },
      'node_modules/a': entry('1.2.0', {
        dependencies: { b: '^2' },
        optionalDependencies: { gone: '*' },
      }),
      'node_modules/a/node_modules/b': entry('2.0.0'),
    });
  });

  it('prefers the workspace’s own copy and refuses a missing dependency', () => {
    const packages = {
      'node_modules/a': entry('0.1.0'),
      'workspace/node_modules/a': entry('1.0.0'),
    };
    expect(
      bundleLock({ lockfileVersion: 3, packages }, 'workspace', pkg).packages['node_modules/a'],
    ).toEqual(entry('1.0.0'));
    expect(() =>
      bundleLock(
        {
          lockfileVersion: 3,
          packages: { 'node_modules/a': entry('1.0.0', { dependencies: { c: '*' } }) },
        },
        'workspace',
        pkg,
      ),
    ).toThrow('package-lock.json has no c for node_modules/a');
  });
});
