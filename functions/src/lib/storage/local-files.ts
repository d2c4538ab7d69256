import path from 'node:path';
import { assertSafeObjectPath } from './image-store';

/** Where an object path (checked as the API builds them) lives under a local store's `root`. */
export function localFileOf(root: string, objectPath: string): string {
  assertSafeObjectPath(objectPath);
  return path.join(root, ...objectPath.split('/'));
}
