import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const PROJECT_ID = 'demo-coursecraft';

/** Where a profile keeps what it generates: the SPA build, logs, local images, exports. */
export function localDir(profile, ...parts) {
  return path.join(ROOT, '.local', profile, ...parts);
}
