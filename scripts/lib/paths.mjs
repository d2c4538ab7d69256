import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const PROJECT_ID = 'demo-coursecraft';

/** A profile's name on disk; runs with a port offset keep their files apart. */
export function profileKey(profile) {
  const offset = process.env.COURSECRAFT_PORT_OFFSET;
  return offset && offset !== '0' ? `${profile}-${offset}` : profile;
}

/** Where a profile keeps what it generates: the SPA build, logs, local images, exports. */
export function localDir(profile, ...parts) {
  return path.join(ROOT, '.local', profileKey(profile), ...parts);
}
