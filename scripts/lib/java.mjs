import { spawnSync } from 'node:child_process';

/** The official Firestore and Storage emulators need Java 21 or newer. */
export function officialEmulatorsAvailable() {
  if (process.env.COURSECRAFT_OFFLINE_EMULATORS === '1') return false;
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return false;
  const match = /version "(\d+)/.exec(`${result.stderr}${result.stdout}`);
  return match ? Number(match[1]) >= 21 : false;
}
