import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What a new instance loads before its first request: the built bundle must leave the heavy SDKs
 * (Firestore's gRPC clients, the Gemini SDK), sharp (native image code, used at publish) and
 * KaTeX (the first lesson with math) to the first request that uses them. Checked by
 * which packages are in Node's module cache after the import, not by timing it
 * (`npm run bench:cold-start` prints the time).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const LOADED_ON_FIRST_USE = [
  '@google-cloud/firestore',
  'firebase-admin/lib/firestore',
  '@google/genai',
  'sharp',
  'katex',
];

describe('cold import of the functions bundle', () => {
  beforeAll(async () => {
    await run('npm', ['run', 'build', '--silent', '-w', '@coursecraft/functions'], { cwd: ROOT });
  }, 120_000);

  it('loads neither the Firestore SDK, the Gemini SDK, sharp nor KaTeX until a request needs them', async () => {
    const script = `
      require(${JSON.stringify(path.join(ROOT, 'functions/dist/index.js'))});
      process.stdout.write(JSON.stringify(Object.keys(require.cache)));
    `;
    const { stdout } = await run(process.execPath, ['-e', script], {
      cwd: path.join(ROOT, 'functions'),
      env: {
        ...process.env,
        GCLOUD_PROJECT: 'demo-coursecraft',
        METADATA_SERVER_DETECTION: 'none',
      },
      maxBuffer: 16 * 1024 * 1024,
    });
    const loaded = (JSON.parse(stdout) as string[]).map((file) => file.split(path.sep).join('/'));
    expect(loaded.some((file) => file.includes('/node_modules/firebase-functions/'))).toBe(true);
    for (const name of LOADED_ON_FIRST_USE) {
      expect(loaded.filter((file) => file.includes(`/node_modules/${name}/`))).toEqual([]);
    }
  });
});
