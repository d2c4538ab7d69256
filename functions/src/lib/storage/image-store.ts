/** Where generated images live: Cloud Storage in production, local disk in offline runs. */
export interface ImageStore {
  /** Stores the bytes under `path` (replacing what was there) and returns a URL to show them. */
  save(path: string, bytes: Uint8Array, contentType: string): Promise<{ url: string }>;
  /** Deletes everything under `prefix`; returns how many files went. */
  deletePrefix(prefix: string): Promise<number>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Object paths are built by the API from ids; anything else (.., empty segments) is refused. */
export function assertSafeObjectPath(path: string): void {
  const segments = path.split('/');
  if (segments.length === 0 || !segments.every((s) => SEGMENT.test(s) && s !== '..')) {
    throw new Error(`Unsafe storage path: ${path}`);
  }
}
